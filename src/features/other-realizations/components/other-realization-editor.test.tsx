// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import type { ProductDrawerProps } from '../api/types.ts';
import { OtherRealizationPage } from './other-realization-editor.tsx';

/** Stands in for the batch screens' product drawer, which the route composes in. */
let catalog: { id: string; name: string }[] = [];
beforeEach(() => {
  catalog = [];
});
function StubDrawer({ open, onPick }: ProductDrawerProps) {
  if (!open) return null;
  return (
    <aside aria-label="Товары склада">
      {catalog.map((p) => (
        <button key={p.id} type="button" onClick={() => onPick(p.id)}>
          Добавить «{p.name}»
        </button>
      ))}
    </aside>
  );
}

const add = () =>
  renderWithRouter(() => <OtherRealizationPage Drawer={StubDrawer} />, { path: '/other-realizations/add' });
function EditRoute() {
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  return <OtherRealizationPage batchId={batchId} Drawer={StubDrawer} />;
}
const edit = (batchId: string) =>
  renderWithRouter(EditRoute, {
    path: '/other-realizations/edit/$batchId',
    url: `/other-realizations/edit/${batchId}`,
  });

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const lines = () => screen.queryAllByTestId('other-line');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const pick = (name: string) =>
  fireEvent.click(
    within(screen.getByRole('complementary', { name: 'Товары склада' })).getByRole('button', {
      name: `Добавить «${name}»`,
    }),
  );
const calls = async () => (await db.outbox.orderBy('seq').toArray()).filter((e) => !e.carrier);

async function seedProduct(name: string) {
  const id = crypto.randomUUID();
  await db.mirrored('products_wh').add({ id, _id: id, name, description: '', images: [], version: 1 });
  catalog.push({ id, name });
  return id;
}
async function seedLot(productId: string, count: number, price: number, created_at: string) {
  await db.mirrored('lots').add({
    id: crypto.randomUUID(),
    product_id: productId,
    batch_id: null,
    count,
    count_max: count,
    price,
    created_at,
    is_return: false,
    version: 1,
  });
}

