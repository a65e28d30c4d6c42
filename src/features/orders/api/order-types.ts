import type { Market, MirroredRows } from '../../../db/database.ts';

/*
 * Marketplace orders as the device mirrors them (server/schemas/orders.ts; docs/rules.md «Заказы маркетплейсов»),
 * and the words /orders uses for their stages and for what each line did to the books.
 */

export type Order = MirroredRows['orders'];
export type OrderLine = MirroredRows['order_lines'];
export type OrderStage = Order['stage'];
export type LineBooks = OrderLine['books'];
export type Store = Pick<Market, 'id' | 'market_id' | 'name' | 'marketplace' | 'has_access_token'> &
  Partial<Pick<Market, 'order_intake' | 'order_intake_error'>>;

/** A warehouse product as /orders needs it; `shelf` arrives with the product wire (read defensively until then). */
export interface OrderProduct {
  id: string;
  name: string;
  shelf: string;
}

/** The stage tabs of /orders, in the order shown; «Ждут сборки» is the default. */
export const stageTabs = ['awaiting_packaging', 'shipped', 'cancelled', 'new', 'all'] as const;
export type StageTab = (typeof stageTabs)[number];

export const stageTabLabels: Record<StageTab, string> = {
  awaiting_packaging: 'Ждут сборки',
  shipped: 'Переданы',
  cancelled: 'Отменены',
  new: 'Новые',
  all: 'Все',
};

/** The stages each tab shows; «Переданы» is every stage after the handover. */
const tabStages: Record<Exclude<StageTab, 'all'>, readonly OrderStage[]> = {
  awaiting_packaging: ['awaiting_packaging'],
  shipped: ['awaiting_deliver', 'delivering', 'delivered'],
  cancelled: ['cancelled'],
  new: ['new'],
};

export const inTab = (stage: OrderStage, tab: StageTab) => tab === 'all' || tabStages[tab].includes(stage);

/** One order's stage in Russian, beside the marketplace's own status words. */
export const stageLabels: Record<OrderStage, string> = {
  new: 'Новый',
  awaiting_packaging: 'Ждёт сборки',
  awaiting_deliver: 'Ждёт отгрузки',
  delivering: 'Доставляется',
  delivered: 'Доставлен',
  cancelled: 'Отменён',
};

/** A product's shelf from a mirrored row that may not carry the field yet. */
export function shelfOf(product: { shelf?: unknown }): string {
  return typeof product.shelf === 'string' ? product.shelf.trim() : '';
}

/** Stores that can take orders: a marketplace chosen and a key given. */
export const isConnected = (store: Pick<Store, 'marketplace' | 'has_access_token'>) =>
  store.marketplace !== '-' && store.has_access_token;
