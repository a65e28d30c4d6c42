import { downloadSheet } from '../../../lib/export/download.ts';
import { exportFileName, type ExportFormat, type Sheet } from '../../../lib/export/sheet.ts';
import { productSourceSnapshot } from './product-source.ts';
import { averageCost, filterRows, pageOfRows, type ProductOrder } from './product-table.ts';
import { shortfall } from './shortfalls.ts';
import { sheetForMember } from '../../../lib/permissions.ts';

/**
 * /products as a sheet: every row the search matches, over all pages, in the table's order, with
 * the table's figures — read from the same rows the screen pages through (./product-source.ts),
 * numbered as the screen numbers them.
 */
export function productsSheet({ search, order }: { search: string; order: ProductOrder }, now = new Date()): Sheet {
  const source = productSourceSnapshot();
  const matching = filterRows(source.rows, search);
  const rows = pageOfRows(matching, order, 0, matching.length, { inNameOrder: true });
  return {
    fileName: exportFileName('Товары', now),
    title: 'Товары',
    columns: [
      { header: '№', kind: 'number' },
      { header: 'Название', kind: 'text' },
      { header: 'Артикулы', kind: 'text' },
      { header: 'Остаток', kind: 'number' },
      { header: 'Резерв', kind: 'number' },
      { header: 'Уценка', kind: 'number' },
      { header: 'Ср. себестоимость, ₽', kind: 'money' },
      { header: 'Сумма, ₽', kind: 'money' },
      { header: 'Не хватает на заказы', kind: 'number' },
    ],
    rows: rows.map((r, i) => {
      const lacking = shortfall(r.count, source.awaiting.get(r.id) ?? 0);
      return [
        i + 1,
        r.name,
        r.articles.join(', '),
        r.count,
        r.reserve,
        r.markdowns,
        averageCost(r),
        r.total_price,
        lacking > 0 ? lacking : null,
      ];
    }),
  };
}

/** The sheet as the member may have it: without costs, no money columns (lib/permissions.ts sheetForMember). */
export const exportProducts = (view: { search: string; order: ProductOrder }, format: ExportFormat) =>
  downloadSheet(sheetForMember(productsSheet(view)), format);
