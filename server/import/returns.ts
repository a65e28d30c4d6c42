import type { Db } from '../db/client.ts';
import { userTransaction } from '../db/user-lock.ts';
import type { JobContext } from '../jobs/queue.ts';
import { marketplaceJob, openStore, PermanentImportError } from './store-job.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { LiveHub } from '../live/hub.ts';
import { type MarketplaceCode, type MarketplaceReturn, type ReturnsAdapter } from '../marketplaces/types.ts';
import type { CatalogRepository } from '../repositories/catalog.ts';
import type { MarketRow } from '../repositories/markets.ts';
import { listingMatcher } from '../repositories/store-listings.ts';
import {
  isUntouched,
  type ImportedReturn,
  type ListingMatch,
  type OrderSale,
  type ReturnRefresh,
  type ReturnRow,
  type ReturnsImportRepository,
} from '../repositories/returns-import.ts';

export const RETURNS_IMPORT = 'returns-import';

/** The job's payload: the store's row id and the period, YYYY-MM-DD inclusive. */
export interface ReturnsImportPayload {
  store_id: string;
  date_start: string;
  date_end: string;
}

export interface ReturnsImportResult {
  store: string;
  date_start: string;
  date_end: string;
  /** Returns the marketplace listed (one per returned item on YM). */
  returns: number;
  added: number;
  updated: number;
  /** Of those listed, how many no warehouse product matched: kept with product_id null. */
  unmatched: number;
  /** Already processed or given a status or price by the seller: left exactly as they are. */
  kept: number;
  /**
   * Returns that now name the sale their order made (new ones, and earlier ones whose sale was not in the
   * books at their import): docs/rules.md «Заказы маркетплейсов».
   */
  linked: number;
}

export interface ReturnsImportDeps {
  db: Db;
  /** For the store row (jobs keep its id), shared with the catalog import. */
  catalog: Pick<CatalogRepository, 'store'>;
  returns: ReturnsImportRepository;
  secrets: SecretBox;
  live: LiveHub;
  adapters: Record<MarketplaceCode, ReturnsAdapter>;
}

/**
 * The returns import of one store and period: pages stream from the adapter and each page is upserted
 * in its own transaction by the return's marketplace key, so importing the same period again (or a
 * retry after a crash) adds nothing twice. A return is matched to a warehouse product through the
 * store's listing (offer id, else the marketplace's product id); one nothing matches is kept with
 * product_id null and its article and name. The seller's part of a return is never written here: a
 * return processed or given a status or price is left alone, and of the others only what the
 * marketplace owns (order, article, name, date, status text, count, a missing product link) refreshes.
 * A return of an order the intake sold names that sale (realization_id): the store's order with the
 * return's number, its line by offer id, else by product. The sale may be booked after the return was
 * first imported, so a return without one gets it on a later import, whatever the seller did with it.
 */
export function returnsImportHandler(deps: ReturnsImportDeps) {
  return marketplaceJob((ctx): Promise<ReturnsImportResult> => importReturns(deps, ctx));
}

async function importReturns(deps: ReturnsImportDeps, ctx: JobContext): Promise<ReturnsImportResult> {
  const userId = ctx.job.userId;
  const payload = (ctx.job.payload ?? {}) as Partial<ReturnsImportPayload>;
  const { store, apiKey } = await openStore(deps, ctx, 'Магазин удалён, загрузка возвратов отменена');
  if (typeof payload.date_start !== 'string' || typeof payload.date_end !== 'string')
    throw new PermanentImportError(`Магазин «${store.name}»: не задан период загрузки возвратов`);
  const adapter = deps.adapters[store.marketplace];
  const period = { dateFrom: payload.date_start, dateTo: payload.date_end };

  const totals = { returns: 0, added: 0, updated: 0, unmatched: 0, kept: 0, linked: 0 };
  const progress = new Progress(ctx);
  try {
    const pages = adapter.listReturns({ marketId: store.marketId, apiKey, name: store.name }, period, () =>
      progress.page(),
    );
    for await (const page of pages) {
      ctx.signal.throwIfAborted();
      const written = await userTransaction(deps.db, userId, () => writePage(deps.returns, userId, store, page));
      totals.returns += written.returns;
      totals.added += written.added;
      totals.updated += written.updated;
      totals.unmatched += written.unmatched;
      totals.kept += written.kept;
      totals.linked += written.linked;
      if (written.added + written.updated + written.linked > 0) deps.live.publish(userId, { type: 'changes' });
    }
  } finally {
    await progress.flush();
  }
  const unmatched = totals.unmatched > 0 ? `, без товара на складе ${totals.unmatched}` : '';
  const linked = totals.linked > 0 ? `, связано с продажами заказов ${totals.linked}` : '';
  ctx.notify(
    'success',
    `Магазин «${store.name}»: возвратов за период ${totals.returns} — новых ${totals.added}, обновлено ${totals.updated}${unmatched}${linked}`,
  );
  return { store: store.name, date_start: payload.date_start, date_end: payload.date_end, ...totals };
}

