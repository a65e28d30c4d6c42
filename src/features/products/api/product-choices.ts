import { useMemo, useSyncExternalStore } from 'react';
import { productSourceSnapshot, subscribeProductSource } from './product-source.ts';

export interface ProductChoice {
  id: string;
  name: string;
  articles: string[];
}

const noSubscription = () => () => undefined;
const none: ProductChoice[] = [];

/**
 * Every product (name order, with its articles) to pick from — e.g. the product an unknown barcode
 * belongs to — only while `wanted`: a screen that merely might ask (a scan of an unknown code) must
 * not copy 50,000 products on every visit, nor start reading every lot while a fresh device's first
 * pull still fills the mirror (./use-product-table.ts keeps off the device's rows then for the same reason).
 */
export function useProductChoices(wanted: boolean): ProductChoice[] {
  const source = useSyncExternalStore(wanted ? subscribeProductSource : noSubscription, productSourceSnapshot);
  const rows = wanted ? source.rows : null;
  return useMemo(() => (rows ? rows.map(({ id, name, articles }) => ({ id, name, articles })) : none), [rows]);
}
