import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OstatokDatabase } from '../../../db/database.ts';
import { loadOrderProducts } from './load-orders.ts';
import { pickList, type PickList } from './pick-list.ts';

/** «Лист сборки» from the device only (it prints offline): the orders awaiting packaging, their lines and products. */
export async function loadPickList(storeId?: string, database: OstatokDatabase = db): Promise<PickList> {
  const orders = await database.rows('orders').where('stage').equals('awaiting_packaging').toArray();
  const lines = orders.length
    ? await database
        .rows('order_lines')
        .where('order_id')
        .anyOf(orders.map((o) => o.id))
        .toArray()
    : [];
  return pickList({ orders, lines, products: await loadOrderProducts(lines, database) }, storeId);
}

/** Live: a pull bringing a new order or a packed one redraws the list. */
export function usePickList(storeId?: string): PickList | undefined {
  return useLiveQuery(() => loadPickList(storeId), [storeId]);
}
