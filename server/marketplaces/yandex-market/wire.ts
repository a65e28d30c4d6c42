/**
 * Yandex Market Partner API wire types, from ../shared/reference/marketplace-specs/yandex-market/openapi/
 * (components/schemas/<Name>.yaml; names below match the files). Only the fields the catalog import
 * reads are spelled out in the big offer DTOs; the rest stay loose so an unknown field never breaks us.
 */

/** ApiResponseStatusType */
export type ApiResponseStatus = 'OK' | 'ERROR';

/** ApiErrorDTO */
export interface ApiError {
  code: string;
  message?: string;
}

/** ApiErrorResponse (= ApiResponse + errors); also the body of 401/403/420 (Api*ErrorResponse). */
export interface ApiErrorResponse {
  status: ApiResponseStatus;
  errors?: ApiError[] | null;
}

/** PlacementType */
export type PlacementType = 'FBS' | 'FBY' | 'DBS' | 'LAAS';

/** ApiAvailabilityStatusType */
export type ApiAvailabilityStatus =
  | 'AVAILABLE'
  | 'DISABLED_BY_INACTIVITY'
  | 'DISABLED_BY_NO_ACTIVE_CONTRACT'
  | 'MANUALLY_DISABLED'
  | 'DISABLED_BY_NO_PLACEMENT_TYPE';

/** BusinessDTO */
export interface Business {
  id?: number;
  name?: string;
}

/** CampaignDTO */
export interface Campaign {
  domain?: string;
  /** CampaignId */
  id?: number;
  /** @deprecated in the spec */
  clientId?: number;
  business?: Business;
  placementType?: PlacementType;
  apiAvailability?: ApiAvailabilityStatus;
}

/** FlippingPagerDTO (legacy page/pageSize paging) */
export interface FlippingPager {
  total?: number;
  from?: number;
  to?: number;
  currentPage?: number;
  pagesCount?: number;
  pageSize?: number;
}

/** PackagingForwardScrollingPagerDTO */
export interface ForwardScrollingPager {
  nextPageToken?: string;
}

/** GetCampaignsResponse — GET /v2/campaigns (query page_token, limit ≤ 100, legacy page/pageSize). */
export interface GetCampaignsResponse {
  campaigns: Campaign[];
  pager?: FlippingPager;
  paging?: ForwardScrollingPager;
}

/** GetOfferMappingsRequest — body of POST /v2/businesses/{businessId}/offer-mappings (optional). */
export interface GetOfferMappingsRequest {
  /** With offerIds the list comes back whole, without paging; 1–100 of them. */
  offerIds?: string[] | null;
  cardStatuses?: string[] | null;
  categoryIds?: number[] | null;
  vendorNames?: string[] | null;
  tags?: string[] | null;
  archived?: boolean;
}

/** OfferCampaignStatusDTO */
export interface OfferCampaignStatus {
  campaignId: number;
  status: string;
}

/** GetOfferDTO = BaseOfferResponseDTO + prices/statuses (subset; `offerId` is ShopSku, required). */
export interface GetOffer {
  offerId: string;
  name?: string;
  marketCategoryId?: number;
  /** Url[]; the first one is the main image. */
  pictures?: string[] | null;
  vendor?: string;
  vendorCode?: string;
  /** OfferBarcodes */
  barcodes?: string[] | null;
  description?: string;
  cardStatus?: string;
  campaigns?: OfferCampaignStatus[] | null;
  archived?: boolean;
  groupId?: string;
  [field: string]: unknown;
}

/** GetMappingDTO = UpdateMappingDTO + names */
export interface GetMapping {
  /** MarketSku */
  marketSku?: number;
  marketSkuName?: string;
  /** @deprecated in the spec */
  marketModelName?: string;
  marketCategoryId?: number;
  marketCategoryName?: string;
}

