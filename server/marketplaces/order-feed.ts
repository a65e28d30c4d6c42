import type { MarketplaceOrder, OrderFeedPage, PageProgress } from './types.ts';

/**
 * What the three order feeds (ozon-orders.ts, wildberries-orders.ts, yandex-market-orders.ts) share: the
 * pages they hand the intake, and the few open postings each call checks for having vanished.
 */

/**
 * The orders of one call as pages, oldest change first (ties by posting number), one order once (the
 * latest reading of it wins), none without items; `missing` rides on the last page, or alone when no order
 * changed. A call that found nothing yields nothing.
 */
export function* feedPages(
  orders: Iterable<MarketplaceOrder>,
  missing: readonly string[],
  pageSize: number,
  onPage?: PageProgress,
): Iterable<OrderFeedPage> {
  const byNumber = new Map<string, MarketplaceOrder>();
  for (const o of orders) if (o.items.length > 0) byNumber.set(o.postingNumber, o);
  const sorted = [...byNumber.values()].sort(
    (a, b) =>
      Date.parse(a.changedAt) - Date.parse(b.changedAt) ||
      (a.postingNumber < b.postingNumber ? -1 : a.postingNumber > b.postingNumber ? 1 : 0),
  );
  const gone = [...new Set(missing)];
  let done = 0;
  for (let i = 0; i < sorted.length; i += pageSize) {
    const orders = sorted.slice(i, i + pageSize);
    const last = i + pageSize >= sorted.length;
    done += orders.length;
    yield last && gone.length > 0 ? { orders, missing: gone } : { orders };
    onPage?.(done);
  }
  if (sorted.length === 0 && gone.length > 0) yield { orders: [], missing: gone };
}

/**
 * Picks which open postings a call checks one by one, `limit` at a time, going round the list from call to
 * call (per store), so every open posting is checked within ⌈open ÷ limit⌉ calls and no call costs more
 * than `limit` lookups. The position is only a hint: a restart starts from the beginning again.
 */
export class OpenRotation {
  private readonly next = new Map<string, number>();

  pick(storeKey: string, candidates: readonly string[], limit: number): string[] {
    if (candidates.length === 0 || limit < 1) return [];
    if (candidates.length <= limit) return [...candidates];
    const start = (this.next.get(storeKey) ?? 0) % candidates.length;
    this.next.set(storeKey, (start + limit) % candidates.length);
    return Array.from({ length: limit }, (_, k) => candidates[(start + k) % candidates.length]!);
  }
}

/**
 * Line keys unique within an order: the marketplace's own key of the product, and `#2`, `#3`… after it for
 * a product met again in the same order (OZON lists a product once, but nothing in its spec promises so).
 */
export function uniqueKeys(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}#${n}`;
  });
}