async function writePage(repo: ReturnsImportRepository, userId: string, store: MarketRow, page: MarketplaceReturn[]) {
  // A key listed twice (in one page, or WB's pieces overlapping) is one return: the last report wins.
  const incoming = new Map(page.filter((r) => r.externalId).map((r) => [r.externalId, r]));
  const list = [...incoming.values()];
  const listings = await repo.listingsMatching(
    userId,
    store,
    [...new Set(list.map((r) => r.offerId).filter(Boolean))],
    [...new Set(list.flatMap((r) => (r.externalProductId ? [r.externalProductId] : [])))],
  );
  const match = matcher(listings);
  const sales = saleFinder(
    await repo.orderSales(userId, store, [...new Set(list.map((r) => r.orderNumber).filter(Boolean))]),
  );
  const existing = new Map(
    (await repo.existing(userId, store, [...incoming.keys()])).map((row) => [row.externalId!, row]),
  );

  const fresh: ImportedReturn[] = [];
  let updated = 0;
  let unmatched = 0;
  let kept = 0;
  let linked = 0;
  for (const r of list) {
    const listing = match(r);
    if (!listing) unmatched += 1;
    const values = toRow(r, listing, sales(r, listing));
    const row = existing.get(r.externalId);
    if (!row) {
      fresh.push(values);
      continue;
    }
    if (row.realizationId === null && values.realizationId !== null)
      if (await repo.linkSale(userId, row.id, values.realizationId)) linked += 1;
    if (!isUntouched(row)) {
      kept += 1;
      continue;
    }
    const changes = changed(row, values);
    if (changes && (await repo.refresh(userId, row.id, changes))) updated += 1;
  }
  const inserted = await repo.insert(userId, store, fresh);
  linked += inserted.linked;
  return { returns: list.length, added: inserted.added, updated, unmatched, kept, linked };
}

/** Offer id first (the seller's article); else the marketplace's product id as the listing keeps it. */
function matcher(listings: ListingMatch[]) {
  const find = listingMatcher(listings);
  return (r: MarketplaceReturn): ListingMatch | undefined => find(r.offerId, r.externalProductId);
}

/**
 * The sale a return names: of its order's sold lines (the store's order whose posting number is the return's
 * order number), the one of the return's offer id, else of its matched product.
 */
function saleFinder(sold: OrderSale[]) {
  const byPosting = new Map<string, OrderSale[]>();
  for (const s of sold) byPosting.set(s.postingNumber, [...(byPosting.get(s.postingNumber) ?? []), s]);
  return (r: MarketplaceReturn, listing: ListingMatch | undefined): string | null => {
    const lines = byPosting.get(r.orderNumber) ?? [];
    const line =
      (r.offerId ? lines.find((l) => l.offerId === r.offerId) : undefined) ??
      (listing ? lines.find((l) => l.productId === listing.productId) : undefined);
    return line?.realizationId ?? null;
  };
}

function toRow(r: MarketplaceReturn, listing: ListingMatch | undefined, realizationId: string | null): ImportedReturn {
  const at = r.returnedAt ? new Date(r.returnedAt) : null;
  // The article the seller reads: the marketplace's, else the matched listing's, else the marketplace's
  // own product id (a WB card that no longer exists), so a return nothing matches can still be told apart.
  const article = r.offerId || listing?.offerId || r.externalProductId || '';
  return {
    externalId: r.externalId,
    orderNumber: r.orderNumber,
    article,
    // YM's returns carry no names: the listing's, else the article.
    name: r.name || listing?.name || article,
    returnedAt: at && !Number.isNaN(at.getTime()) ? at : null,
    marketplaceStatus: r.marketplaceStatus ?? null,
    count: Math.max(1, Math.trunc(r.count) || 1),
    productId: listing?.productId ?? null,
    realizationId,
  };
}

/**
 * The marketplace-owned fields that differ; a link the row already has is never replaced. Undefined: nothing to write.
 */
function changed(row: ReturnRow, values: ImportedReturn): ReturnRefresh | undefined {
  const out: ReturnRefresh = {};
  if (row.orderNumber !== values.orderNumber) out.orderNumber = values.orderNumber;
  if (row.article !== values.article) out.article = values.article;
  if (row.name !== values.name) out.name = values.name;
  if ((row.returnedAt?.getTime() ?? null) !== (values.returnedAt?.getTime() ?? null))
    out.returnedAt = values.returnedAt;
  if (row.marketplaceStatus !== values.marketplaceStatus) out.marketplaceStatus = values.marketplaceStatus;
  if (row.count !== values.count) out.count = values.count;
  if (row.productId === null && values.productId !== null) out.productId = values.productId;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Pages of returns come without a total: the ring creeps towards 99, never backwards, reports in order. */
class Progress {
  private pages = 0;
  private last = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: JobContext) {}

  page(): void {
    this.pages += 1;
    const next = Math.max(this.last, Math.min(99, Math.floor(99 * (1 - 0.8 ** this.pages))));
    if (next === this.last) return;
    this.last = next;
    this.chain = this.chain.then(() => this.ctx.progress(next)).catch(() => undefined);
  }

  flush(): Promise<void> {
    return this.chain;
  }
}
