import type { Db } from '../db/client.ts';
import { userTransaction } from '../db/user-lock.ts';
import type { JobContext } from '../jobs/queue.ts';
import { marketplaceJob, openStore } from './store-job.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { LiveHub } from '../live/hub.ts';
import { type CatalogAdapter, type MarketplaceCode, type MarketplaceOffer } from '../marketplaces/types.ts';
import type { CatalogRepository, ImportedListing, ListingChange } from '../repositories/catalog.ts';
import type { MarketRow } from '../repositories/markets.ts';
import type { ProductMpRow } from '../repositories/products.ts';

export const CATALOG_IMPORT = 'catalog-import';

/** The job's payload: the store's row id, which survives a rename of the store or of its market_id. */
export interface CatalogImportPayload {
  store_id: string;
}

export interface CatalogImportResult {
  store: string;
  offers: number;
  added: number;
  updated: number;
}

export interface CatalogImportDeps {
  db: Db;
  catalog: CatalogRepository;
  secrets: SecretBox;
  live: LiveHub;
  adapters: Record<MarketplaceCode, CatalogAdapter>;
}

/** A failure no retry can fix (a refused key, a deleted store): the job fails at once. */

/**
 * The catalog import of one store: pages stream from the marketplace adapter and each page is
 * written in its own transaction, so a long import shows products as it goes and a retry after a
 * crash resumes cheaply (pages already written compare equal and are skipped).
 */
export function catalogImportHandler(deps: CatalogImportDeps) {
  return marketplaceJob((ctx): Promise<CatalogImportResult> => importStore(deps, ctx));
}

async function importStore(deps: CatalogImportDeps, ctx: JobContext): Promise<CatalogImportResult> {
  const userId = ctx.job.userId;
  const { store, apiKey } = await openStore(deps, ctx, 'Магазин удалён, загрузка товаров отменена');
  const adapter = deps.adapters[store.marketplace];

  const progress = new ProgressReporter(ctx, await deps.catalog.listingCount(userId, store));
  const totals = { offers: 0, added: 0, updated: 0 };
  try {
    const pages = adapter.listProducts({ marketId: store.marketId, apiKey, name: store.name }, (done, total) =>
      progress.page(done, total),
    );
    for await (const offers of pages) {
      // Shutting down: stop between pages; the queue hands the job back and a retry skips what is written.
      ctx.signal.throwIfAborted();
      const written = await userTransaction(deps.db, userId, () => writePage(deps.catalog, userId, store, offers));
      totals.offers += offers.length;
      totals.added += written.added;
      totals.updated += written.updated;
      // Open PWAs pull what changed; a page that changed nothing gives them nothing to pull.
      if (written.added + written.updated > 0) deps.live.publish(userId, { type: 'changes' });
    }
  } finally {
    // Progress reports of the last pages must reach the socket before the queue's 100.
    await progress.flush();
  }
  ctx.notify('success', `Магазин «${store.name}»: добавлено ${totals.added}, обновлено ${totals.updated}`);
  return { store: store.name, ...totals };
}

/** Upserts one page; unchanged listings are not written, so a repeated import bumps no versions. */
async function writePage(catalog: CatalogRepository, userId: string, store: MarketRow, offers: MarketplaceOffer[]) {
  // A marketplace may list one article twice in a page; the last occurrence wins, as it would across pages.
  const incoming = new Map(offers.map((o) => [o.offerId, toListing(o)]));
  const existing = new Map(
    (await catalog.listingsOf(userId, store, [...incoming.keys()])).map((row) => [row.offerId, row]),
  );
  const fresh: ImportedListing[] = [];
  const changes: ListingChange[] = [];
  for (const listing of incoming.values()) {
    const row = existing.get(listing.offerId);
    if (!row) fresh.push(listing);
    // The warehouse product stays: how listings are grouped is the seller's decision, not the marketplace's.
    else if (differs(row, listing, store.id)) {
      const { offerId: _offerId, ...values } = listing;
      changes.push({ id: row.id, values: { ...values, marketRef: store.id } });
    }
  }
  await catalog.createWithProducts(userId, store, fresh);
  await catalog.updateListings(userId, changes);
  return { added: fresh.length, updated: changes.length };
}

function toListing(offer: MarketplaceOffer): ImportedListing {
  const extra = { ...offer.extra, ...(offer.articles?.length ? { barcodes: offer.articles } : {}) };
  return {
    offerId: offer.offerId,
    name: offer.name,
    primaryImage: offer.primaryImage ?? null,
    externalId: offer.externalId ?? null,
    // Through JSON once, so undefined members vanish exactly as they do in the jsonb column.
    extra: JSON.parse(JSON.stringify(extra)) as Record<string, unknown>,
  };
}

function differs(row: ProductMpRow, listing: ImportedListing, storeId: string): boolean {
  return (
    row.name !== listing.name ||
    row.primaryImage !== listing.primaryImage ||
    row.externalId !== listing.externalId ||
    row.marketRef !== storeId ||
    canonical(row.extra) !== canonical(listing.extra)
  );
}

/** jsonb stores object keys in its own order, so objects are compared with their keys sorted. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * Turns page counts into 0–99 for the ring. OZON reports a total; for the others the store's size
 * after its last import is the estimate, and a first import creeps towards 99 page by page.
 * Reports are chained so they reach the socket in order, and never go backwards.
 */
class ProgressReporter {
  private last = 0;
  private pages = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: JobContext,
    private readonly estimate: number,
  ) {}

  page(done: number, total?: number): void {
    this.pages += 1;
    const expected = total ?? (this.estimate >= done ? this.estimate : undefined);
    const value = expected ? (done / expected) * 99 : 99 * (1 - 0.8 ** this.pages);
    const next = Math.max(this.last, Math.min(99, Math.floor(value)));
    if (next === this.last && this.pages > 1) return;
    this.last = next;
    // Progress is only for the eye: a failed report must not fail the import.
    this.chain = this.chain.then(() => this.ctx.progress(next)).catch(() => undefined);
  }

  flush(): Promise<void> {
    return this.chain;
  }
}
