import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db, type OstatokDatabase } from '../../../db/database.ts';
import { PAGE_SIZE, pageWindow } from '../../../lib/paging.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { shelfOf, type OrderLine, type OrderProduct, type StageTab, type Store } from './order-types.ts';
import { ordersView, type OrderCard, type OrdersData, type OrdersView } from './order-view.ts';

/** The warehouse products the lines name, with their shelves. */
export async function loadOrderProducts(
  lines: readonly OrderLine[],
  database: OstatokDatabase,
): Promise<OrderProduct[]> {
  const ids = [...new Set(lines.map((l) => l.product_id).filter((id): id is string => !!id))];
  const found = await database.rows('products_wh').bulkGet(ids);
  return found
    .filter((p) => p !== undefined)
    .map((p) => ({ id: p.id, name: p.name, shelf: shelfOf(p as { shelf?: unknown }) }));
}

/**
 * Free units of each product — on hand (the projected lots: outflows still in the outbox already taken) minus
 * active reserves, as the product page counts them (src/stock/projected-stock.ts loadProductStock).
 */
export async function loadFreeStock(
  productIds: readonly string[],
  database: OstatokDatabase,
): Promise<Map<string, number>> {
  const free = new Map<string, number>();
  if (productIds.length === 0) return free;
  const wanted = new Set(productIds);
  const [lots, reserves] = await Promise.all([
    loadProjectedLots(productIds.length === 1 ? productIds[0] : undefined, database),
    database.rows('reserves').where('product').anyOf(productIds).toArray(),
  ]);
  for (const id of productIds) free.set(id, 0);
  for (const lot of lots)
    if (wanted.has(lot.product_id)) free.set(lot.product_id, free.get(lot.product_id)! + lot.count);
  for (const r of reserves) if (r.status === 'active') free.set(r.product, free.get(r.product)! - r.count);
  return free;
}

/** Everything /orders reads, from the device: orders, their lines, stores, the lines' products and their free stock. */
export async function loadOrdersData(database: OstatokDatabase = db): Promise<OrdersData> {
  const [orders, lines, stores] = await Promise.all([
    database.rows('orders').toArray(),
    database.rows('order_lines').toArray(),
    database.markets.toArray(),
  ]);
  const reservedProducts = [
    ...new Set(lines.filter((l) => l.books === 'reserved' && l.product_id).map((l) => l.product_id!)),
  ];
  const [products, free] = await Promise.all([
    loadOrderProducts(lines, database),
    loadFreeStock(reservedProducts, database),
  ]);
  return { orders, lines, stores, products, free };
}

export interface OrdersList extends Omit<OrdersView, 'cards'> {
  loaded: boolean;
  /** This page's orders. */
  cards: OrderCard[];
  /** Orders the tab, store and search match, over all pages. */
  matching: number;
  /** Orders on the device at all. */
  any: number;
  page: number;
  pages: number;
  /** The stores to choose from: those with a marketplace, by name. */
  stores: Store[];
}

const emptyView: OrdersView = {
  cards: [],
  counts: { awaiting_packaging: 0, shipped: 0, cancelled: 0, new: 0, all: 0 },
  unlinked: [],
  intake: { off: [], failing: [], noConnected: false },
};

/** /orders from the device, live: a pull bringing orders or an edit queued here redraws it. */
export function useOrdersList(query: { store?: string; stage: StageTab; q: string; page: number }): OrdersList {
  const data = useLiveQuery(() => loadOrdersData(), []);
  const { store, stage, q, page } = query;
  const view = useMemo(() => (data ? ordersView(data, { store, stage, q }) : emptyView), [data, store, stage, q]);
  const stores = useMemo(
    () =>
      (data?.stores ?? [])
        .filter((s) => s.marketplace !== '-')
        .sort((a, b) => a.name.localeCompare(b.name, 'ru') || (a.id < b.id ? -1 : 1)),
    [data],
  );
  const { page: current, pages, start } = pageWindow(view.cards.length, page);
  return {
    ...view,
    loaded: data !== undefined,
    cards: view.cards.slice(start, start + PAGE_SIZE),
    matching: view.cards.length,
    any: data?.orders.length ?? 0,
    page: current,
    pages,
    stores,
  };
}
