import { downloadSheet } from '../../../lib/export/download.ts';
import { exportFileName, type ExportFormat, type Sheet } from '../../../lib/export/sheet.ts';
import { filterRows, type InventoryFilter } from './inventory-table.ts';
import type { InventoryRow } from './types.ts';
import { loadInventoryRows } from './use-inventory-table.ts';

/**
 * /inventory as a sheet: the rows the filter matches over all pages, newest receipt first, with the table's columns.
 */
export function inventorySheet(rows: readonly InventoryRow[], now = new Date()): Sheet {
  return {
    fileName: exportFileName('Партии_товара', now),
    title: 'Партии товара',
    columns: [
      { header: 'Дата', kind: 'moment' },
      { header: 'Товар', kind: 'text' },
      { header: 'Артикулы', kind: 'text' },
      { header: 'Закуплено', kind: 'number' },
      { header: 'Себестоимость, ₽', kind: 'money' },
      { header: 'Остаток', kind: 'number' },
      { header: 'Сумма, ₽', kind: 'money' },
      { header: 'Возврат', kind: 'text' },
    ],
    rows: rows.map((r) => [
      r.created_at,
      r.name,
      r.articles.join(', '),
      r.count_max,
      r.price,
      r.count,
      r.count * r.price,
      r.is_return ? 'Да' : null,
    ]),
  };
}

/** Reads the lots from the device as the screen does (offline too) and saves the matching ones. */
export async function exportInventory(filter: InventoryFilter, format: ExportFormat): Promise<void> {
  await downloadSheet(inventorySheet(filterRows(await loadInventoryRows(), filter)), format);
}
