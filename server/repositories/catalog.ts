import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { markets, productBarcodes, productsMp, productsWh } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { MarketRow } from './markets.ts';
import { liveRows } from './owned-rows.ts';
import { liveListingsOf } from './store-listings.ts';
import type { ProductMpRow } from './products.ts';

/** What an import writes into one listing; compared field by field before anything is rewritten. */
export interface ImportedListing {
  offerId: string;
  name: string;
  primaryImage: string | null;
  externalId: string | null;
  extra: Record<string, unknown>;
}

/** A new offer: its listing, and the barcodes its new warehouse product starts with. */
export type NewOffer = ImportedListing & { barcodes: string[] };

export interface ListingChange {
  id: string;
  values: Omit<ImportedListing, 'offerId'> & { marketRef: string };
}

/**
 * The SQL of the catalog import: listings found by their offer key, new offers written as a
 * warehouse product plus its listing, changed listings updated. Everything is scoped to one user.
 */
export class CatalogRepository {
  constructor(private readonly root: Db) {}

  /** A live store by its row id (jobs keep the row id: the seller may rename the store meanwhile). */
  async store(userId: string, id: string): Promise<MarketRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(markets)
      .where(and(liveRows(markets, userId), eq(markets.id, id)));
    return row;
  }

  /** Live listings of one store (marketplace + market_id) among these offers, locked for the page's transaction. */
  listingsOf(
    userId: string,
    store: Pick<MarketRow, 'marketplace' | 'marketId'>,
    offerIds: string[],
  ): Promise<ProductMpRow[]> {
    if (offerIds.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select()
      .from(productsMp)
      .where(and(liveListingsOf(userId, store), inArray(productsMp.offerId, offerIds)))
      .for('update');
  }

  /** How many live listings the store had after its last import: the progress estimate for APIs that give no total. */
  async listingCount(userId: string, store: Pick<MarketRow, 'marketplace' | 'marketId'>): Promise<number> {
    const [row] = await dbOf(this.root).select({ n: count() }).from(productsMp).where(liveListingsOf(userId, store));
    return row?.n ?? 0;
  }

  /**
   * One warehouse product per new offer, named after it and showing its image. Ids are made here,
   * not read back from RETURNING, so each listing is tied to its own product whatever order rows come back in.
   */
  async createWithProducts(
    userId: string,
    store: Pick<MarketRow, 'id' | 'marketplace' | 'marketId'>,
    offers: NewOffer[],
  ): Promise<void> {
    if (offers.length === 0) return;
    const db = dbOf(this.root);
    const rows = offers.map((offer) => ({ offer, productId: randomUUID() }));
    await db.insert(productsWh).values(
      rows.map(({ offer, productId }) => ({
        id: productId,
        userId,
        name: offer.name || offer.offerId,
        images: offer.primaryImage ? [offer.primaryImage] : [],
        // Sold in the store it came from, as a product grouped by hand is in its listings' stores.
        marketIds: [store.marketId],
        barcodes: offer.barcodes,
      })),
    );
    await db.insert(productsMp).values(
      rows.map(({ offer: { barcodes: _barcodes, ...offer }, productId }) => ({
        ...offer,
        userId,
        productWhId: productId,
        marketRef: store.id,
        marketplace: store.marketplace,
        marketId: store.marketId,
      })),
    );
  }

  /** Which live product of the business has each of `codes` (product_barcodes, kept by a trigger). */
  async barcodeOwners(userId: string, codes: readonly string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await dbOf(this.root)
      .select({ code: productBarcodes.code, productId: productBarcodes.productId })
      .from(productBarcodes)
      .where(and(eq(productBarcodes.userId, userId), inArray(productBarcodes.code, [...codes])));
    return new Map(rows.map((r) => [r.code, r.productId]));
  }

  /** The barcodes the live products among `ids` have now. */
  async barcodesOf(userId: string, ids: readonly string[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const rows = await dbOf(this.root)
      .select({ id: productsWh.id, barcodes: productsWh.barcodes })
      .from(productsWh)
      .where(and(liveRows(productsWh, userId), inArray(productsWh.id, [...ids])));
    return new Map(rows.map((r) => [r.id, r.barcodes]));
  }

  async setBarcodes(userId: string, productId: string, barcodes: string[]): Promise<void> {
    await dbOf(this.root)
      .update(productsWh)
      .set({ barcodes })
      .where(and(liveRows(productsWh, userId), eq(productsWh.id, productId)));
  }

  async updateListings(userId: string, changes: ListingChange[]): Promise<void> {
    const db = dbOf(this.root);
    for (const change of changes) {
      await db
        .update(productsMp)
        .set(change.values)
        .where(and(eq(productsMp.userId, userId), eq(productsMp.id, change.id)));
    }
  }
}
