import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { buildCatalog, type CatalogProduct } from '../../../lib/product-catalog.ts';

export interface Catalog {
  loaded: boolean;
  products: CatalogProduct[];
  byId: Map<string, CatalogProduct>;
}

/** Every warehouse product with its articles and picture, in name order. */
export async function loadCatalog(): Promise<CatalogProduct[]> {
  const [wh, mp] = await Promise.all([db.rows('products_wh').toArray(), db.rows('products_mp').toArray()]);
  return buildCatalog(wh, mp);
}

/** Every warehouse product with its articles and picture, live from the device. */
export function useProductCatalog(): Catalog {
  const products = useLiveQuery(loadCatalog, []);
  return useMemo(
    () => ({
      loaded: products !== undefined,
      products: products ?? [],
      byId: new Map((products ?? []).map((p) => [p.id, p])),
    }),
    [products],
  );
}

/** Units on hand per product, as the server will have them once the outbox is sent. */
export function useOnHand(): Map<string, number> {
  return useLiveQuery(
    async () => {
      const out = new Map<string, number>();
      for (const lot of await loadProjectedLots()) out.set(lot.product_id, (out.get(lot.product_id) ?? 0) + lot.count);
      return out;
    },
    [],
    new Map<string, number>(),
  );
}
