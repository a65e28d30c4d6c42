/** OZON Seller API wire types: stocks and warehouses. See ./wire.ts for the conventions. */

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

/**
 * productsv1GetProductInfoStocksByWarehouseFbsRequest — POST /v1/product/info/stocks-by-warehouse/fbs; int64 skus as
 * strings.
 */
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
