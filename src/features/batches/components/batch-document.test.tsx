// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { getAppState } from '../../../state/app-state.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { batchSheet, documentLines } from '../api/batch-document.ts';
import { loadBatch } from '../api/use-batch.ts';
import { loadCatalog } from '../api/use-product-catalog.ts';
import { seedBatch, seedLot, seedProduct } from '../test/seed.ts';
import { BatchDocumentScreen } from './batch-document-screen.tsx';
import { PurchaseFileImport } from './purchase-file-import.tsx';
import type { PurchaseLine } from '../api/purchase-lines.ts';

function DocumentRoute() {
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  return <BatchDocumentScreen batchId={batchId} />;
}
const open = (batchId: string) =>
  renderWithRouter(DocumentRoute, { path: '/inventory/batches/$batchId', url: `/inventory/batches/${batchId}` });
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => nbsp(td.textContent));

describe('/inventory/batches/{batch_id}', () => {
  it('shows the document: kind and date, lines by product name, totals; the export sheet holds the same lines', async () => {
    const kettle = await seedProduct('Чайник');
    const mug = await seedProduct('Кружка');
    await db.mirrored('products_mp').add({
      id: 'mp-1',
      _id: 'mp-1',
      product_wh_id: mug,
      name: 'Кружка',
      offer_id: 'MUG-1',
      primary_image: null,
      marketplace: 'OZON',
      market_id: 'm',
      version: 1,
    });
    const batch = await seedBatch({ date: '2025-03-14T00:00:00.000Z' });
    await seedLot(kettle, { batch_id: batch.id, count_max: 5, count: 2, price: 100.5 });
    await seedLot(mug, { batch_id: batch.id, count_max: 3, count: 3, price: 250 });
    await open(batch.id);
    await waitFor(() => expect(screen.getAllByTestId('document-line')).toHaveLength(2));
    // The title is set by an effect, after the rows are painted.
    await waitFor(() => expect(getAppState().title).toBe('Закупка от 14.03.2025'));
    expect(screen.getAllByTestId('document-line').map(cells)).toEqual([
      ['1', '', 'КружкаMUG-1', '3', '250 ₽', '750 ₽'],
      ['2', '', 'Чайник', '5', '100,50 ₽', '502,50 ₽'],
    ]);
    expect(nbsp(screen.getByTestId('document-totals').textContent)).toBe('Итого: 8 шт. на сумму 1 252,50 ₽');
    expect(screen.getByRole('button', { name: 'Экспорт' })).toBeTruthy();

    const contents = (await loadBatch(batch.id))!;
    const sheet = batchSheet(contents, documentLines(contents, await loadCatalog()), new Date(2025, 3, 1));
    expect(sheet.fileName).toBe('Закупка_от_14.03.2025_01.04.2025');
    expect(sheet.rows).toEqual([
      [1, 'Кружка', 'MUG-1', 3, 250, 750],
      [2, 'Чайник', '', 5, 100.5, 502.5],
    ]);
    expect(sheet.totals).toEqual(['Итого', null, null, 8, null, 1252.5]);
  });

  it('says so when the device has no such batch', async () => {
    await open('nope');
    await screen.findByText('Партия не найдена');
  });
});

describe('«Загрузить из файла»', () => {
  it('shows matched, unmatched and invalid lines before anything changes; «Добавить» hands over only the matched', async () => {
    const kettle = await seedProduct('Чайник стальной');
    await seedProduct('Термос');
    const added: PurchaseLine[][] = [];
    await renderWithRouter(() => <PurchaseFileImport onLines={(l) => added.push(l)} />);
    const csv = 'Наименование;Количество;Цена\nчайник стальной;5;100,5\nСамовар;1;10\nТермос;два;10\n';
    const file = new File([csv], 'закупка.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Файл закупки'), { target: { files: [file] } });
    const dialog = await screen.findByRole('dialog', { name: 'Загрузка из файла «закупка.csv»' });
    expect(within(dialog).getAllByTestId('file-line-matched').map(cells)).toEqual([
      ['2', 'Чайник стальной', 'названию', '5', '100,50 ₽'],
    ]);
    expect(within(dialog).getAllByTestId('file-line-unmatched').map(cells)).toEqual([
      ['3', 'Самовар', 'Нет товара склада с названием «Самовар»'],
    ]);
    expect(within(dialog).getAllByTestId('file-line-invalid').map(cells)).toEqual([
      ['4', 'Термос', 'Количество «два» — не число'],
    ]);
    expect(added).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить строк: 1' }));
    expect(added).toEqual([[{ id: expect.any(String), product_id: kettle, count: '5', price: '100.5' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why a file without headings cannot be read', async () => {
    await renderWithRouter(() => <PurchaseFileImport onLines={() => {}} />);
    fireEvent.change(screen.getByLabelText('Файл закупки'), { target: { files: [new File(['a;b\n1;2'], 'x.csv')] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не нашли заголовки столбцов');
  });
});
