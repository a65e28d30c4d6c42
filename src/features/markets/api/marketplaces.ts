import type { Market } from '../../../db/database.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';

export type StoreMarketplace = Market['marketplace'];

const codes: readonly StoreMarketplace[] = ['-', 'OZON', 'WILDBERRIES', 'YM'];

export const marketplaceOptions: ReadonlyArray<{ value: StoreMarketplace; label: string }> = codes.map((value) => ({
  value,
  label: marketplaceName(value),
}));

/** What the device shows for a key it has not sent yet; the server answers the same shape. */
export const maskKey = (key: string) => (key.length <= 8 ? '••••' : `••••${key.slice(-4)}`);
