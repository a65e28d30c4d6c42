import type { components } from '../../../../api/schema.gen.ts';
import { deliveryPrice, sufficiency } from '../../../../domain/sufficiency.ts';
import type { PostingStatus } from '../../../db/rows.ts';

/*
 * The /shipping-delivery figures on the device (docs/rules.md «Достаточность»): the same rows, filter,
 * search, order and totals as GET /api/v1/products_mp_status/, computed by the same pure rule
 * (domain/sufficiency.ts) from the mirrored posting statuses, listings, products and projected lots,
 * so the screen opens offline with the last snapshot and can never disagree with the server.
 */

export const sufficiencyFilters = ['all', 'enough', 'not_enough'] as const;
export type SufficiencyFilter = (typeof sufficiencyFilters)[number];

export const filterLabels: Record<SufficiencyFilter, string> = {
  all: 'Все',
  enough: 'Хватает',
  not_enough: 'Не хватает',
};

/** A mirrored posting_statuses row: one listing's figures of its store's latest snapshot. */
export type PostingStatusLike = Omit<PostingStatus, 'created_at' | 'updated_at' | 'version'>;

export interface ListingLike {
  id: string;
  product_wh_id: string | null;
  offer_id: string;
  primary_image: string | null;
  marketplace: string;
  market_id: string;
}

export interface ProductLike {
  id: string;
  name: string;
  images?: string[] | null;
}

/** A projected lot (src/stock/projected-stock.ts): `created_at` is its receipt date. */
export interface LotLike {
  id: string;
  product_id: string;
  count: number;
  price: number;
  created_at: string;
}

export interface StoreLike {
  market_id: string;
  name: string;
  marketplace: string;
}

/** The figures GET /api/v1/products_mp_status/ answers per product: the device computes the same ones. */
type ProductFigures = Pick<
  components['schemas']['ProductSufficiency'],
  | 'count'
  | 'awaiting_packaging'
  | 'awaiting_deliver'
  | 'delivering'
  | 'sufficiency'
  | 'enough'
  | 'delivery_price'
  | 'delivering_uncovered'
  | 'fetched_at'
>;

/**
 * One row of /shipping-delivery: the product as the device shows it, with the server's figures (count: Σ projected
 * lots).
 */
export interface ShippingRow extends ProductFigures {
  id: string;
  name: string;
  articles: string[];
  image: string | null;
}

export interface ShippingTotal {
  delivering: number;
  delivery_price: number;
  /** false when part of what is delivering has no price (no lots for it). */
  complete: boolean;
}

export interface StoreSnapshot {
  market_id: string;
  name: string;
  marketplace: string;
  /** The latest snapshot time among the store's mirrored status rows; null when none is on the device. */
  fetched_at: string | null;
}

export interface ShippingData {
  products: ProductLike[];
  listings: ListingLike[];
  statuses: PostingStatusLike[];
  lots: LotLike[];
  stores: StoreLike[];
}

export interface ShippingView {
  rows: ShippingRow[];
  total: ShippingTotal;
  stores: StoreSnapshot[];
  /** The oldest of the stores' snapshot times (how fresh the picture is as a whole); null without any. */
  fetched_at: string | null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

function group<T>(rows: readonly T[], key: (row: T) => string | null | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (!k) continue;
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

const later = (a: string | null, b: string) => (a === null || Date.parse(b) > Date.parse(a) ? b : a);

/**
 * Every product with a live status row on one of its listings (or only `productId`), with its figures,
 * filtered by sufficiency and by name or article, ordered by name like the server; the totals are of
 * the rows shown.
 */
export function shippingView(
  data: ShippingData,
  query: { filter: SufficiencyFilter; search: string; productId?: string },
): ShippingView {
  const listingById = new Map(data.listings.map((l) => [l.id, l]));
  const listingsOf = group(data.listings, (l) => l.product_wh_id);
  const lotsOf = group(data.lots, (l) => l.product_id);
  const statusesOf = group(data.statuses, (s) => listingById.get(s.product_mp_id)?.product_wh_id);
  const needle = query.search.trim().toLowerCase();

  const rows: ShippingRow[] = [];
  for (const product of data.products) {
    const own = statusesOf.get(product.id) ?? [];
    if (own.length === 0 && product.id !== query.productId) continue;
    if (query.productId && product.id !== query.productId) continue;
    const awaitingPackaging = own.reduce((n, s) => n + num(s.awaiting_packaging), 0);
    const awaitingDeliver = own.reduce((n, s) => n + num(s.awaiting_deliver), 0);
    const delivering = own.reduce((n, s) => n + num(s.delivering), 0);
    const lots = (lotsOf.get(product.id) ?? []).map((l) => ({
      id: l.id,
      count: num(l.count),
      price: num(l.price),
      receivedAt: l.created_at,
    }));
    const count = lots.reduce((n, l) => n + l.count, 0);
    const value = sufficiency(count, awaitingPackaging);
    if (query.filter === 'enough' && value < 0) continue;
    if (query.filter === 'not_enough' && value >= 0) continue;
    const ownListings = listingsOf.get(product.id) ?? [];
    if (
      needle &&
      !product.name.toLowerCase().includes(needle) &&
      !ownListings.some((l) => l.offer_id.toLowerCase().includes(needle))
    )
      continue;
    const price = deliveryPrice(lots, delivering);
    rows.push({
      id: product.id,
      name: product.name,
      articles: ownListings.map((l) => l.offer_id),
      image: product.images?.[0] ?? ownListings.find((l) => l.primary_image)?.primary_image ?? null,
      count,
      awaiting_packaging: awaitingPackaging,
      awaiting_deliver: awaitingDeliver,
      delivering,
      sufficiency: value,
      enough: value >= 0,
      delivery_price: price.price,
      delivering_uncovered: price.uncovered,
      fetched_at: own.reduce<string | null>((at, s) => later(at, s.fetched_at), null),
    });
  }
  rows.sort((a, b) => a.name.localeCompare(b.name, 'ru') || (a.id < b.id ? -1 : 1));

  const kopecks = rows.reduce((n, r) => n + Math.round((r.delivery_price ?? 0) * 100), 0);
  const total = {
    delivering: rows.reduce((n, r) => n + r.delivering, 0),
    delivery_price: kopecks / 100,
    complete: rows.every((r) => r.delivering_uncovered === 0),
  };

  const storeKey = (marketplace: string, marketId: string) => `${marketplace}\n${marketId}`;
  const latestOfStore = new Map<string, string>();
  for (const s of data.statuses) {
    const listing = listingById.get(s.product_mp_id);
    if (!listing) continue;
    const key = storeKey(listing.marketplace, listing.market_id);
    latestOfStore.set(key, later(latestOfStore.get(key) ?? null, s.fetched_at));
  }
  const stores = data.stores
    .filter((s) => s.marketplace !== '-')
    .map((s) => ({
      market_id: s.market_id,
      name: s.name,
      marketplace: s.marketplace,
      fetched_at: latestOfStore.get(storeKey(s.marketplace, s.market_id)) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru') || (a.market_id < b.market_id ? -1 : 1));
  const known = stores.map((s) => s.fetched_at).filter((t): t is string => t !== null);
  const fetchedAt = known.length ? known.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
  return { rows, total, stores, fetched_at: fetchedAt };
}
