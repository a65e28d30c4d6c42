/** What a warehouse product shows of its marketplace listings. */
export interface ListingSummary {
  articles: string[];
  /** The first listing picture, for a product without its own. */
  image: string | null;
}

/** Articles (offer_id) and the first listing picture per warehouse product. */
export function listingsByProduct(
  listings: readonly { product_wh_id?: string | null; offer_id: string; primary_image: string | null }[],
): Map<string, ListingSummary> {
  const out = new Map<string, ListingSummary>();
  for (const l of listings) {
    if (!l.product_wh_id) continue;
    const entry = out.get(l.product_wh_id) ?? { articles: [], image: null };
    entry.articles.push(l.offer_id);
    entry.image ??= l.primary_image;
    out.set(l.product_wh_id, entry);
  }
  return out;
}
