import type { ProductMp, ProductWh } from './types.ts';

/** A warehouse product as the batch screens show it: name, first picture, articles. */
export interface CatalogProduct {
  id: string;
  name: string;
  image: string | null;
  articles: string[];
  /** Lower-cased name and articles, for search. */
  haystack: string;
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** Products with their listings' articles and pictures, sorted by name. */
export function buildCatalog(products: ProductWh[], listings: ProductMp[]): CatalogProduct[] {
  const byProduct = new Map<string, ProductMp[]>();
  for (const l of listings) if (l.product_wh_id) byProduct.set(l.product_wh_id, [...(byProduct.get(l.product_wh_id) ?? []), l]);
  return products
    .map((p) => {
      const own = byProduct.get(p.id) ?? [];
      const articles = own.map((l) => l.offer_id);
      return {
        id: p.id,
        name: p.name,
        image: p.images?.[0] ?? own.find((l) => l.primary_image)?.primary_image ?? null,
        articles,
        haystack: [p.name, ...articles].join('\n').toLowerCase(),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

export function searchCatalog(products: CatalogProduct[], search: string): CatalogProduct[] {
  const needle = search.trim().toLowerCase();
  return needle ? products.filter((p) => p.haystack.includes(needle)) : products;
}
