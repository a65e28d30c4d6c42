/**
 * Wildberries content API wire types, from ../shared/reference/marketplace-specs/wildberries/
 * 02-products.yaml, operation POST /content/v2/get/cards/list (inline schemas there, so the names
 * below are ours; comments give the spec path). No field is marked required.
 */

/** requestBody.settings.cursor */
export interface CardsListRequestCursor {
  limit?: number;
  updatedAt?: string;
  nmID?: number;
}

/** requestBody.settings.filter; withPhoto: -1 all, 0 without photo, 1 with photo. */
export interface CardsListRequestFilter {
  withPhoto?: -1 | 0 | 1;
  textSearch?: string;
  tagIDs?: number[];
  allowedCategoriesOnly?: boolean;
  objectIDs?: number[];
  brands?: string[];
  imtID?: number;
}

/** requestBody */
export interface CardsListRequest {
  settings?: {
    /** ascending: sort by updatedAt; the spec's default is false (newest first). */
    sort?: { ascending?: boolean };
    filter?: CardsListRequestFilter;
    cursor?: CardsListRequestCursor;
  };
}

/** responses.200 … cards[].photos[] */
export interface CardPhoto {
  big?: string;
  c246x328?: string;
  c516x688?: string;
  square?: string;
  tm?: string;
}

/** responses.200 … cards[].sizes[] */
export interface CardSize {
  chrtID?: number;
  techSize?: string;
  wbSize?: string;
  /** Barcodes. */
  skus?: string[];
}

/** responses.200 … cards[] */
export interface Card {
  nmID?: number;
  imtID?: number;
  nmUUID?: string;
  subjectID?: number;
  subjectName?: string;
  /** The seller's article. */
  vendorCode?: string;
  brand?: string;
  title?: string;
  description?: string;
  needKiz?: boolean;
  photos?: CardPhoto[];
  video?: string;
  wholesale?: { enabled?: boolean; quantum?: number };
  dimensions?: { length?: number; width?: number; height?: number; weightBrutto?: number; isValid?: boolean };
  characteristics?: { id?: number; name?: string; value?: unknown }[];
  sizes?: CardSize[];
  tags?: { id?: number; name?: string; color?: string }[];
  createdAt?: string;
  updatedAt?: string;
}

/** responses.200.cursor; `total` is the number of cards in this answer, not in the catalog. */
export interface CardsListResponseCursor {
  updatedAt?: string;
  nmID?: number;
  total?: number;
}

/** responses.200 */
export interface CardsListResponse {
  cards?: Card[];
  cursor?: CardsListResponseCursor;
}

/** components.schemas.responseBodyContentError400 (403 differs only in additionalErrors: string). */
export interface ContentError {
  data?: Record<string, unknown> | null;
  error?: boolean;
  errorText?: string;
  additionalErrors?: Record<string, unknown> | string | null;
}

/** components.responses.401 and components.responses.429: the API gateway's error body. */
export interface GatewayError {
  title?: string;
  detail?: string;
  code?: string;
  requestId?: string;
  origin?: string;
  status?: number;
  statusText?: string;
  timestamp?: string;
}

/**
 * GET seller-analytics-api…/api/v1/analytics/goods-return (12-reports.yaml, inline schema): the
 * report of goods returned to the seller. Query dateFrom/dateTo (YYYY-MM-DD, at most 31 days apart).
 * Date-times come without a zone: Moscow time, as everywhere in WB's reports.
 */
export interface GoodsReturnRow {
  barcode?: string;
  brand?: string;
  /** When the return was handed to the seller. */
  completedDt?: string | null;
  dstOfficeAddress?: string;
  dstOfficeId?: number;
  expiredDt?: string | null;
  /** 0: archived status, 1: active status. */
  isStatusActive?: 0 | 1;
  /** The WB article (nmID of the card). */
  nmId?: number;
  /** YYYY-MM-DD: the date of the return order. */
  orderDt?: string;
  /** The assembly task (FBS order) number. */
  orderId?: number;
  readyToReturnDt?: string | null;
  reason?: string;
  returnType?: string;
  shkId?: number;
  /** The return order's unique id. */
  srid?: string;
  status?: string;
  stickerId?: string;
  subjectName?: string;
  techSize?: string;
}

/** responses.200 of goods-return */
export interface GoodsReturnResponse {
  report?: GoodsReturnRow[];
}

/** components.schemas.4xxResponse of 12-reports.yaml (application/problem+json). */
export interface AnalyticsProblem {
  detail?: string;
  origin?: string;
  requestId?: string;
  title?: string;
}

