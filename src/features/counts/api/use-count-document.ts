import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import { draftFigures, postedFigures, type CountFigure } from './count-figures.ts';
import { countLinesTable, countsTable } from './count-tables.ts';
import { myLineIds } from './my-lines.ts';
import type { Count, CountLine } from './types.ts';

export interface CountRow extends CountFigure {
  name: string;
  /** What this device counted of it on the current shelf. */
  mine: number;
}

export interface CountDocument {
  count: Count;
  rows: CountRow[];
  lines: CountLine[];
}

/**
 * Live: the count with a row per product in scope — for a draft, expected from the device's projected stock and
 * counted from every person's lines in the mirror; for a posted count, its stored results. Null when the count
 * is not on the device, undefined while loading.
 */
export function useCountDocument(countId: string, shelf: string): CountDocument | null | undefined {
  return useLiveQuery(async () => {
    const count = await countsTable().get(countId);
    if (!count) return null;
    const [lines, products, lots, mine] = await Promise.all([
      countLinesTable().where('count_id').equals(countId).toArray(),
      db.rows('products_wh').toArray(),
      count.status === 'draft' ? loadProjectedLots() : Promise.resolve([]),
      myLineIds(),
    ]);
    const names = new Map(products.map((p) => [p.id, p.name]));
    const figures =
      count.status === 'posted'
        ? postedFigures(count.results)
        : draftFigures({
            scope: count.scope,
            productIds: count.product_ids,
            lines,
            lots,
            liveProducts: new Set(names.keys()),
          });
    const myHere = new Map<string, number>();
    for (const l of lines)
      if (mine.has(l.id) && l.shelf === shelf) myHere.set(l.product_id, (myHere.get(l.product_id) ?? 0) + l.quantity);
    const rows = figures
      .map((f) => ({ ...f, name: names.get(f.product_id) ?? 'Товар удалён', mine: myHere.get(f.product_id) ?? 0 }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    return { count, rows, lines };
  }, [countId, shelf]);
}

/** Live: the device's products by name, for the selection picker. */
export function useProductChoices(): { id: string; name: string }[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.rows('products_wh').toArray();
    return rows.map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  }, []);
}