/** GetOfferMappingDTO */
export interface GetOfferMapping {
  offer?: GetOffer;
  mapping?: GetMapping;
  showcaseUrls?: { showcaseType: 'B2B' | 'B2C'; showcaseUrl: string }[] | null;
}

/** GetOfferMappingsResultDTO */
export interface GetOfferMappingsResult {
  paging?: ForwardScrollingPager;
  offerMappings: GetOfferMapping[];
}

/** GetOfferMappingsResponse (= ApiResponse + result) */
export interface GetOfferMappingsResponse {
  status: ApiResponseStatus;
  result?: GetOfferMappingsResult;
}

/** CurrencyValueDTO */
export interface CurrencyValue {
  value: number;
  currencyId: string;
}

/** ReturnDecisionDTO (subset kept typed; the rest loose). */
export interface ReturnDecision {
  returnItemId?: number;
  count?: number;
  comment?: string;
  reasonType?: string;
  subreasonType?: string;
  decisionType?: string;
  amount?: CurrencyValue;
  partnerCompensationAmount?: CurrencyValue;
  images?: string[] | null;
}

/** ReturnInstanceDTO */
export interface ReturnInstance {
  stockType?: string;
  status?: string;
  cis?: string;
  imei?: string;
}

/** ReturnItemDTO; `shopSku` (the seller's article) and `count` are required. */
export interface ReturnItem {
  marketSku?: number;
  shopSku: string;
  count: number;
  decisions?: ReturnDecision[] | null;
  instances?: ReturnInstance[] | null;
  tracks?: { trackCode?: string }[] | null;
}

/** ReturnType */
export type YmReturnType = 'UNREDEEMED' | 'RETURN';

/** ReturnDTO; id, orderId, items and returnType are required. */
export interface YmReturn {
  id: number;
  orderId: number;
  creationDate?: string;
  updateDate?: string;
  /** RefundStatusType */
  refundStatus?: string;
  logisticPickupPoint?: Record<string, unknown>;
  pickupTillDate?: string;
  shipmentRecipientType?: 'SHOP' | 'DELIVERY_SERVICE' | 'POST';
  /** ReturnShipmentStatusType */
  shipmentStatus?: string;
  /** @deprecated in the spec: kopecks. */
  refundAmount?: number;
  amount?: CurrencyValue;
  items: ReturnItem[];
  returnType: YmReturnType;
  fastReturn?: boolean;
}

/** PagedReturnsDTO */
export interface PagedReturns {
  paging?: ForwardScrollingPager;
  returns: YmReturn[];
}

/** GetReturnsResponse — GET /v2/campaigns/{campaignId}/returns (query page_token, limit ≤ 100, fromDate/toDate by update date). */
export interface GetReturnsResponse {
  status: ApiResponseStatus;
  result?: PagedReturns;
}

/** OrderStatusType */
export type OrderStatus =
  | 'PLACING'
  | 'RESERVED'
  | 'UNPAID'
  | 'PROCESSING'
  | 'DELIVERY'
  | 'PICKUP'
  | 'DELIVERED'
  | 'CANCELLED'
  | 'PENDING'
  | 'PARTIALLY_RETURNED'
  | 'RETURNED'
  | 'UNKNOWN';

/** OrderDatesFilterDTO: creation and shipment dates YYYY-MM-DD (≤ 30 days apart, the "To" end excluded), update dates ISO 8601. */
export interface OrderDatesFilter {
  creationDateFrom?: string;
  creationDateTo?: string;
  shipmentDateFrom?: string;
  shipmentDateTo?: string;
  updateDateFrom?: string;
  updateDateTo?: string;
}

/** GetBusinessOrdersRequest — POST /v1/businesses/{businessId}/orders (query page_token, limit ≤ 50). */
export interface GetBusinessOrdersRequest {
  orderIds?: number[] | null;
  programTypes?: PlacementType[] | null;
  /** 1–50 campaign ids. */
  campaignIds?: number[] | null;
  statuses?: OrderStatus[] | null;
  /** OrderSubstatusType */
  substatuses?: string[] | null;
  dates?: OrderDatesFilter;
  fake?: boolean;
}