/**
 * Marketplace (FBS) API, from ../shared/reference/marketplace-specs/wildberries/03-orders-fbs.yaml,
 * host marketplace-api.wildberries.ru. components.schemas.Order / OrderNew (the fields the app reads or
 * the sandbox writes); prices are integers: the amount × 100.
 */
export interface AssemblyOrder {
  id?: number;
  orderUid?: string;
  rid?: string;
  /** The seller's article (vendorCode). */
  article?: string;
  nmId?: number;
  chrtId?: number;
  skus?: string[];
  supplyId?: string;
  warehouseId?: number;
  officeId?: number;
  offices?: string[] | null;
  createdAt?: string;
  /** In the currency of sale (currencyCode), × 100. */
  price?: number;
  /** In the seller's country's currency (convertedCurrencyCode), × 100. */
  convertedPrice?: number;
  currencyCode?: number;
  convertedCurrencyCode?: number;
  cargoType?: 1 | 2 | 3;
  deliveryType?: 'fbs';
  isZeroOrder?: boolean;
  /** OrderNew only. */
  salePrice?: number | null;
  finalPrice?: number;
  convertedFinalPrice?: number;
  requiredMeta?: string[] | null;
  optionalMeta?: string[] | null;
}

/** GET /api/v3/orders: limit (1–1000) and next (0 first) are required; dateFrom/dateTo Unix seconds, ≤ 30 days. */
export interface OrdersResponse {
  next?: number;
  orders?: AssemblyOrder[];
}

/** GET /api/v3/orders/new */
export interface NewOrdersResponse {
  orders?: AssemblyOrder[];
}

/** POST /api/v3/orders/status request: 1–1000 assembly task ids. */
export interface OrdersStatusRequest {
  orders: number[];
}

export type SupplierStatus = 'new' | 'confirm' | 'complete' | 'cancel';

export type WbStatus =
  | 'waiting'
  | 'sorted'
  | 'sold'
  | 'canceled'
  | 'canceled_by_client'
  | 'declined_by_client'
  | 'defect'
  | 'ready_for_pickup'
  | 'postponed_delivery'
  | 'accepted_by_carrier'
  | 'sent_to_carrier';

export interface OrderStatus {
  id?: number;
  supplierStatus?: SupplierStatus;
  wbStatus?: WbStatus;
}

/** POST /api/v3/orders/status 200 */
export interface OrdersStatusResponse {
  orders?: OrderStatus[];
}

/** components.schemas.Error: the marketplace API's 400/403/404 body. */
export interface MarketplaceApiError {
  code?: string;
  message?: string;
  data?: Record<string, unknown> | null;
}

/**
 * 02-products.yaml, PUT /api/v3/stocks/{warehouseId} (marketplace-api): requestBody.stocks[], 1–1000
 * items. chrtId (the size's id) names the item; sku (a barcode) is deprecated and switched off, so it is
 * not sent. amount is at most 100000. Success is 204 with no body.
 */
export interface StockAmount {
  chrtId: number;
  amount: number;
}

export interface StocksUpdateRequest {
  stocks: StockAmount[];
}

/** POST /api/v3/stocks/{warehouseId}: the current stock of the sizes asked for. */
export interface StocksReadRequest {
  chrtIds: number[];
}

export interface StocksReadResponse {
  stocks?: Array<{ chrtId?: number; sku?: string; amount?: number }>;
}

/**
 * components.schemas.StocksWarehouseError — the 409 of the stocks update: a list of errors, each with
 * the items it concerns in `data`. The spec's data items carry only the size's barcode (sku) and amount,
 * even for requests by chrtId; chrtId is kept here in case WB adds it, and the adapter matches either.
 */
export type StocksWarehouseError = Array<{
  code?: string;
  message?: string;
  data?: Array<{ sku?: string; chrtId?: number; amount?: number }> | null;
}>;

/** components.schemas.Warehouse — GET /api/v3/warehouses, the seller's own warehouses. */
export interface SellerWarehouse {
  id?: number;
  name?: string;
  /** The WB office the warehouse hands orders to. */
  officeId?: number;
  /** 1 small goods, 2 oversized, 3 large (КГТ+). */
  cargoType?: 1 | 2 | 3;
  /** 1 FBS, 2 DBS, 3 DBW, 5 C&C, 6 EDBS. */
  deliveryType?: 1 | 2 | 3 | 5 | 6;
  isDeleting?: boolean;
  /** While true, stocks can be neither updated nor deleted. */
  isProcessing?: boolean;
}
