/** Yandex Market Partner API wire types: stocks. See ./wire.ts for the conventions. */

import type { ApiResponseStatus, ForwardScrollingPager } from './wire.ts';

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

/**
 * GetWarehouseStocksRequest — POST /v2/campaigns/{campaignId}/offers/stocks (getStocks); offerIds 1–500, answered
 * whole.
 */
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
