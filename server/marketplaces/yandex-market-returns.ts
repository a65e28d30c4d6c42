import type { MarketplaceReturn } from './types.ts';
import type { YmReturn } from './yandex-market/wire.ts';

/** One return per returned item, keyed `${return id}:${shopSku}`: a return may carry several items. */
export function toReturns(r: YmReturn): MarketplaceReturn[] {
  const shipment = r.shipmentStatus ? (shipmentStatuses[r.shipmentStatus] ?? r.shipmentStatus) : undefined;
  const refund = r.refundStatus ? (refundStatuses[r.refundStatus] ?? r.refundStatus) : undefined;
  const status = [r.returnType === 'UNREDEEMED' ? 'Невыкуп' : 'Возврат', shipment, refund].filter(Boolean).join(' · ');
  return (r.items ?? []).map((item) => ({
    externalId: `${r.id}:${item.shopSku}`,
    orderNumber: String(r.orderId),
    offerId: item.shopSku,
    externalProductId: item.marketSku === undefined ? undefined : String(item.marketSku),
    // The returns list carries no names: nameOffers fills them in from the cabinet's offers.
    name: '',
    count: item.count,
    returnedAt: r.creationDate ?? r.updateDate ?? '',
    marketplaceStatus: status,
  }));
}

/** ReturnShipmentStatusType, in the words of the spec's description. */
const shipmentStatuses: Record<string, string> = {
  CREATED: 'оформлен',
  RECEIVED: 'принят у покупателя',
  IN_TRANSIT: 'в пути',
  READY_FOR_PICKUP: 'готов к выдаче магазину',
  PICKED: 'выдан магазину',
  LOST: 'утерян',
  EXPIRED: 'не принесён вовремя',
  CANCELLED: 'отменён',
  FULFILMENT_RECEIVED: 'принят на складе Маркета',
  PREPARED_FOR_UTILIZATION: 'передан на утилизацию',
  NOT_IN_DEMAND: 'не забран с почты',
  UTILIZED: 'утилизирован',
  READY_FOR_EXPROPRIATION: 'направлен на перепродажу',
  RECEIVED_FOR_EXPROPRIATION: 'принят для перепродажи',
};

/** RefundStatusType, the main values. */
const refundStatuses: Record<string, string> = {
  STARTED_BY_USER: 'создан покупателем',
  REFUND_IN_PROGRESS: 'деньги на рассмотрении',
  REFUNDED: 'деньги возвращены',
  FAILED: 'возврат денег невозможен',
  WAITING_FOR_DECISION: 'ожидает решения',
  DECISION_MADE: 'решение принято',
  REFUNDED_WITH_BONUSES: 'возвращено баллами',
  REFUNDED_BY_SHOP: 'деньги вернул магазин',
  COMPLETE_WITHOUT_REFUND: 'без возврата денег',
  CANCELLED: 'возврат отменён',
  REJECTED: 'отклонён',
};
