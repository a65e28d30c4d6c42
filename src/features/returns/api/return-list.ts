import type { ReturnFilter } from './returns-search.ts';
import type { ProductMp, ProductWh, Realization, Return, ReturnLine, ReturnSale } from './types.ts';

/**
 * Returns joined with their products (name, first picture), documents (receipt date) and the sales their orders
 * made, newest first.
 */
export function joinReturns(
  returns: readonly Return[],
  products: readonly ProductWh[],
  listings: readonly ProductMp[],
  batchDates: ReadonlyMap<string, string>,
  sales: ReadonlyMap<string, Realization> = new Map(),
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
        sale: r.realization_id ? saleOf(r, r.realization_id, sales.get(r.realization_id)) : null,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : 1));
}

function saleOf(r: Return, id: string, sale: Realization | undefined): ReturnSale {
  if (!sale) return { loaded: false, id, product_id: r.product_id, posting_number: r.order_number };
  return {
    loaded: true,
    id,
    product_id: sale.product,
    posting_number: sale.posting?.posting_number ?? r.order_number,
    date: sale.datetime,
    count: sale.count,
    realization_price: sale.realization_price,
  };
}

/**
 * The filter as the server's list applies it: «все» leaves out deleted returns, which only their own filter shows;
 * `member` keeps the returns one member entered ('' — everyone's; a marketplace's come from the server's loads).
 */
export function filterReturns(lines: readonly ReturnLine[], filter: ReturnFilter, member = ''): ReturnLine[] {
  const mine = member ? lines.filter((l) => l.created_by === member) : lines;
  if (filter === 'all') return mine.filter((l) => l.status !== 'deleted');
  return mine.filter((l) => l.status === filter);
}
