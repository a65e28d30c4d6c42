/**
 * Yandex Market Partner API wire types, from ../shared/reference/marketplace-specs/yandex-market/openapi/
 * (components/schemas/<Name>.yaml; names below match the files). Only the fields the catalog import
 * reads are spelled out in the big offer DTOs; the rest stay loose so an unknown field never breaks us.
 */

export type * from './wire-returns.ts';
export type * from './wire-orders.ts';
export type * from './wire-stocks.ts';

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
