import { listingsByProduct } from './listings.ts';

/** A warehouse product as the product pickers show it: name, first picture, articles. */
export interface CatalogProduct {
  id: string;
  name: string;
  image: string | null;
  articles: string[];
  /** Lower-cased name and articles, for search. */
  haystack: string;
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** Products with their listings' articles and pictures (their own picture first), sorted by name. */
export function buildCatalog(
  products: readonly { id: string; name: string; images?: string[] | null }[],
  listings: Parameters<typeof listingsByProduct>[0],
): CatalogProduct[] {
  const listed = listingsByProduct(listings);
  return products
    .map((p) => {
      const l = listed.get(p.id);
      const articles = l?.articles ?? [];
      return {
        id: p.id,
        name: p.name,
        image: p.images?.[0] ?? l?.image ?? null,
        articles,
        haystack: [p.name, ...articles].join('\n').toLowerCase(),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

export function searchCatalog(products: readonly CatalogProduct[], search: string): CatalogProduct[] {
  const needle = search.trim().toLowerCase();
  return needle ? products.filter((p) => p.haystack.includes(needle)) : [...products];
}
