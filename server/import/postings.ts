import type { Db } from '../db/client.ts';
import { userTransaction } from '../db/user-lock.ts';
import type { JobContext } from '../jobs/queue.ts';
import { marketplaceJob, openStore } from './store-job.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { LiveHub } from '../live/hub.ts';
import {
  type MarketplaceCode,
  type MarketplacePosting,
  type PostingBucket,
  type PostingStatusAdapter,
} from '../marketplaces/types.ts';
import type { CatalogRepository } from '../repositories/catalog.ts';
import type { ListingFigures, PostingListing, PostingsRepository } from '../repositories/postings.ts';
import { listingMatcher } from '../repositories/store-listings.ts';

export const POSTING_STATUS = 'posting-status';

/** The job's payload: the store's row id. */
export interface PostingStatusPayload {
  store_id: string;
}

export interface PostingStatusResult {
  store: string;
  /** The run's time: every row of the store's snapshot carries it as fetched_at. */
  fetched_at: string;
  /** Current postings the marketplace listed (each counted once). */
  postings: number;
  /** Units per bucket over the matched listings. */
  awaiting_packaging: number;
  awaiting_deliver: number;
  delivering: number;
  /** Listings with something in a bucket: the snapshot's live rows. */
  listings: number;
  /** Rows of listings no longer in any current posting: zeroed and tombstoned. */
  cleared: number;
  /** A run that started later has already replaced the snapshot: this one's older picture was not written. */
  superseded: boolean;
  /** Posting items no listing of the store matched: counted, not stored. */
  unmatched_items: number;
  unmatched_units: number;
  /** Their articles (the first 20), for the seller to find what to load or link. */
  unmatched_articles: string[];
}

export interface PostingStatusDeps {
  db: Db;
  /** For the store row (jobs keep its id), shared with the catalog import. */
  catalog: Pick<CatalogRepository, 'store'>;
  postings: PostingsRepository;
  secrets: SecretBox;
  live: LiveHub;
  adapters: Record<MarketplaceCode, PostingStatusAdapter>;
}

const buckets: PostingBucket[] = ['awaiting_packaging', 'awaiting_deliver', 'delivering'];

/**
 * The status refresh of one store (docs/rules.md «Достаточность»): its current postings stream from the
 * adapter, each item is matched to a listing of the store (offer id, else the marketplace's product id),
 * quantities are summed per listing and bucket, and the store's snapshot in posting_statuses is replaced
 * in one transaction. A retry or a second run replaces again; figures are never added to old ones.
 */
export function postingStatusHandler(deps: PostingStatusDeps) {
  return marketplaceJob((ctx): Promise<PostingStatusResult> => refreshStatuses(deps, ctx));
}

