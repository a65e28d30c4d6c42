/**
 * OZON Seller API wire types, field for field from the official document
 * (../shared/reference/marketplace-specs/ozon/seller-api.swagger.json — despite the name it is OpenAPI
 * 3.0.0 with #/components/schemas). Names in comments are the spec's schema names; the spec marks no
 * response field required, so every field is optional and adapters must cope with absences.
 */

export type * from './wire-returns.ts';
export type * from './wire-postings.ts';
export type * from './wire-stocks.ts';

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
