import { downloadSheet } from '../../../lib/export/download.ts';
import { exportFileName, type ExportFormat, type Sheet } from '../../../lib/export/sheet.ts';
import { formatDay } from '../../../lib/format.ts';
import type { CatalogProduct } from '../../../lib/product-catalog.ts';
import type { BatchMode } from './batches-search.ts';
import { loadBatch, type BatchContents } from './use-batch.ts';
import { loadCatalog } from './use-product-catalog.ts';
import { sheetForMember } from '../../../lib/permissions.ts';

/** A line of /inventory/batches/{batch_id}: a product of the document, how many and at what price. */
export interface DocumentLine {
  id: string;
  product_id: string;
  name: string;
  image: string | null;
  articles: string[];
  /** Purchases and returns: received (count_max); other: realized. */
  count: number;
  /** Purchases and returns: unit cost; other: realization price. Absent for a member who does not see costs. */
  price: number | undefined;
  sum: number;
}

export const documentKinds: Record<BatchMode, string> = {
  purchase: 'Закупка',
  return: 'Возврат',
  other: 'Списание и прочая реализация',
};

/**
 * The document's lines in the product list's order (by name, as the catalog sorts), each as the
 * batch list sums it (src/features/batches/api/batch-list.ts): lots for purchases and returns,
 * other realizations for «other» documents.
 */
export function documentLines(
  contents: Pick<BatchContents, 'batch' | 'lots' | 'otherRealizations'>,
  catalog: readonly CatalogProduct[],
): DocumentLine[] {
  const rank = new Map(catalog.map((p, i) => [p.id, i]));
  const byId = new Map(catalog.map((p) => [p.id, p]));
  const raw =
    contents.batch.kind === 'other'
      ? contents.otherRealizations.map((o) => ({
          id: o.id,
          product_id: o.product_id,
          count: o.count,
          price: o.realization_price,
        }))
      : contents.lots.map((l) => ({ id: l.id, product_id: l.product_id, count: l.count_max, price: l.price }));
  return raw
    .map((l) => {
      const p = byId.get(l.product_id);
      return {
        ...l,
        name: p?.name ?? 'Товар не найден',
        image: p?.image ?? null,
        articles: p?.articles ?? [],
        sum: l.count * (l.price ?? NaN),
      };
    })
    .sort(
      (a, b) => (rank.get(a.product_id) ?? Infinity) - (rank.get(b.product_id) ?? Infinity) || (a.id < b.id ? -1 : 1),
    );
}

export const documentTotals = (lines: readonly DocumentLine[]) =>
  lines.reduce((t, l) => ({ count: t.count + l.count, sum: t.sum + l.sum }), { count: 0, sum: 0 });

export function batchSheet(
  contents: Pick<BatchContents, 'batch'>,
  lines: readonly DocumentLine[],
  now = new Date(),
): Sheet {
  const { batch } = contents;
  const totals = documentTotals(lines);
  return {
    fileName: exportFileName(`${documentKinds[batch.kind]}_от_${formatDay(batch.date)}`, now),
    title: `${documentKinds[batch.kind]} от ${formatDay(batch.date)}`,
    meta: [
      { label: 'Документ', value: documentKinds[batch.kind], kind: 'text' },
      { label: batch.kind === 'other' ? 'Дата реализации' : 'Дата поступления', value: batch.date, kind: 'date' },
    ],
    columns: [
      { header: '№', kind: 'number' },
      { header: 'Товар', kind: 'text' },
      { header: 'Артикулы', kind: 'text' },
      { header: 'Количество', kind: 'number' },
      { header: batch.kind === 'other' ? 'Цена реализации, ₽' : 'Цена, ₽', kind: 'money' },
      { header: 'Сумма, ₽', kind: 'money' },
    ],
    rows: lines.map((l, i) => [
      i + 1,
      l.name,
      l.articles.join(', '),
      l.count,
      l.price ?? null,
      Number.isNaN(l.sum) ? null : l.sum,
    ]),
    totals: ['Итого', null, null, totals.count, null, totals.sum],
  };
}

/** The document as the screen shows it, from the device (offline too); no money columns for a member without costs. */
export async function exportBatch(batchId: string, format: ExportFormat): Promise<void> {
  const [contents, catalog] = await Promise.all([loadBatch(batchId), loadCatalog()]);
  if (!contents) throw new Error('На устройстве нет такой партии');
  await downloadSheet(sheetForMember(batchSheet(contents, documentLines(contents, catalog))), format);
}
