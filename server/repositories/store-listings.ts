import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productsMp, productsWh } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { MarketRow } from './markets.ts';
import { liveRows } from './owned-rows.ts';

/** A live listing of a store with the keys a marketplace's returns and orders may name it by. */
export interface StoreListing {
  id: string;
  offerId: string;
  externalId: string | null;
  /** OZON keeps its sku (the id its returns and postings name) in extra, beside the product_id in external_id. */
  sku: string | null;
  /** The live warehouse product it belongs to, or null. */
  productId: string | null;
  name: string;
}

/** The live listings of one store of the user: the condition every per-store listing read starts from. */
export const liveListingsOf = (userId: string, store: Pick<MarketRow, 'marketplace' | 'marketId'>) =>
  and(
    liveRows(productsMp, userId),
    eq(productsMp.marketplace, store.marketplace),
    eq(productsMp.marketId, store.marketId),
  );

/**
 * The store's live listings whose offer id, external id or OZON sku is among the given ones: what the
 * returns and posting-status imports match marketplace items against.
 */
export function storeListingsMatching(
  root: Db,
  userId: string,
  store: Pick<MarketRow, 'marketplace' | 'marketId'>,
  offerIds: string[],
  externalIds: string[],
): Promise<StoreListing[]> {
  if (offerIds.length === 0 && externalIds.length === 0) return Promise.resolve([]);
  const sku = sql<string | null>`${productsMp.extra} ->> 'sku'`;
  const keys = [
    ...(offerIds.length ? [inArray(productsMp.offerId, offerIds)] : []),
    ...(externalIds.length ? [inArray(productsMp.externalId, externalIds), inArray(sku, externalIds)] : []),
  ];
  return dbOf(root)
    .select({
      id: productsMp.id,
      offerId: productsMp.offerId,
      externalId: productsMp.externalId,
      sku,
      productId: productsWh.id,
      name: productsMp.name,
    })
    .from(productsMp)
    .leftJoin(productsWh, and(eq(productsWh.id, productsMp.productWhId), isNull(productsWh.deletedAt)))
    .where(and(liveListingsOf(userId, store), or(...keys)));
}

/** Finds an item's listing: by the seller's article first, else by the marketplace's product id. */
export function listingMatcher<T extends Pick<StoreListing, 'offerId' | 'externalId' | 'sku'>>(listings: readonly T[]) {
  const byOffer = new Map(listings.map((l) => [l.offerId, l]));
  const byExternal = new Map<string, T>();
  for (const l of listings) {
    if (l.sku) byExternal.set(l.sku, l);
    if (l.externalId) byExternal.set(l.externalId, l);
  }
  return (offerId: string | undefined, externalProductId: string | undefined): T | undefined =>
    (offerId ? byOffer.get(offerId) : undefined) ?? (externalProductId ? byExternal.get(externalProductId) : undefined);
}