async function refreshStatuses(deps: PostingStatusDeps, ctx: JobContext): Promise<PostingStatusResult> {
  const userId = ctx.job.userId;
  const { store, apiKey } = await openStore(deps, ctx, 'Магазин удалён, обновление статусов отменено');
  const adapter = deps.adapters[store.marketplace];
  // The snapshot is as of the start of the listing: a posting that moved meanwhile shows at the next run.
  const fetchedAt = new Date();

  // A posting listed twice (pages shifting under a moving status) is one posting: the last report wins.
  const current = new Map<string, MarketplacePosting>();
  const progress = new Progress(ctx);
  try {
    const pages = adapter.listPostings({ marketId: store.marketId, apiKey, name: store.name }, (done, total) =>
      progress.page(done, total),
    );
    for await (const page of pages) {
      ctx.signal.throwIfAborted();
      for (const posting of page) current.set(posting.postingNumber, posting);
    }
  } finally {
    await progress.flush();
  }

  const postings = [...current.values()];
  const { figures, unmatched, written, cleared, superseded } = await userTransaction(deps.db, userId, async () => {
    const listings = await deps.postings.listingsMatching(
      userId,
      store,
      [...new Set(postings.flatMap((p) => p.items.map((i) => i.offerId)).filter(Boolean))],
      [...new Set(postings.flatMap((p) => p.items.flatMap((i) => (i.externalProductId ? [i.externalProductId] : []))))],
    );
    const summed = aggregatePostings(postings, listings);
    const replaced = await deps.postings.replaceSnapshot(userId, store, summed.figures, fetchedAt);
    return { ...summed, ...replaced };
  });
  if (written + cleared > 0) deps.live.publish(userId, { type: 'changes' });

  const totals = Object.fromEntries(buckets.map((b) => [b, 0])) as Record<PostingBucket, number>;
  for (const f of figures) {
    totals.awaiting_packaging += f.awaitingPackaging;
    totals.awaiting_deliver += f.awaitingDeliver;
    totals.delivering += f.delivering;
  }
  const result: PostingStatusResult = {
    store: store.name,
    fetched_at: fetchedAt.toISOString(),
    postings: postings.length,
    ...totals,
    listings: figures.length,
    cleared,
    superseded,
    unmatched_items: unmatched.items,
    unmatched_units: unmatched.units,
    unmatched_articles: unmatched.articles.slice(0, 20),
  };
  const lost =
    unmatched.items > 0
      ? `; без карточки в магазине ${unmatched.items} поз. (${unmatched.units} шт.): ${unmatched.articles.slice(0, 5).join(', ')}` +
        (unmatched.articles.length > 5 ? ' и др.' : '')
      : '';
  ctx.notify(
    unmatched.items > 0 ? 'warning' : 'success',
    `Магазин «${store.name}»: отправлений ${postings.length} — ждут сборки ${totals.awaiting_packaging} шт., ` +
      `ждут отгрузки ${totals.awaiting_deliver} шт., доставляются ${totals.delivering} шт.${lost}` +
      (superseded ? ' (не записано: статусы уже обновлены более поздней загрузкой)' : ''),
  );
  return result;
}

export interface Aggregated {
  figures: ListingFigures[];
  unmatched: { items: number; units: number; articles: string[] };
}

/**
 * Sums the postings' quantities per listing and bucket. An item is matched by the store's offer id, else
 * by the marketplace's product id as the listing keeps it (external id, OZON sku). Listings with nothing
 * in any bucket are left out; items no listing matches are counted with their articles.
 */
export function aggregatePostings(
  postings: readonly MarketplacePosting[],
  listings: readonly PostingListing[],
): Aggregated {
  const find = listingMatcher(listings);
  const sums = new Map<string, ListingFigures>();
  const unmatched = { items: 0, units: 0, articles: [] as string[] };
  const lostArticles = new Set<string>();
  for (const posting of postings) {
    if (!buckets.includes(posting.bucket)) continue;
    for (const item of posting.items) {
      const quantity = Math.max(0, Math.trunc(Number(item.quantity)) || 0);
      if (quantity === 0) continue;
      const listing = find(item.offerId, item.externalProductId);
      if (!listing) {
        unmatched.items += 1;
        unmatched.units += quantity;
        lostArticles.add(item.offerId || item.externalProductId || '—');
        continue;
      }
      let f = sums.get(listing.id);
      if (!f)
        sums.set(
          listing.id,
          (f = { productMpId: listing.id, awaitingPackaging: 0, awaitingDeliver: 0, delivering: 0 }),
        );
      if (posting.bucket === 'awaiting_packaging') f.awaitingPackaging += quantity;
      else if (posting.bucket === 'awaiting_deliver') f.awaitingDeliver += quantity;
      else f.delivering += quantity;
    }
  }
  unmatched.articles = [...lostArticles];
  return { figures: [...sums.values()], unmatched };
}

/** Pages mostly come without a total: the ring creeps towards 99, never backwards, reports in order. */
class Progress {
  private pages = 0;
  private last = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: JobContext) {}

  page(done?: number, total?: number): void {
    this.pages += 1;
    const guess =
      total && done !== undefined && total > 0
        ? Math.floor((95 * done) / total)
        : Math.floor(95 * (1 - 0.8 ** this.pages));
    const next = Math.max(this.last, Math.min(95, guess));
    if (next === this.last) return;
    this.last = next;
    this.chain = this.chain.then(() => this.ctx.progress(next)).catch(() => undefined);
  }

  flush(): Promise<void> {
    return this.chain;
  }
}
