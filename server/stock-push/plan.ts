import type { SecretBox } from '../lib/secret-box.ts';
import type { MarketplaceCode, StockItem, StoreCredentials } from '../marketplaces/types.ts';
import type { MarketRow } from '../repositories/markets.ts';
import type { StockListing, StockPushRepository } from '../repositories/stock-push.ts';
import { availableToSell } from './available.ts';

export type ConnectedStore = MarketRow & { marketplace: MarketplaceCode };

/** A listing with the quantity the push would send for it. */
export interface PlannedListing extends StockListing {
  available: number;
}

/** One store's part of a push: its listings and the items the adapter is given (keyed by listing id). */
export interface StorePlan {
  store: ConnectedStore;
  listings: PlannedListing[];
}

/**
 * The user's connected stores (all, or those of `marketIds`), each with its listings and their available quantities.
 */
export async function planStores(
  repo: StockPushRepository,
  userId: string,
  marketIds?: readonly string[],
): Promise<StorePlan[]> {
  const stores = (await repo.connectedStores(userId, marketIds)) as ConnectedStore[];
  const plans: StorePlan[] = [];
  for (const store of stores) {
    const listings = (await repo.listings(userId, store)).map((l) => ({
      ...l,
      available: availableToSell(l.onHand, l.reserved, l.awaitingPackaging),
    }));
    plans.push({ store, listings });
  }
  return plans;
}

/**
 * Only the listings whose quantity differs from the last one their marketplace accepted: the automatic
 * push sends what changed, so a burst of edits unrelated to stock costs no marketplace request.
 */
export async function changedOnly(repo: StockPushRepository, userId: string, plans: StorePlan[]): Promise<StorePlan[]> {
  const last = await repo.lastAccepted(
    userId,
    plans.flatMap((p) => p.listings.map((l) => l.productMpId)),
  );
  return plans
    .map((p) => ({ ...p, listings: p.listings.filter((l) => last.get(l.productMpId)?.quantity !== l.available) }))
    .filter((p) => p.listings.length > 0);
}

export const stockItems = (plan: StorePlan): StockItem[] =>
  plan.listings.map((l) => ({
    key: l.productMpId,
    offerId: l.offerId,
    externalId: l.externalId ?? undefined,
    extra: l.extra,
    quantity: l.available,
  }));

/**
 * The store's credentials with its key opened; a key sealed with another ENCRYPTION_KEY reads as an error the seller
 * can fix.
 */
export function credentialsOf(secrets: SecretBox, store: ConnectedStore): StoreCredentials | { error: string } {
  try {
    return { marketId: store.marketId, apiKey: secrets.open(store.accessTokenEnc!), name: store.name };
  } catch {
    return { error: `Магазин «${store.name}»: сохранённый ключ API не читается, введите его заново` };
  }
}
