/**
 * OZON Seller API wire types, field for field from the official document
 * (../shared/reference/marketplace-specs/ozon/seller-api.swagger.json — despite the name it is OpenAPI
 * 3.0.0 with #/components/schemas). Names in comments are the spec's schema names; the spec marks no
 * response field required, so every field is optional and adapters must cope with absences.
 */

/** productv3GetProductListRequestFilterFilterVisibility (subset the app may send). */
export type ProductVisibility = 'ALL' | 'VISIBLE' | 'INVISIBLE' | 'ARCHIVED';

/** productv3GetProductListRequestFilter */
export interface ProductListRequestFilter {
  offer_id?: string[];
  /** int64 as strings. */
  product_id?: string[];
  visibility?: ProductVisibility;
}

/** productv3GetProductListRequest — POST /v3/product/list */
export interface ProductListRequest {
  filter?: ProductListRequestFilter;
  /** Opaque cursor: "" on the first call, then result.last_id. */
  last_id?: string;
  /** 1–1000 (description of the field). */
  limit?: number;
}

/** productv3GetProductListResponseItemQuant */
export interface ProductListResponseItemQuant {
  quant_code?: string;
  quant_size?: number;
}

/** productv3GetProductListResponseItem */
export interface ProductListResponseItem {
  archived?: boolean;
  has_fbo_stocks?: boolean;
  has_fbs_stocks?: boolean;
  is_discounted?: boolean;
  offer_id?: string;
  product_id?: number;
  quants?: ProductListResponseItemQuant;
}

/** productv3GetProductListResponseResult */
export interface ProductListResponseResult {
  items?: ProductListResponseItem[];
  last_id?: string;
  total?: number;
}

/** productv3GetProductListResponse */
export interface ProductListResponse {
  result?: ProductListResponseResult;
}

/** v3GetProductInfoListRequest — POST /v3/product/info/list; at most 1000 ids in total. */
export interface ProductInfoListRequest {
  offer_id?: string[];
  product_id?: string[];
  sku?: string[];
}

/** GetProductInfoListResponseStocks (stocks[] items left loose: the catalog import does not read them). */
export interface ProductInfoListResponseStocks {
  has_stock?: boolean;
  stocks?: Record<string, unknown>[];
}

/** GetProductInfoListResponseStatuses */
export interface ProductInfoListResponseStatuses {
  is_created?: boolean;
  moderate_status?: string;
  status?: string;
  status_description?: string;
  status_failed?: string;
  status_name?: string;
  status_tooltip?: string;
  status_updated_at?: string;
  validation_status?: string;
}

/** GetProductInfoListResponseSource */
export interface ProductInfoListResponseSource {
  created_at?: string;
  quant_code?: string;
  shipment_type?: string;
  sku?: number;
  source?: string;
}

/**
 * v3GetProductInfoListResponseItem. Nested objects the import does not read (commissions, errors,
 * model_info, price_indexes, promotions, visibility_details) are kept as loose records.
 */
export interface ProductInfoListResponseItem {
  barcodes?: string[];
  color_image?: string[];
  commissions?: Record<string, unknown>[];
  created_at?: string;
  currency_code?: string;
  description_category_id?: number;
  discounted_fbo_stocks?: number;
  errors?: Record<string, unknown>[];
  has_discounted_fbo_item?: boolean;
  /** The product_id. */
  id?: number;
  images?: string[];
  images360?: string[];
  is_archived?: boolean;
  is_autoarchived?: boolean;
  is_discounted?: boolean;
  is_kgt?: boolean;
  /** @deprecated in the spec */
  is_prepayment_allowed?: boolean;
  is_super?: boolean;
  marketing_price?: string;
  min_price?: string;
  model_info?: Record<string, unknown>;
  name?: string;
  offer_id?: string;
  old_price?: string;
  price?: string;
  price_indexes?: Record<string, unknown>;
  /** The main image; when empty, images[0] is the main one. */
  primary_image?: string[];
  promotions?: Record<string, unknown>[];
  sku?: number;
  sources?: ProductInfoListResponseSource[];
  statuses?: ProductInfoListResponseStatuses;
  stocks?: ProductInfoListResponseStocks;
  type_id?: number;
  updated_at?: string;
  vat?: string;
  visibility_details?: Record<string, unknown>;
  volume_weight?: number;
}

/** v3GetProductInfoListResponse */
export interface ProductInfoListResponse {
  items?: ProductInfoListResponseItem[];
}

/** protobufAny */
export interface ProtobufAny {
  typeUrl?: string;
  value?: string;
}

/** rpcStatus — every error answer (400, 403, 404, 409, 500). */
export interface RpcStatus {
  code?: number;
  details?: ProtobufAny[];
  message?: string;
}

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

/** postinglistV3status — filter by the moment of the last status change. */
export interface PostingStatusChangeRange {
  from?: string;
  to?: string;
}

/** postingv3GetFbsPostingListRequestFilter; since and to are required, UTC date-times, at most a year apart. */
export interface FbsPostingListRequestFilter {
  since: string;
  to: string;
  /** One status per request (see FbsPostingStatus). */
  status?: string;
  delivery_method_id?: number[];
  provider_id?: number[];
  /** int64 as strings. */
  warehouse_id?: string[];
  order_id?: number;
  is_quantum?: boolean;
  last_changed_status_date?: PostingStatusChangeRange;
}

/** postingv3FbsPostingWithParams */
export interface FbsPostingWithParams {
  analytics_data?: boolean;
  barcodes?: boolean;
  financial_data?: boolean;
  legal_info?: boolean;
  translit?: boolean;
}

