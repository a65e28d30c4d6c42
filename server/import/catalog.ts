import type { Db } from '../db/client.ts';
import { userTransaction } from '../db/user-lock.ts';
import type { JobContext } from '../jobs/queue.ts';
import { marketplaceJob, openStore } from './store-job.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { LiveHub } from '../live/hub.ts';
import { type CatalogAdapter, type MarketplaceCode, type MarketplaceOffer } from '../marketplaces/types.ts';
import type { CatalogRepository, ImportedListing, ListingChange, NewOffer } from '../repositories/catalog.ts';
import { MAX_BARCODES, storableBarcode } from '../schemas/barcodes.ts';
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
  /**
   * Marketplace barcodes not added to the offer's product: another product of the business has the code, the
   * product already has 50, or the API would refuse the code (a bad EAN-13). Present only when there were any.
   */
  barcodes_skipped?: number;
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
  const totals = { offers: 0, added: 0, updated: 0, barcodesSkipped: 0 };
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
      totals.barcodesSkipped += written.barcodesSkipped;
      // Open PWAs pull what changed; a page that changed nothing gives them nothing to pull.
      if (written.added + written.updated + written.barcodesAdded > 0) deps.live.publish(userId, { type: 'changes' });
    }
  } finally {
    // Progress reports of the last pages must reach the socket before the queue's 100.
    await progress.flush();
  }
  const { barcodesSkipped, ...counts } = totals;
  const skippedNote =
    barcodesSkipped > 0 ? `; штрихкодов не добавлено: ${barcodesSkipped} (уже у других товаров или неверные)` : '';
  ctx.notify(
    'success',
    `Магазин «${store.name}»: добавлено ${counts.added}, обновлено ${counts.updated}${skippedNote}`,
  );
  return { store: store.name, ...counts, ...(barcodesSkipped > 0 ? { barcodes_skipped: barcodesSkipped } : {}) };
}

/** Upserts one page; unchanged listings are not written, so a repeated import bumps no versions. */
async function writePage(catalog: CatalogRepository, userId: string, store: MarketRow, offers: MarketplaceOffer[]) {
  // A marketplace may list one article twice in a page; the last occurrence wins, as it would across pages.
  const incoming = new Map(offers.map((o) => [o.offerId, toListing(o)]));
  const codesOf = new Map(offers.map((o) => [o.offerId, o.barcodes ?? []]));
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
  const barcodes = await placeBarcodes(
    catalog,
    userId,
    [...incoming.values()].map((l) => ({
      product: existing.get(l.offerId)?.productWhId ?? `new:${l.offerId}`,
      codes: codesOf.get(l.offerId) ?? [],
    })),
  );
  await catalog.createWithProducts(
    userId,
    store,
    fresh.map((l): NewOffer => ({ ...l, barcodes: barcodes.lists.get(`new:${l.offerId}`) ?? [] })),
  );
  await catalog.updateListings(userId, changes);
  for (const [product, codes] of barcodes.lists)
    if (!product.startsWith('new:')) await catalog.setBarcodes(userId, product, codes);
  return {
    added: fresh.length,
    updated: changes.length,
    barcodesAdded: barcodes.added,
    barcodesSkipped: barcodes.skipped,
  };
}

/**
 * The marketplace's barcodes of each offer go to the warehouse product the offer belongs to (docs/rules.md
 * «Штрихкоды»), added to the codes it has. A code another product of the business has — before this page or
 * given earlier in it — stays with that product and is skipped here, as is a code the API would refuse, so an
 * import never fails on a barcode. Answers the new lists of the products that change (a new product by
 * `new:<offerId>`), read and written under the business's lock the page's transaction holds.
 */
async function placeBarcodes(
  catalog: CatalogRepository,
  userId: string,
  offers: { product: string; codes: string[] }[],
): Promise<{ lists: Map<string, string[]>; added: number; skipped: number }> {
  let skipped = 0;
  const wanted = offers.map((o) => ({
    product: o.product,
    codes: o.codes.flatMap((raw) => {
      const code = storableBarcode(raw);
      if (code === undefined) skipped += 1;
      return code === undefined ? [] : [code];
    }),
  }));
  const owners = await catalog.barcodeOwners(userId, [...new Set(wanted.flatMap((o) => o.codes))]);
  const current = await catalog.barcodesOf(userId, [
    ...new Set(wanted.flatMap((o) => (o.product.startsWith('new:') ? [] : [o.product]))),
  ]);
  const lists = new Map<string, string[]>();
  let added = 0;
  for (const { product, codes } of wanted)
    for (const code of codes) {
      const owner = owners.get(code);
      if (owner === product) continue;
      const list = lists.get(product) ?? [...(current.get(product) ?? [])];
      if (owner !== undefined || list.length >= MAX_BARCODES) {
        skipped += 1;
        continue;
      }
      list.push(code);
      lists.set(product, list);
      owners.set(code, product);
      added += 1;
    }
  return { lists, added, skipped };
}

function toListing(offer: MarketplaceOffer): ImportedListing {
  // The listing keeps the marketplace's own codes too: the WB stock push names a size by them (wildberries-stocks.ts).
  const extra = { ...offer.extra, ...(offer.barcodes?.length ? { barcodes: offer.barcodes } : {}) };
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
