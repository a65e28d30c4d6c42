import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { listingsByProduct } from '../../../lib/listings.ts';

/** A warehouse product as the returns drawer shows it: name, first picture, articles. */
export interface CatalogProduct {
  id: string;
  name: string;
  image: string | null;
  articles: string[];
  /** Lower-cased name and articles, for search. */
  haystack: string;
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** The warehouse products, by name, searchable by name or article; live from the device. */
export function useProductCatalog(): CatalogProduct[] | undefined {
  return useLiveQuery(async () => {
    const [products, listings] = await Promise.all([db.rows('products_wh').toArray(), db.rows('products_mp').toArray()]);
    const listed = listingsByProduct(listings);
    return products
      .map((p) => {
        const l = listed.get(p.id);
        const articles = l?.articles ?? [];
        return { id: p.id, name: p.name, image: p.images?.[0] ?? l?.image ?? null, articles, haystack: [p.name, ...articles].join('\n').toLowerCase() };
      })
      .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  }, []);
}

export function searchCatalog(products: readonly CatalogProduct[], search: string): CatalogProduct[] {
  const needle = search.trim().toLowerCase();
  return needle ? products.filter((p) => p.haystack.includes(needle)) : [...products];
}