/** postingv3GetFbsPostingListRequest — POST /v3/posting/fbs/list; filter, limit (1–1000) and offset are required. */
export interface FbsPostingListRequest {
  dir?: string;
  filter: FbsPostingListRequestFilter;
  limit: number;
  offset: number;
  with?: FbsPostingWithParams;
}

/** The FBS statuses the filter's description lists. */
export type FbsPostingStatus =
  | 'awaiting_registration'
  | 'acceptance_in_progress'
  | 'awaiting_approve'
  | 'awaiting_packaging'
  | 'awaiting_deliver'
  | 'arbitration'
  | 'client_arbitration'
  | 'delivering'
  | 'driver_pickup'
  | 'delivered'
  | 'cancelled'
  | 'not_accepted'
  | 'sent_by_seller';

/** v3FbsPostingProduct; price is a decimal string ("1390.000000") in currency_code. */
export interface FbsPostingProduct {
  name?: string;
  offer_id?: string;
  price?: string;
  quantity?: number;
  sku?: number;
  currency_code?: string;
  is_blr_traceable?: boolean;
  is_marketplace_buyout?: boolean;
}

/** v3DeliveryMethod */
export interface FbsDeliveryMethod {
  id?: number;
  name?: string;
  tpl_provider?: string;
  tpl_provider_id?: number;
  warehouse?: string;
  warehouse_id?: number;
}

/** v3Cancellation */
export interface FbsCancellation {
  affect_cancellation_rating?: boolean;
  cancel_reason?: string;
  cancel_reason_id?: number;
  cancellation_initiator?: string;
  cancellation_type?: string;
  cancelled_after_ship?: boolean;
}

/** v3FbsPosting (the fields the app reads or the sandbox writes). */
export interface FbsPosting {
  posting_number?: string;
  order_id?: number;
  order_number?: string;
  status?: string;
  substatus?: string;
  delivery_method?: FbsDeliveryMethod;
  tracking_number?: string;
  tpl_integration_type?: string;
  in_process_at?: string;
  shipment_date?: string;
  delivering_date?: string;
  cancellation?: FbsCancellation;
  products?: FbsPostingProduct[];
  is_express?: boolean;
  is_multibox?: boolean;
  multi_box_qty?: number;
  parent_posting_number?: string;
  available_actions?: string[];
}

/** v3GetFbsPostingListResponseV3Result */
export interface FbsPostingListResult {
  has_next?: boolean;
  postings?: FbsPosting[];
}

/** v3GetFbsPostingListResponseV3 */
export interface FbsPostingListResponse {
  result?: FbsPostingListResult;
}

/**
 * productv2ProductsStocksRequestStock — one product-warehouse pair of POST /v2/products/stocks (the only
 * version the spec has). The schema lists quant_size as required, but its description says the field was
 * switched off on 26 June 2025 and it is no longer among the properties: it is not sent.
 */
export interface ProductsStocksRequestStock {
  /** When both are sent, OZON applies the change to the product with this offer_id. */
  offer_id?: string;
  product_id: number;
  /** Available quantity, reserved units not included (description of the field). */
  stock: number;
  /** From /v1/warehouse/list. */
  warehouse_id: number;
}

/** productv2ProductsStocksRequest: at most 100 pairs a request (description of the method). */
export interface ProductsStocksRequest {
  stocks: ProductsStocksRequestStock[];
}

/** productv2ProductsStocksResponseError; TOO_MANY_REQUESTS when a pair is updated twice within 30 s. */
export interface ProductsStocksResponseError {
  code?: string;
  message?: string;
}

/** productv2ProductsStocksResponseResult: one per pair sent; updated is false when errors say why. */
export interface ProductsStocksResponseResult {
  errors?: ProductsStocksResponseError[];
  offer_id?: string;
  product_id?: number;
  updated?: boolean;
  warehouse_id?: number;
}

/** productv2ProductsStocksResponse */
export interface ProductsStocksResponse {
  result?: ProductsStocksResponseResult[];
}

/** WarehouseListResponseWarehouse — the fields the stock push reads; status `created` is «Активный». */
export interface WarehouseListItem {
  warehouse_id?: number;
  name?: string;
  is_rfbs?: boolean;
  is_kgt?: boolean;
  is_economy?: boolean;
  has_entrusted_acceptance?: boolean;
  can_print_act_in_advance?: boolean;
  has_postings_limit?: boolean;
  is_karantin?: boolean;
  is_timetable_editable?: boolean;
  min_postings_limit?: number;
  postings_limit?: number;
  min_working_days?: number;
  /** new, created, disabled, blocked, disabled_due_to_limit, error. */
  status?: string;
  working_days?: unknown[];
  first_mile_type?: Record<string, unknown>;
}

/** warehouseWarehouseListResponse — POST /v1/warehouse/list (FBS and rFBS warehouses; no request body). */
export interface WarehouseListResponse {
  result?: WarehouseListItem[];
}

/** productsv1GetProductInfoStocksByWarehouseFbsRequest — POST /v1/product/info/stocks-by-warehouse/fbs; int64 skus as strings. */
export interface StocksByWarehouseFbsRequest {
  sku: string[];
}

/** productsv1GetProductInfoStocksByWarehouseFbsResponseResult: present counts the reserved units too. */
export interface StocksByWarehouseFbsResult {
  sku?: number;
  present?: number;
  product_id?: number;
  reserved?: number;
  warehouse_id?: number;
  warehouse_name?: string;
}

/** productsv1GetProductInfoStocksByWarehouseFbsResponse */
export interface StocksByWarehouseFbsResponse {
  result?: StocksByWarehouseFbsResult[];
}
