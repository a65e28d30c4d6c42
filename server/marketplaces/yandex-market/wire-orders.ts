/** Yandex Market Partner API wire types: business orders. See ./wire.ts for the conventions. */

import type { CurrencyValue, ForwardScrollingPager } from './wire.ts';

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

/**
 * OrderDatesFilterDTO: creation and shipment dates YYYY-MM-DD (≤ 30 days apart, the "To" end excluded), update dates
 * ISO 8601.
 */
export interface OrderDatesFilter {
  creationDateFrom?: string;
  creationDateTo?: string;
  shipmentDateFrom?: string;
  shipmentDateTo?: string;
  updateDateFrom?: string;
  updateDateTo?: string;
}

/** SellingProgramType: the store's model; FBY orders ship from Yandex's warehouses, the rest from the seller's. */
export type SellingProgramType = 'FBY' | 'FBS' | 'DBS' | 'EXPRESS' | 'LAAS';

/** GetBusinessOrdersRequest — POST /v1/businesses/{businessId}/orders (query page_token, limit ≤ 50). */
export interface GetBusinessOrdersRequest {
  orderIds?: number[] | null;
  programTypes?: SellingProgramType[] | null;
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
  programType?: SellingProgramType;
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
