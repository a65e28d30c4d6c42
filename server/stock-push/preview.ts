import type { SecretBox } from '../lib/secret-box.ts';
import type { MarketplaceCode, StockPushAdapter, StockWarehouse } from '../marketplaces/types.ts';
import type { StockPushRepository } from '../repositories/stock-push.ts';
import { credentialsOf, planStores, stockItems, type PlannedListing, type ConnectedStore } from './plan.ts';
import { refusalOf } from './refusal.ts';

export interface StockPushDeps {
  repo: StockPushRepository;
  secrets: SecretBox;
  adapters: Record<MarketplaceCode, StockPushAdapter>;
}

/**
 * One store of the preview: its warehouse and listings with what each marketplace shows now (null: it could not tell).
 */
export interface StorePreview {
  store: ConnectedStore;
  warehouse: StockWarehouse | null;
  /** Why the marketplace could not be asked (a refused key, no warehouse): the seller reads it. */
  error: string | null;
  /** The marketplace's own refusal, code and text as it answered; null when it did not refuse. */
  marketplaceError: string | null;
  listings: Array<PlannedListing & { current: number | null }>;
}

/**
 * What a push would change, per store: the available quantity of each listing beside the marketplace's
 * current stock at the warehouse the push goes to. A store the marketplace cannot be asked about still
 * shows its quantities, with the reason.
 */
export async function previewStores(
  deps: StockPushDeps,
  userId: string,
  marketIds?: readonly string[],
): Promise<StorePreview[]> {
  const previews: StorePreview[] = [];
  for (const plan of await planStores(deps.repo, userId, marketIds)) {
    const preview: StorePreview = {
      store: plan.store,
      warehouse: null,
      error: null,
      marketplaceError: null,
      listings: plan.listings.map((l) => ({ ...l, current: null })),
    };
    previews.push(preview);
    const credentials = credentialsOf(deps.secrets, plan.store);
    if ('error' in credentials) {
      preview.error = credentials.error;
      continue;
    }
    const adapter = deps.adapters[plan.store.marketplace];
    try {
      preview.warehouse = await adapter.stockWarehouse(credentials);
      if (plan.listings.length === 0) continue;
      const current = await adapter.readStocks(credentials, preview.warehouse, stockItems(plan));
      for (const l of preview.listings) l.current = current.get(l.productMpId) ?? null;
    } catch (err) {
      ({ error: preview.error, marketplaceError: preview.marketplaceError } = refusalOf(err));
    }
  }
  return previews;
}
