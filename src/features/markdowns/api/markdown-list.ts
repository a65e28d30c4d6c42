import type { Markdown, MarkdownLine } from './types.ts';

export interface ProductInfo {
  id: string;
  name?: string;
  images?: string[];
}
export interface ListingInfo {
  product_wh_id: string | null;
  offer_id: string;
  primary_image: string | null;
}

/** Markdowns joined with their products and listings, newest first. */
export function joinMarkdowns(markdowns: Markdown[], products: ProductInfo[], listings: ListingInfo[]): MarkdownLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const listed = new Map<string, ListingInfo[]>();
  for (const l of listings)
    if (l.product_wh_id) listed.set(l.product_wh_id, [...(listed.get(l.product_wh_id) ?? []), l]);
  return markdowns
    .map((m) => {
      const product = byId.get(m.product_id);
      const ls = listed.get(m.product_id) ?? [];
      const articles = ls.map((l) => l.offer_id).sort();
      const name = product?.name ?? '';
      return {
        ...m,
        name,
        image: product?.images?.[0] ?? ls.find((l) => l.primary_image)?.primary_image ?? null,
        articles,
        haystack: [name, ...articles, m.description].join('\n').toLowerCase(),
      };
    })
    .sort((a, b) => b.datetime.localeCompare(a.datetime) || (a.id < b.id ? -1 : 1));
}

/**
 * «Только непроданные» hides released ones; the search looks at name, articles and description; `member` keeps one
 * member's ('' — everyone's).
 */
export function filterMarkdowns(
  lines: MarkdownLine[],
  { search, onlyUnsold, member = '' }: { search: string; onlyUnsold: boolean; member?: string },
): MarkdownLine[] {
  const needle = search.trim().toLowerCase();
  return lines.filter(
    (l) =>
      (!onlyUnsold || !l.release) && (!needle || l.haystack.includes(needle)) && (!member || l.created_by === member),
  );
}
