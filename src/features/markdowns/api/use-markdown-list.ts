import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { filterMarkdowns, joinMarkdowns, PAGE_SIZE, pageCount, type ListingInfo, type ProductInfo } from './markdown-list.ts';
import type { Markdown, MarkdownLine } from './types.ts';

export interface MarkdownList {
  loaded: boolean;
  rows: MarkdownLine[];
  matching: number;
  page: number;
  pages: number;
  /** SPEC §9 markdown total over the matching rows: Σ (price − markdown_price). */
  total: number;
  /** Receipt date of the lot each row's unit came from (markdown.lot_id → lot.created_at). */
  receivedAt: Map<string, string>;
}

/** /markdown from the device: every markdown with its product; the page's lots read separately. */
export function useMarkdownList({ search, onlyUnsold, page }: { search: string; onlyUnsold: boolean; page: number }): MarkdownList {
  const lines = useLiveQuery(async () => {
    const markdowns = (await db.mirrored('markdowns').toArray()) as unknown as Markdown[];
    const ids = [...new Set(markdowns.map((m) => m.product_id))];
    const [products, listings] = await Promise.all([
      db.mirrored('products_wh').bulkGet(ids),
      db.mirrored('products_mp').where('product_wh_id').anyOf(ids).toArray(),
    ]);
    const found = products.filter((p) => p !== undefined) as unknown as ProductInfo[];
    return joinMarkdowns(markdowns, found, listings as unknown as ListingInfo[]);
  }, []);
  const filtered = useMemo(() => filterMarkdowns(lines ?? [], { search, onlyUnsold }), [lines, search, onlyUnsold]);
  const total = useMemo(() => filtered.reduce((s, r) => s + (r.price - r.markdown_price), 0), [filtered]);
  const pages = pageCount(filtered.length);
  const current = Math.min(Math.max(1, page), pages);
  const rows = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const lotIds = [...new Set(rows.map((r) => r.lot_id).filter((id): id is string => !!id))];
  const receivedAt = useLiveQuery(
    async () => {
      const lots = await db.mirrored('lots').bulkGet(lotIds);
      return new Map(lots.filter((l) => l !== undefined).map((l) => [l.id, String(l.created_at)]));
    },
    [lotIds.join(',')],
    new Map<string, string>(),
  );
  return { loaded: lines !== undefined, rows, matching: filtered.length, total, page: current, pages, receivedAt };
}
