import type { PreviewItem, PreviewStore } from './stock-push-calls.ts';

/**
 * A listing the push would change: its marketplace holds another quantity, or did not say what it
 * holds (then the push sends it anyway).
 */
export const willChange = (item: PreviewItem) => item.change !== 0;

/** One store of the preview as the screen lists it: the changes first, the unchanged apart (collapsed). */
export interface StoreView {
  store: PreviewStore;
  /** Listings matching the search whose quantity changes, in the server's order. */
  changed: PreviewItem[];
  /** Listings matching the search that the push would leave as they are. */
  unchanged: PreviewItem[];
  /** The store's totals, whatever the search. */
  counts: { all: number; changed: number; unchanged: number };
}

/** Case-insensitive match of the name or the article; an empty search matches everything. */
export function matchesSearch(item: PreviewItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return item.name.toLowerCase().includes(needle) || item.offer_id.toLowerCase().includes(needle);
}

export function storeView(store: PreviewStore, search: string): StoreView {
  const changed: PreviewItem[] = [];
  const unchanged: PreviewItem[] = [];
  let changing = 0;
  for (const item of store.items) {
    const changes = willChange(item);
    if (changes) changing++;
    if (matchesSearch(item, search)) (changes ? changed : unchanged).push(item);
  }
  return {
    store,
    changed,
    unchanged,
    counts: { all: store.items.length, changed: changing, unchanged: store.items.length - changing },
  };
}
