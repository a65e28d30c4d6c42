import type { SandboxMarketplace } from './types.ts';

/*
 * Every refusal code the sandbox answers, one constant per marketplace, used by its handlers: a code a
 * handler answers is named here, and server/marketplaces/refusals/refusals.test.ts checks that each has
 * a Russian explanation in the app's tables (server/marketplaces/refusals/).
 */

/** OZON: the per-item codes of /v2/products/stocks, and rpcStatus's gRPC codes. */
export const ozonRefusalCodes = {
  notFound: 'NOT_FOUND',
  warehouseNotFound: 'WAREHOUSE_NOT_FOUND',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  invalidArgument: 3,
  notFoundRpc: 5,
  permissionDenied: 7,
  resourceExhausted: 8,
  failedPrecondition: 9,
  // /v4/posting/fbs/ship and /v2/posting/fbs/package-label (ozon-assembly.ts): told by their message, code 3 or 9.
  postingAlreadyShipped: 'POSTING_ALREADY_SHIPPED',
  postingCancelled: 'POSTING_CANCELLED',
  invalidPostingStatus: 'INVALID_POSTING_STATUS',
  productsMismatch: 'INVALID_PRODUCTS',
  labelsNotReady: "The next postings aren't ready",
} as const;

/**
 * Wildberries: its marketplace API's codes, and the titles of its gateway's and analytics' answers (their code is a
 * trace id).
 */
export const wildberriesRefusalCodes = {
  notFound: 'NotFound',
  uploadDataLimit: 'UploadDataLimit',
  incorrectRequestBody: 'IncorrectRequestBody',
  incorrectParameter: 'IncorrectParameter',
  unauthorized: 'unauthorized',
  tooManyRequests: 'too many requests',
  badRequest: 'Bad Request',
  // Supplies and stickers (wildberries-assembly.ts), the spec's example codes.
  failedToAddSupplyOrder: 'FailedToAddSupplyOrder',
  supplyHasZeroOrders: 'SupplyHasZeroOrders',
} as const;

/** Yandex Market: ApiErrorCodeType. */
export const yandexMarketRefusalCodes = {
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  badRequest: 'BAD_REQUEST',
  limitExceeded: 'LIMIT_EXCEEDED',
  invalidShopSku: 'INVALID_SHOP_SKU',
  duplicateOffer: 'DUPLICATE_OFFER',
  offerNotFound: 'OFFER_NOT_FOUND',
  // Boxes, status and labels of an order (yandex-market-assembly.ts).
  notFound: 'NOT_FOUND',
  itemNotFound: 'ITEM_NOT_FOUND',
  statusNotAllowed: 'STATUS_NOT_ALLOWED',
  orderModificationNotAllowed: 'ORDER_MODIFICATION_NOT_ALLOWED',
  invalidOrderStatus: 'INVALID_ORDER_STATUS',
} as const;

export const sandboxRefusalCodes: Record<SandboxMarketplace, ReadonlyArray<string | number>> = {
  OZON: Object.values(ozonRefusalCodes),
  WILDBERRIES: Object.values(wildberriesRefusalCodes),
  YM: Object.values(yandexMarketRefusalCodes),
};
