import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { buildCatalog, type CatalogProduct } from '../../../lib/product-catalog.ts';

/** The warehouse products to link an article to: by name, searchable by name or article; live from the device. */
export function useProductCatalog(): CatalogProduct[] | undefined {
  return useLiveQuery(async () => {
    const [products, listings] = await Promise.all([
      db.rows('products_wh').toArray(),
      db.rows('products_mp').toArray(),
    ]);
    return buildCatalog(products, listings);
  }, []);
}