/** ItemPriceDTO: totals over all units of the item, in the shop's currency. */
export interface ItemPrice {
  payment?: CurrencyValue;
  subsidy?: CurrencyValue;
  cashback?: CurrencyValue;
  vat?: string;
}

/** BusinessOrderItemDTO; id, offerId, offerName and count are required. There is no marketSku. */
export interface BusinessOrderItem {
  id: number;
  offerId: string;
  offerName: string;
  count: number;
  prices?: ItemPrice;
}

/** BusinessOrderDeliveryDTO (the required fields and the shipment). */
export interface BusinessOrderDelivery {
  type: 'DELIVERY' | 'PICKUP' | 'POST' | 'DIGITAL' | 'UNKNOWN';
  serviceName: string;
  deliveryServiceId: number;
  deliveryPartnerType: 'SHOP' | 'YANDEX_MARKET' | 'UNKNOWN';
  dates: { fromDate: string; toDate?: string };
  shipment?: { id?: number | null; shipmentDate: string; shipmentTime?: string | null };
}

/** BusinessOrderDTO (required fields and those the app reads). */
export interface BusinessOrder {
  orderId: number;
  campaignId: number;
  programType?: PlacementType | 'EXPRESS';
  status: OrderStatus;
  /** OrderSubstatusType */
  substatus: string;
  creationDate: string;
  updateDate?: string;
  /** OrderPaymentType */
  paymentType: string;
  /** OrderPaymentMethodType */
  paymentMethod: string;
  fake: boolean;
  items: BusinessOrderItem[];
  delivery: BusinessOrderDelivery;
}

/** GetBusinessOrdersResponse */
export interface GetBusinessOrdersResponse {
  orders: BusinessOrder[];
  paging?: ForwardScrollingPager;
}

/** UpdateStockItemDTO: count 0–2,000,000,000; updatedAt defaults to now. */
export interface UpdateStockItem {
  count: number;
  updatedAt?: string;
}

/** UpdateStockDTO: `sku` is the seller's SKU (ShopSku, the offerId); items holds exactly one entry. */
export interface UpdateStock {
  sku: string;
  items: [UpdateStockItem];
}

/**
 * UpdateStocksRequest — PUT /v2/campaigns/{campaignId}/offers/stocks (updateStocks): 1–2000 unique skus.
 * No warehouse in the body: the campaign's own warehouse takes it. The answer is EmptyApiResponse
 * ({status: OK}); 400 is ApiClientDataErrorResponse (ApiErrorResponse). x-resource-limit-config counts
 * req.skus: 100,000 SKUs a minute.
 */
export interface UpdateStocksRequest {
  skus: UpdateStock[];
}

/** GetWarehouseStocksRequest — POST /v2/campaigns/{campaignId}/offers/stocks (getStocks); offerIds 1–500, answered whole. */
export interface GetWarehouseStocksRequest {
  stocksWarehouseId?: number;
  hasStocks?: boolean;
  withTurnover?: boolean;
  archived?: boolean;
  offerIds?: string[] | null;
}

/** WarehouseStockType */
export type WarehouseStockType = 'FIT' | 'FREEZE' | 'AVAILABLE' | 'QUARANTINE' | 'UTILIZATION' | 'DEFECT' | 'EXPIRED';

/** WarehouseOfferDTO */
export interface WarehouseOffer {
  offerId: string;
  stocks: Array<{ type: WarehouseStockType; count: number }>;
  updatedAt?: string;
}

/** GetWarehouseStocksResponse (ApiResponse + result: GetWarehouseStocksDTO). */
export interface GetWarehouseStocksResponse {
  status: ApiResponseStatus;
  result?: {
    paging?: ForwardScrollingPager;
    warehouses: Array<{ warehouseId: number; offers: WarehouseOffer[] }>;
  };
}
