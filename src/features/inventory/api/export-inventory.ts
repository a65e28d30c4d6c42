import { downloadSheet } from '../../../lib/export/download.ts';
import { exportFileName, type ExportFormat, type Sheet } from '../../../lib/export/sheet.ts';
import { filterRows, type InventoryFilter } from './inventory-table.ts';
import type { InventoryRow } from './types.ts';
import { loadInventoryRows } from './use-inventory-table.ts';
import { sheetForMember } from '../../../lib/permissions.ts';
import { authorName } from '../../../ui/members.tsx';
import { loadMemberNames } from './member-names.ts';

/**
 * /inventory as a sheet: the rows the filter matches over all pages, newest receipt first, with the table's columns.
 */
export function inventorySheet(
  rows: readonly InventoryRow[],
  names: ReadonlyMap<string, string> = new Map(),
  now = new Date(),
): Sheet {
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
      { header: 'Кто', kind: 'text' },
    ],
    rows: rows.map((r) => [
      r.created_at,
      r.name,
      r.articles.join(', '),
      r.count_max,
      r.price ?? null,
      r.count,
      r.price === undefined ? null : r.count * r.price,
      r.is_return ? 'Да' : null,
      authorName(names, r.created_by),
    ]),
  };
}

/**
 * Reads the lots from the device as the screen does (offline too) and saves the matching ones; without the money
 * columns for a member who does not see costs.
 */
export async function exportInventory(filter: InventoryFilter, format: ExportFormat): Promise<void> {
  const [rows, members] = await Promise.all([loadInventoryRows(), loadMemberNames()]);
  await downloadSheet(sheetForMember(inventorySheet(filterRows(rows, filter), members.names)), format);
}
