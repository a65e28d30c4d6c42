import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db, type OstatokDatabase } from '../../../db/database.ts';
import { PAGE_SIZE, pageWindow } from '../../../lib/paging.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import {
  shippingView,
  type ShippingData,
  type ShippingRow,
  type ShippingView,
  type SufficiencyFilter,
} from './shipping-rows.ts';

/**
 * What the shipping figures are computed from, read from the device: every mirrored status row, the
 * listings and products they name (with all of those products' listings, for the article search), the
 * products' projected lots (outflows still in the outbox already taken) and the stores.
 */
export async function loadShippingData(database: OstatokDatabase = db): Promise<ShippingData> {
  const [statuses, stores] = await Promise.all([
    database.rows('posting_statuses').toArray(),
    database.markets.toArray(),
  ]);
  const named = (await database.rows('products_mp').bulkGet([...new Set(statuses.map((s) => s.product_mp_id))])).filter(
    (l) => l !== undefined,
  );
  const productIds = [...new Set(named.map((l) => l.product_wh_id).filter((id): id is string => !!id))];
  const [products, listings, lots] = await Promise.all([
    database.rows('products_wh').bulkGet(productIds),
    database.rows('products_mp').where('product_wh_id').anyOf(productIds).toArray(),
    productIds.length ? loadProjectedLots(undefined, database) : Promise.resolve([]),
  ]);
  const wanted = new Set(productIds);
  // A listing ungrouped offline has no product for a moment; it still names its store.
  const byId = new Map([...named, ...listings].map((l) => [l.id, l]));
  return {
    products: products.filter((p) => p !== undefined),
    listings: [...byId.values()],
    statuses,
    lots: lots.filter((l) => wanted.has(l.product_id)),
    stores,
  };
}

/** The device's figures for a query: what GET /api/v1/products_mp_status/ would answer for the same rows. */
export async function loadShippingView(
  query: { filter: SufficiencyFilter; search: string; productId?: string },
  database: OstatokDatabase = db,
): Promise<ShippingView> {
  return shippingView(await loadShippingData(database), query);
}

export interface ShippingList extends Omit<ShippingView, 'rows'> {
  loaded: boolean;
  /** This page's rows. */
  rows: ShippingRow[];
  /** Rows the filter and search match, over all pages. */
  matching: number;
  /** Products with anything awaiting or delivering at all (before filter and search). */
  any: number;
  page: number;
  pages: number;
}

const emptyView: ShippingView = {
  rows: [],
  total: { delivering: 0, delivery_price: 0, complete: true },
  stores: [],
  fetched_at: null,
};

/** /shipping-delivery from the device, live: a pull bringing a new snapshot redraws it. */
export function useShippingList({
  filter,
  search,
  page,
}: {
  filter: SufficiencyFilter;
  search: string;
  page: number;
}): ShippingList {
  const data = useLiveQuery(() => loadShippingData(), []);
  const all = useMemo(() => (data ? shippingView(data, { filter: 'all', search: '' }).rows.length : 0), [data]);
  const view = useMemo(() => (data ? shippingView(data, { filter, search }) : emptyView), [data, filter, search]);
  const { page: current, pages, start } = pageWindow(view.rows.length, page);
  return {
    ...view,
    loaded: data !== undefined,
    rows: view.rows.slice(start, start + PAGE_SIZE),
    matching: view.rows.length,
    any: all,
    page: current,
    pages,
  };
}