describe('/other-realizations/add (docs/screens.md)', () => {
  it('a line needs a non-zero count and a marketplace: otherwise it is flagged and nothing is queued', async () => {
    const kettle = await seedProduct('Чайник');
    await seedLot(kettle, 5, 100, '2025-01-01T00:00:00.000Z');
    await add();
    expect(getAppState().title).toBe('Списание и прочая реализация');
    expect(screen.getByText('В списке нет товаров для реализации. Добавьте их из списка «Товары».')).toBeTruthy();
    await waitFor(() => pick('Чайник'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(value('Количество, строка 1')).toBe('1');
    expect(value('Маркетплейс, строка 1')).toBe('');
    expect(
      within(screen.getByLabelText('Маркетплейс, строка 1'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Не выбран', 'OZON', 'Wildberries', 'Яндекс Маркет', 'Другое']);
    type('Количество, строка 1', '0');

    fireEvent.click(screen.getByRole('button', { name: 'Реализовать' }));
    expect(lines()[0]!.dataset.flagged).toBe('true');
    expect(within(lines()[0]!).getByRole('alert').textContent).toBe(
      'Укажите количество больше 0, выберите маркетплейс',
    );
    expect(screen.getByText('Укажите количество больше 0 и маркетплейс в выделенных строках')).toBeTruthy();
    type('Маркетплейс, строка 1', 'WB');
    expect(within(lines()[0]!).getByRole('alert').textContent).toBe('Укажите количество больше 0');
    type('Количество, строка 1', '2');
    expect(lines()[0]!.dataset.flagged).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('counts stay within stock: the product’s lines together may not exceed it, the excess comes off the edited line', async () => {
    const kettle = await seedProduct('Чайник');
    await seedLot(kettle, 3, 100, '2025-01-01T00:00:00.000Z');
    await seedLot(kettle, 2, 120, '2025-02-01T00:00:00.000Z');
    // An active reserve sets 1 unit aside: 4 are available.
    await db.mirrored('reserves').add({ id: 'r1', product: kettle, count: 1, price: 0, status: 'active' });
    await add();
    await waitFor(() => pick('Чайник'));
    pick('Чайник');
    await waitFor(() => expect(lines()).toHaveLength(2));
    await waitFor(() => expect(within(lines()[0]!).getByText('На складе: 4 шт.')).toBeTruthy());
    type('Количество, строка 1', '3');
    type('Количество, строка 2', '4');
    expect(value('Количество, строка 2')).toBe('1');
    type('Количество, строка 1', '10');
    expect(value('Количество, строка 1')).toBe('3');
    // A third line of the same product starts at 0: nothing is left for it.
    pick('Чайник');
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(value('Количество, строка 3')).toBe('0');
  });

  it('«Реализовать» queues ONE group: the lines, then the document; rows written at once and stock taken offline', async () => {
    const kettle = await seedProduct('Чайник');
    const cup = await seedProduct('Кружка');
    await seedLot(kettle, 3, 100, '2025-01-01T00:00:00.000Z');
    await seedLot(kettle, 2, 130, '2025-02-01T00:00:00.000Z');
    await seedLot(cup, 1, 50, '2025-01-01T00:00:00.000Z');
    const page = await add();
    await waitFor(() => pick('Чайник'));
    pick('Кружка');
    await waitFor(() => expect(lines()).toHaveLength(2));
    await waitFor(() => expect(within(lines()[0]!).getByText('На складе: 5 шт.')).toBeTruthy());
    type('Примечание, строка 1', 'Подарок блогеру');
    type('Маркетплейс, строка 1', 'Other');
    type('Количество, строка 1', '4');
    type('Цена реализации, строка 1', '150');
    type('Маркетплейс, строка 2', 'OZON');
    expect(nbsp(screen.getByTestId('other-totals').textContent)).toBe('Итого: 5 шт. на сумму 600 ₽');
    type('Дата реализации', '08.03.2025');
    expect(screen.getByLabelText('Дата реализации')).toMatchObject({ value: '08.03.2025', inputMode: 'numeric' });

    fireEvent.click(screen.getByRole('button', { name: 'Реализовать' }));
    await page.waitForPath('/inventory/batches');

    const all = await db.outbox.orderBy('seq').toArray();
    expect(new Set(all.map((e) => e.group)).size).toBe(1);
    const [linesCall, docCall, ...rest] = await calls();
    expect(rest).toEqual([]);
    const [a, b] = (linesCall!.body as { batch: { id: string }[] }).batch.map((l) => l.id);
    expect(linesCall).toMatchObject({
      method: 'POST',
      path: '/api/v1/other_realization_batch/',
      body: {
        batch: [
          {
            id: a,
            product_id: kettle,
            count: 4,
            marketplace: 'Other',
            realization_price: 150,
            description: 'Подарок блогеру',
          },
          { id: b, product_id: cup, count: 1, marketplace: 'OZON', realization_price: 0, description: '' },
        ],
      },
    });
    const batchId = (docCall!.body as { id: string }).id;
    expect(docCall).toMatchObject({
      method: 'POST',
      path: '/api/v1/batch/',
      body: { id: batchId, date: '2025-03-08', kind: 'other', inventory_ids: [], other_realization_ids: [a, b] },
    });

    // On the device at once: the rows (cost estimated FIFO: 3 × 100 + 1 × 130), the document, and the stock.
    expect(await db.mirrored('other_realizations').get(a!)).toMatchObject({
      batch_id: batchId,
      date: '2025-03-08T00:00:00.000Z',
      count: 4,
      price: 107.5,
      marketplace: 'Other',
    });
    expect(await db.mirrored('batches').get(batchId)).toMatchObject({
      kind: 'other',
      date: '2025-03-08T00:00:00.000Z',
    });
    expect((await loadProductStock(kettle)).onHand).toBe(1);
    expect((await loadProductStock(cup)).onHand).toBe(0);
  });
});

describe('/other-realizations/edit/{batch_id}', () => {
  it('loads the lines; its own units count as available; «Обновить» patches the document in the same group', async () => {
    const kettle = await seedProduct('Чайник');
    await seedLot(kettle, 1, 100, '2025-01-01T00:00:00.000Z'); // 1 left after the 2 below were taken
    const batch = {
      id: crypto.randomUUID(),
      kind: 'other',
      date: '2025-03-01T00:00:00.000Z',
      description: '',
      created_at: '2025-03-01T00:00:00.000Z',
      version: 1,
      updated_at: '',
    };
    await db.mirrored('batches').add(batch);
    const row = (id: string, count: number) => ({
      id,
      product_id: kettle,
      batch_id: batch.id,
      date: batch.date,
      description: '',
      marketplace: 'WB',
      count,
      price: 100,
      realization_price: 200,
      release: false,
      version: 1,
    });
    await db.mirrored('other_realizations').bulkAdd([row('o1', 2), row('o2', 1)]);
    await edit(batch.id);
    await waitFor(() => expect(lines()).toHaveLength(2));
    await waitFor(() => expect(getAppState().title).toBe('Прочая реализация от 01.03.2025'));
    expect(screen.queryByRole('complementary')).toBeNull();
    // 1 on hand + the 3 this document took.
    await waitFor(() => expect(within(lines()[0]!).getByText('На складе: 4 шт.')).toBeTruthy());
    type('Количество, строка 1', '9');
    expect(value('Количество, строка 1')).toBe('3');
    expect(lines().map((l) => l.dataset.state)).toEqual(['modified', 'same']);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить строку 2' }));

    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(getAppState().notification).toEqual({ type: 'info', text: 'Данные обновлены' }));
    const [linesCall, docCall, ...rest] = await calls();
    expect(rest).toEqual([]);
    expect(linesCall!.body).toEqual({
      batch: [{ id: 'o1', product_id: kettle, count: 3, marketplace: 'WB', realization_price: 200, description: '' }],
    });
    expect(docCall).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/batch/${batch.id}/`,
      body: { date: '2025-03-01', kind: 'other', inventory_ids: [], other_realization_ids: ['o1'] },
    });
    expect(await db.mirrored('other_realizations').get('o2')).toBeUndefined();
    expect(await db.mirrored('other_realizations').get('o1')).toMatchObject({ count: 3 });
    await waitFor(() => expect(lines().map((l) => l.dataset.state)).toEqual(['same']));
  });
});
