import type { Market } from '../../../db/database.ts';

export type StoreMarketplace = Market['marketplace'];

export const marketplaceOptions: ReadonlyArray<{ value: StoreMarketplace; label: string }> = [
  { value: '-', label: 'Без маркетплейса' },
  { value: 'OZON', label: 'OZON' },
  { value: 'WILDBERRIES', label: 'Wildberries' },
  { value: 'YM', label: 'Яндекс Маркет' },
];


/** What the device shows for a key it has not sent yet; the server answers the same shape. */
export const maskKey = (key: string) => (key.length <= 8 ? '••••' : `••••${key.slice(-4)}`);
