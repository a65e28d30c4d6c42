import { calendarDay } from '../../../lib/format.ts';
import type { BatchMode } from './batches-search.ts';
import type { Batch, Lot, OtherRealization } from './types.ts';

/** Thumbnails a row shows before «+N» (docs/screens.md «Форматы и постоянные»). */
export const THUMBNAILS = 5;

/** A row of /inventory/batches, as GET /api/v1/batch/ answers it — computed on the device. */
export interface BatchRow {
  id: string;
  /** 1-based position among all the user's batches by creation. */
  number: number;
  date: string;
  kind: BatchMode;
  thumbnails: string[];
  /** Products of the batch not shown by a picture. */
  more: number;
  /** Purchases and returns: Σ count_max; other: Σ count. */
  total_count: number;
  /**
   * Purchases and returns: Σ count_max × price; other: Σ count × realization_price. NaN when a line has no price
   * (a member without leave to see costs gets none): such a member's list has no sum column.
   */
  total_sum: number;
  /** The member who made the document; null for the server's own or before teams. */
  created_by: string | null;
}

type Line = { product_id: string; count: number; amount: number };

function linesByBatch<T extends { batch_id: string | null }>(rows: T[], toLine: (row: T) => Line): Map<string, Line[]> {
  const out = new Map<string, Line[]>();
  for (const r of rows) {
    if (!r.batch_id) continue;
    let list = out.get(r.batch_id);
    if (!list) out.set(r.batch_id, (list = []));
    list.push(toLine(r));
  }
  return out;
}

export function summarizeBatches(
  batches: Batch[],
  lots: Lot[],
  others: OtherRealization[],
  imageOf: (productId: string) => string | null,
): BatchRow[] {
  // Lots make up purchases and returns; other realizations make up «other» batches.
  const lotLines = linesByBatch(lots, (l) => ({
    product_id: l.product_id,
    count: l.count_max,
    amount: l.count_max * l.price,
  }));
  const otherLines = linesByBatch(others, (o) => ({
    product_id: o.product_id,
    count: o.count,
    amount: o.count * o.realization_price,
  }));

  const byCreation = [...batches].sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1));
  return byCreation.map((b, i) => {
    const own = (b.kind === 'other' ? otherLines : lotLines).get(b.id) ?? [];
    const products = [...new Set(own.map((l) => l.product_id))];
    const thumbnails = products
      .map(imageOf)
      .filter((img): img is string => !!img)
      .slice(0, THUMBNAILS);
    return {
      id: b.id,
      number: i + 1,
      date: b.date,
      kind: b.kind,
      thumbnails,
      more: products.length - thumbnails.length,
      total_count: own.reduce((s, l) => s + l.count, 0),
      total_sum: own.reduce((s, l) => s + l.amount, 0),
      created_by: b.created_by ?? null,
    };
  });
}

/**
 * The mode's batches dated within the days given (both included), made by the member given ('' — anyone), newest
 * date first.
 */
export function filterBatches(
  rows: BatchRow[],
  mode: BatchMode,
  start: string,
  end: string,
  member: string = '',
): BatchRow[] {
  return rows
    .filter((r) => r.kind === mode && (!member || r.created_by === member))
    .filter((r) => {
      const day = calendarDay(r.date);
      return (!start || day >= start) && (!end || day <= end);
    })
    .sort((a, b) => b.date.localeCompare(a.date) || b.number - a.number);
}
