import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';

export interface ProductInfo {
  name: string;
  image: string | null;
  articles: string[];
}

/** Name, first picture and articles of every warehouse product, live from the device. */
export function useProducts(): Map<string, ProductInfo> {
  return useLiveQuery(
    async () => {
      const [products, listings] = await Promise.all([
        db.rows('products_wh').toArray(),
        db.rows('products_mp').toArray(),
      ]);
      const out = new Map<string, ProductInfo>(
        products.map((p) => [p.id, { name: p.name, image: p.images?.[0] ?? null, articles: [] }]),
      );
      for (const l of listings) {
        const info = l.product_wh_id ? out.get(l.product_wh_id) : undefined;
        if (!info) continue;
        info.articles.push(l.offer_id);
        info.image ??= l.primary_image;
      }
      return out;
    },
    [],
    new Map<string, ProductInfo>(),
  );
}
