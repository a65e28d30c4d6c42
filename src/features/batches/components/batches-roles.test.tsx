// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { seedMemberNames, signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { batchesSearchSchema } from '../api/batches-search.ts';
import { seedBatch, seedLot, seedProduct } from '../test/seed.ts';
import { BatchDocumentScreen } from './batch-document-screen.tsx';
import { BatchesScreen } from './batches-screen.tsx';
import { PurchaseEditorPage } from './purchase-editor.tsx';

/*
 * Receipt documents by role (issue 24): who made each, a «Сотрудник» filter, and for a warehouse member without
 * leave to see costs no sums — with the saved lines' prices kept as they are unless the member types new ones.
 */
function BatchesRoute() {
  const search = batchesSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <BatchesScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
function DocumentRoute() {
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  return <BatchDocumentScreen batchId={batchId} />;
}
function EditRoute() {
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  return <PurchaseEditorPage batchId={batchId} />;
}
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => nbsp(td.textContent));
const headings = () => [...document.querySelectorAll('th')].map((th) => th.textContent);

const anna = crypto.randomUUID();
const boris = crypto.randomUUID();
async function team(costs: boolean) {
  const me = signInAsRole('warehouse', { userId: boris, costs });
  await seedMemberNames(me, [
    { id: anna, first_name: 'Анна', last_name: 'Петрова', role: 'owner' },
    { id: boris, first_name: 'Борис', last_name: 'Сидоров' },
  ]);
}
/** A purchase of `count` units; without costs its lot comes without a price, as such a member pulls it. */
async function purchase(createdBy: string, date: string, count: number, costs: boolean) {
  const product = await seedProduct(`Товар ${date}`);
  const batch = await seedBatch({ date, created_by: createdBy });
  const lot = await seedLot(product, {
    batch_id: batch.id,
    count,
    count_max: count,
    created_at: date,
    created_by: createdBy,
  });
  if (!costs) await db.mirrored('lots').update(lot.id, { price: undefined });
  return { batch, lot };
}

describe('/inventory/batches: who, and the «Сотрудник» filter', () => {
  it('names who made each document; the filter keeps one member’s', async () => {
    await team(true);
    await purchase(anna, '2025-03-10T00:00:00.000Z', 2, true);
    await purchase(boris, '2025-03-12T00:00:00.000Z', 3, true);
    await renderWithRouter(BatchesRoute, { path: '/inventory/batches', url: '/inventory/batches?is_return=false' });
    await waitFor(() =>
      expect(screen.getAllByTestId('batch-row').map((r) => cells(r).at(-1))).toEqual(['Борис Сидоров', 'Анна Петрова']),
    );
    const filter = screen.getByLabelText('Сотрудник') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual(['Все', 'Анна Петрова', 'Борис Сидоров']);
    fireEvent.change(filter, { target: { value: anna } });
    await waitFor(() => expect(screen.getAllByTestId('batch-row')).toHaveLength(1));
    expect(cells(screen.getByTestId('batch-row')).at(-1)).toBe('Анна Петрова');
    expect(filter.value).toBe(anna);
  });

  it('without costs: no «Сумма» column', async () => {
    await team(false);
    await purchase(anna, '2025-03-10T00:00:00.000Z', 2, false);
    await renderWithRouter(BatchesRoute, { path: '/inventory/batches', url: '/inventory/batches?is_return=false' });
    const [row] = await screen.findAllByTestId('batch-row');
    expect(headings()).toEqual(['№', 'Дата', 'Товары', 'Количество', 'Кто']);
    await waitFor(() => expect(cells(row!).slice(3)).toEqual(['2', 'Анна Петрова']));
  });
});

describe('a purchase document without costs', () => {
  it('the read-only document: price «—», no sums, who made it', async () => {
    await team(false);
    const { batch } = await purchase(anna, '2025-03-10T00:00:00.000Z', 2, false);
    await renderWithRouter(DocumentRoute, {
      path: '/inventory/batches/$batchId',
      url: `/inventory/batches/${batch.id}`,
    });
    const [line] = await screen.findAllByTestId('document-line');
    expect(headings()).not.toContain('Сумма');
    expect(cells(line!).at(-1)).toBe('—');
    expect(nbsp(screen.getByTestId('document-totals').textContent)).toBe('Итого: 2 шт.');
    await waitFor(() => expect(screen.getByTestId('document-author').textContent).toBe('Анна Петрова'));
  });

  it('the editor: the saved line’s price field empty; a new count needs a typed price, which is sent', async () => {
    await team(false);
    const { batch } = await purchase(anna, '2025-03-10T00:00:00.000Z', 2, false);
    await renderWithRouter(EditRoute, { path: '/inventory/edit/$batchId', url: `/inventory/edit/${batch.id}` });
    const price = (await screen.findByLabelText('Цена, строка 1')) as HTMLInputElement;
    expect(price.value).toBe('');
    expect(price.placeholder).toBe('—');
    expect(screen.getAllByTestId('purchase-line')[0]!.dataset.state).toBe('same');
    expect(nbsp(screen.getByTestId('purchase-totals').textContent)).toBe('Итого: 2 шт.');
    expect(headings()).not.toContain('Сумма');

    // A new count needs a price: the server changes a line only with one.
    fireEvent.change(screen.getByLabelText('Количество, строка 1'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(await screen.findByText('Укажите цену: без неё поступление не изменить')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(price, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Обновить партию?' });
    expect(nbsp(within(dialog).getByText(/^Всего/).textContent)).toBe('Всего 4 шт.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Обновить' }));
    await waitFor(async () => expect(await db.outbox.count()).toBeGreaterThan(0));
    const [lines] = await db.outbox.orderBy('seq').toArray();
    expect(lines!.body).toEqual({
      batch: [{ id: expect.any(String), product_id: expect.any(String), count: 4, price: 15 }],
    });
  });

  it('the editor: a saved line left as it is goes unsent (its hidden price is kept)', async () => {
    await team(false);
    const { batch, lot } = await purchase(anna, '2025-03-10T00:00:00.000Z', 2, false);
    const added = await seedProduct('Кружка');
    await renderWithRouter(EditRoute, { path: '/inventory/edit/$batchId', url: `/inventory/edit/${batch.id}` });
    await screen.findByLabelText('Цена, строка 1');
    fireEvent.click(screen.getByRole('button', { name: 'Товары' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить «Кружка»' }));
    await waitFor(() => expect(screen.getAllByTestId('purchase-line')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Цена, строка 2'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Обновить' }));
    await waitFor(async () => expect(await db.outbox.count()).toBeGreaterThan(0));
    const [lines] = await db.outbox.orderBy('seq').toArray();
    const sent = (lines!.body as { batch: { product_id: string }[] }).batch;
    expect(sent.map((l) => l.product_id)).toEqual([added]);
    expect((await db.rows('lots').get(lot.id))?.price).toBeUndefined();
  });
});
