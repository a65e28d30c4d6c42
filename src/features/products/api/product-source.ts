import { liveQuery, type Subscription } from 'dexie';
import { joinRows, summarize, type ProductHead, type ProductRow } from './product-table.ts';
import {
  readAwaitingByListing,
  readFigures,
  readListings,
  readProductHeads,
  type ListingIndex,
} from './product-source-reads.ts';
import { stopMirrorComplete } from '../../../state/mirror-complete.ts';
import { awaitingByProduct } from './shortfalls.ts';
import type { StockFigures } from './types.ts';

/**
 * The /products table's data, kept in memory for the life of the page once the screen has been
 * opened. Reading 10,000 products and their listings from IndexedDB takes a third of a second
 * or more; Dexie drops a live query's result 3 s after its screen unmounts, so every visit paid it
 * again. Here the live queries stay subscribed when the screen goes: every later write to these
 * tables — pull, push answers, edits here or in another tab, sign-out clearing the device, another
 * user's data — still reaches the rows, and a revisit paints from memory at once.
 */
export interface ProductSource {
  /** False until every table has been read once. */
  loaded: boolean;
  /** Every product with its articles, figures and lower-cased haystack, in name order (their rank). */
  rows: readonly ProductRow[];
  /** Units and money over all products. */
  summary: { count: number; total: number };
  /** Units awaiting assembly per product, for the «не хватает N» badge. */
  awaiting: ReadonlyMap<string, number>;
}

interface Parts {
  heads: ProductHead[];
  listings: ListingIndex;
  figures: Map<string, StockFigures>;
  awaitingByListing: Map<string, number>;
}
type Part = keyof Parts;

const reads: { [K in Part]: () => Promise<Parts[K]> } = {
  heads: readProductHeads,
  listings: readListings,
  figures: readFigures,
  awaitingByListing: readAwaitingByListing,
};

const notLoaded: ProductSource = { loaded: false, rows: [], summary: { count: 0, total: 0 }, awaiting: new Map() };
let snapshot = notLoaded;
let parts: Partial<Parts> = {};
const live = new Map<Part, Subscription>();
const listeners = new Set<() => void>();

function update(changed: Part): void {
  const { heads, listings, figures, awaitingByListing } = parts;
  if (!heads || !listings || !figures || !awaitingByListing) return;
  let { rows, summary, awaiting } = snapshot;
  // A new posting snapshot changes only the badges; the rows (and their haystacks) stay.
  if (!snapshot.loaded || changed !== 'awaitingByListing') {
    rows = joinRows(heads, listings.byProduct, figures);
    summary = summarize(rows);
  }
  if (!snapshot.loaded || changed === 'awaitingByListing' || changed === 'listings')
    awaiting = awaitingByProduct(awaitingByListing, listings.productOf);
  snapshot = { loaded: true, rows, summary, awaiting };
  for (const listener of listeners) listener();
}

function keepLive<K extends Part>(part: K): void {
  if (live.has(part)) return;
  const subscription = liveQuery(reads[part]).subscribe({
    next(value) {
      parts = { ...parts, [part]: value };
      update(part);
    },
    // A live query that failed stops following its tables: the next screen to subscribe starts it again.
    error(error) {
      live.get(part)?.unsubscribe();
      live.delete(part);
      console.error(`/products: reading ${part} failed`, error);
    },
  });
  live.set(part, subscription);
}

/** For useSyncExternalStore. The first subscriber starts the live queries; nothing ever stops them. */
export function subscribeProductSource(listener: () => void): () => void {
  listeners.add(listener);
  for (const part of Object.keys(reads) as Part[]) keepLive(part);
  return () => listeners.delete(listener);
}

export const productSourceSnapshot = (): ProductSource => snapshot;

/** Stops following the tables and forgets the rows, as a new page would: each test starts from its own device. */
export function stopProductSource(): void {
  stopMirrorComplete();
  for (const subscription of live.values()) subscription.unsubscribe();
  live.clear();
  parts = {};
  snapshot = notLoaded;
}
