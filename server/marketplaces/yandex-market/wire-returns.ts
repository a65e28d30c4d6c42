/** Yandex Market Partner API wire types: returns. See ./wire.ts for the conventions. */

import type { ApiResponseStatus, CurrencyValue, ForwardScrollingPager } from './wire.ts';

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

/**
 * GetReturnsResponse — GET /v2/campaigns/{campaignId}/returns (query page_token, limit ≤ 100, fromDate/toDate by update
 * date).
 */
export interface GetReturnsResponse {
  status: ApiResponseStatus;
  result?: PagedReturns;
}
