import { useMemo, useSyncExternalStore } from 'react';
import { productSourceSnapshot, subscribeProductSource } from './product-source.ts';

export interface ProductChoice {
  id: string;
  name: string;
  articles: string[];
}

/** Every product (name order, with its articles) to pick from — e.g. the product an unknown barcode belongs to. */
export function useProductChoices(): ProductChoice[] {
  const source = useSyncExternalStore(subscribeProductSource, productSourceSnapshot);
  return useMemo(() => source.rows.map(({ id, name, articles }) => ({ id, name, articles })), [source.rows]);
}
