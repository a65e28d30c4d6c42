/** OZON Seller API wire types: FBS postings (POST /v3/posting/fbs/list). See ./wire.ts for the conventions. */

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

/** postingv3GetFbsPostingRequest — POST /v3/posting/fbs/get: one posting by its number; 404 when OZON has none. */
export interface FbsPostingGetRequest {
  posting_number: string;
  with?: FbsPostingWithParams & { product_exemplars?: boolean; related_postings?: boolean };
}

/** v3GetFbsPostingResponseV3: `result` is a v3FbsPostingDetail, the list's posting and more. */
export interface FbsPostingGetResponse {
  result?: FbsPosting & { previous_substatus?: string };
}
