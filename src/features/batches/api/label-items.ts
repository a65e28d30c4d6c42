import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { barcodesOf } from '../../../scan/attach-barcode.ts';
import type { LabelItem } from '../../../ui/labels-dialog.tsx';

/**
 * A receipt's labels: one per unit received, with each product's first barcode read live from the device — so a
 * code made in the labels dialog («Создать штрихкод») shows up at once.
 */
export function useReceiptLabelItems(lines: readonly { product_id: string; count: number }[], enabled: boolean) {
  const key = lines.map((l) => `${l.product_id}:${l.count}`).join(',');
  return useLiveQuery(
    async (): Promise<LabelItem[]> => {
      if (!enabled) return [];
      const units = new Map<string, number>();
      for (const l of lines) units.set(l.product_id, (units.get(l.product_id) ?? 0) + Math.max(0, l.count));
      const rows = await db.rows('products_wh').bulkGet([...units.keys()]);
      return rows.flatMap((row) =>
        row
          ? [{ productId: row.id, name: row.name, code: barcodesOf(row)[0] ?? null, units: units.get(row.id) ?? 0 }]
          : [],
      );
    },
    // `key` stands for the lines' content, which a new array of the same lines does not change.
    [key, enabled],
    [],
  );
}
