import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../../db/database.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { filterMarkdowns, joinMarkdowns } from './markdown-list.ts';
import type { MarkdownLine } from './types.ts';

export interface MarkdownList {
  loaded: boolean;
  rows: MarkdownLine[];
  matching: number;
  page: number;
  pages: number;
  /**
   * Markdown total (docs/screens.md «Форматы и постоянные») over the matching rows: Σ (price − markdown_price); NaN
   * when rows come without prices (a member without leave to see costs, whose screen shows no total).
   */
  total: number;
  /** Receipt date of the lot each row's unit came from (markdown.lot_id → lot.created_at). */
  receivedAt: Map<string, string>;
}

/** /markdown from the device: every markdown with its product; the page's lots read separately. */
export function useMarkdownList({
  search,
  onlyUnsold,
  member = '',
  page,
}: {
  search: string;
  onlyUnsold: boolean;
  /** A member's id, or '' for everyone's. */
  member?: string;
  page: number;
}): MarkdownList {
  const lines = useLiveQuery(async () => {
    const markdowns = await db.rows('markdowns').toArray();
    const ids = [...new Set(markdowns.map((m) => m.product_id))];
    const [products, listings] = await Promise.all([
      db.rows('products_wh').bulkGet(ids),
      db.rows('products_mp').where('product_wh_id').anyOf(ids).toArray(),
    ]);
    const found = products.filter((p) => p !== undefined);
    return joinMarkdowns(markdowns, found, listings);
  }, []);
  const filtered = useMemo(
    () => filterMarkdowns(lines ?? [], { search, onlyUnsold, member }),
    [lines, search, onlyUnsold, member],
  );
  const total = useMemo(() => filtered.reduce((s, r) => s + (r.price - r.markdown_price), 0), [filtered]);
  const { page: current, pages, start, end } = pageWindow(filtered.length, page);
  const rows = filtered.slice(start, end);
  const lotIds = [...new Set(rows.map((r) => r.lot_id).filter((id): id is string => !!id))];
  const receivedAt = useLiveQuery(
    async () => {
      const lots = await db.rows('lots').bulkGet(lotIds);
      return new Map(lots.filter((l) => l !== undefined).map((l) => [l.id, String(l.created_at)]));
    },
    [lotIds.join(',')],
    new Map<string, string>(),
  );
  return { loaded: lines !== undefined, rows, matching: filtered.length, total, page: current, pages, receivedAt };
}
