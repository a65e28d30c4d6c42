import type { ReturnFilter } from './returns-search.ts';
import type { ProductMp, ProductWh, Return, ReturnLine } from './types.ts';

/** Returns joined with their products (name, first picture) and documents (receipt date), newest first. */
export function joinReturns(
  returns: readonly Return[],
  products: readonly ProductWh[],
  listings: readonly ProductMp[],
  batchDates: ReadonlyMap<string, string>,
): ReturnLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const pictures = new Map<string, string>();
  for (const l of listings)
    if (l.product_wh_id && l.primary_image && !pictures.has(l.product_wh_id))
      pictures.set(l.product_wh_id, l.primary_image);
  return returns
    .map((r) => {
      const product = r.product_id ? byId.get(r.product_id) : undefined;
      const linked = r.product_id !== null;
      return {
        ...r,
        title: product?.name || r.name,
        image: product?.images?.[0] ?? (r.product_id ? pictures.get(r.product_id) : undefined) ?? null,
        linked,
        date: r.returned_at ?? r.created_at,
        received_at: (r.batch_id ? batchDates.get(r.batch_id) : undefined) ?? r.final_moment,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : 1));
}

/** The filter as the server's list applies it: «все» leaves out deleted returns, which only their own filter shows. */
export function filterReturns(lines: readonly ReturnLine[], filter: ReturnFilter): ReturnLine[] {
  if (filter === 'all') return lines.filter((l) => l.status !== 'deleted');
  return lines.filter((l) => l.status === filter);
}
