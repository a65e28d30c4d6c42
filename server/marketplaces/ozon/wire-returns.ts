/** OZON Seller API wire types: returns (POST /v1/returns/list). See ./wire.ts for the conventions. */

/** v1TimeRange_return_date / _visual_status / _storage_tariffication: {time_from, time_to}, RFC 3339. */
export interface ReturnsTimeRange {
  time_from?: string;
  time_to?: string;
}

/**
 * GetReturnsListRequestFilter. Only ONE of the three date ranges per request: the service refuses
 * two or more (the schema's description).
 */
export interface ReturnsListRequestFilter {
  logistic_return_date?: ReturnsTimeRange;
  storage_tariffication_start_date?: ReturnsTimeRange;
  visual_status_change_moment?: ReturnsTimeRange;
  order_id?: number;
  /** At most 50. */
  posting_numbers?: string[];
  product_name?: string;
  offer_id?: string;
  visual_status_name?: string;
  warehouse_id?: number;
  barcode?: string;
  return_schema?: 'FBS' | 'FBO';
}

/** v1GetReturnsListRequest — POST /v1/returns/list; `limit` is required, at most 500. */
export interface ReturnsListRequest {
  filter?: ReturnsListRequestFilter;
  limit: number;
  /** The id of the last return already received; 0 on the first call. */
  last_id?: number;
}

/** seller_returnsv1Money_* (product, storage, commission…): price is a number here, not a string. */
export interface ReturnsMoney {
  currency_code?: string;
  price?: number;
}

/** GetReturnsListResponseProduct */
export interface ReturnsListProduct {
  sku?: number;
  offer_id?: string;
  name?: string;
  price?: ReturnsMoney;
  price_without_commission?: ReturnsMoney;
  commission_percent?: number;
  commission?: ReturnsMoney;
  quantity?: number;
}

/** GetReturnsListResponseLogistic */
export interface ReturnsListLogistic {
  technical_return_moment?: string;
  final_moment?: string;
  cancelled_with_compensation_moment?: string;
  /** When the buyer returned the goods. */
  return_date?: string;
  barcode?: string;
}

/** GetReturnsListResponseVisual */
export interface ReturnsListVisual {
  status?: { id?: number; display_name?: string; sys_name?: string };
  change_moment?: string;
}

/** GetReturnsListResponsePlace_now / _target */
export interface ReturnsListPlace {
  id?: number;
  name?: string;
  address?: string;
}

/** GetReturnsListResponseStorage */
export interface ReturnsListStorage {
  sum?: ReturnsMoney;
  tariffication_first_date?: string;
  tariffication_start_date?: string;
  arrived_moment?: string;
  days?: number;
  utilization_sum?: ReturnsMoney;
  utilization_forecast_date?: string;
}

/** GetReturnsListResponseReturnsItem */
export interface ReturnsListItem {
  exemplars?: { id?: number }[];
  id?: number;
  company_id?: number;
  return_reason_name?: string;
  /** Cancellation, FullReturn, PartialReturn, ClientReturn… */
  type?: string;
  schema?: string;
  order_id?: number;
  order_number?: string;
  place?: ReturnsListPlace;
  target_place?: ReturnsListPlace;
  storage?: ReturnsListStorage;
  product?: ReturnsListProduct;
  logistic?: ReturnsListLogistic;
  visual?: ReturnsListVisual;
  additional_info?: { is_opened?: boolean; is_super_econom?: boolean };
  source_id?: number;
  posting_number?: string;
  clearing_id?: number;
  return_clearing_id?: number;
}

/** v1GetReturnsListResponse */
export interface ReturnsListResponse {
  returns?: ReturnsListItem[];
  has_next?: boolean;
}
