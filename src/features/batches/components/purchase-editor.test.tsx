// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { toApiDate } from '../../../lib/dates.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { seedBatch, seedLot, seedOther, seedProduct } from '../test/seed.ts';
import { PurchaseEditorPage } from './purchase-editor.tsx';

const add = () => renderWithRouter(() => <PurchaseEditorPage />, { path: '/inventory/add' });
function EditRoute() {
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  return <PurchaseEditorPage batchId={batchId} />;
}
const edit = (batchId: string) =>
  renderWithRouter(EditRoute, { path: '/inventory/edit/$batchId', url: `/inventory/edit/${batchId}` });

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const lines = () => screen.queryAllByTestId('purchase-line');
const drawer = () => screen.getByRole('complementary', { name: 'Товары склада' });
const pick = async (name: string) =>
  fireEvent.click(await within(drawer()).findByRole('button', { name: `Добавить «${name}»` }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The calls queued (entries that only record another row of a call are not calls). */
const calls = async () => (await db.outbox.orderBy('seq').toArray()).filter((e) => !e.carrier);

describe('/inventory/add — receiving a purchase (docs/screens.md)', () => {
  it('opens with the product drawer and the empty-state message; a click on a product adds a line', async () => {
    const kettle = await seedProduct('Чайник');
    await seedProduct('Кружка');
    await seedLot(kettle, { price: 250, created_at: '2025-01-01T00:00:00.000Z' });
    await add();
    expect(getAppState().title).toBe('Оприходование товара');
    expect(screen.getByText('В списке нет товаров для оприходования. Добавьте их из списка «Товары».')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Оприходовать' })).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(
        within(drawer())
          .getAllByTestId('drawer-product')
          .map((b) => nbsp(b.textContent)),
      ).toEqual(['Кружка0 шт.', 'Чайник5 шт.']),
    );

    fireEvent.change(within(drawer()).getByLabelText('Поиск товара'), { target: { value: 'чай' } });
    await waitFor(() => expect(within(drawer()).getAllByTestId('drawer-product')).toHaveLength(1));
    await pick('Чайник');
    await waitFor(() => expect(lines()).toHaveLength(1));
    // One unit at the product's latest purchase price; highlighted as new.
    expect(screen.getByLabelText('Количество, строка 1')).toMatchObject({ value: '1' });
    expect(screen.getByLabelText('Цена, строка 1')).toMatchObject({ value: '250' });
    expect(lines()[0]!.dataset.state).toBe('new');
    expect(screen.getByRole('button', { name: 'Оприходовать' })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Закрыть список товаров' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Товары' }));
    expect(drawer()).toBeTruthy();
  });

  it('the drawer lists 50 products per page', async () => {
    await db.mirrored('products_wh').bulkAdd(
      Array.from({ length: 60 }, (_, i) => ({
        id: `p${i}`,
        name: `Товар ${String(i).padStart(2, '0')}`,
        images: [],
      })),
    );
    await add();
    await waitFor(() => expect(within(drawer()).getAllByTestId('drawer-product')).toHaveLength(50));
    fireEvent.click(within(drawer()).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(
        within(drawer())
          .getAllByTestId('drawer-product')
          .map((b) => b.textContent),
      ).toContain('Товар 590 шт.'),
    );
    expect(within(drawer()).getAllByTestId('drawer-product')).toHaveLength(10);
  });

  it('a line with count or price 0 is flagged and no confirmation appears; the flag clears once both are above 0', async () => {
    await seedProduct('Чайник');
    await seedProduct('Кружка');
    await add();
    await pick('Чайник');
    await pick('Кружка');
    await waitFor(() => expect(lines()).toHaveLength(2));
    type('Цена, строка 1', '100');
    type('Количество, строка 2', '0');
    type('Цена, строка 2', '30');

    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lines().map((l) => l.dataset.flagged)).toEqual([undefined, 'true']);
    expect(screen.getByText('Укажите количество и цену больше 0 в выделенных строках')).toBeTruthy();
    expect(screen.getByLabelText('Количество, строка 2').getAttribute('aria-invalid')).toBe('true');

    type('Количество, строка 2', '5');
    expect(lines().map((l) => l.dataset.flagged)).toEqual([undefined, undefined]);
    expect(nbsp(screen.getByTestId('purchase-totals').textContent)).toBe('Итого: 6 шт. на сумму 250 ₽');
    expect(await db.outbox.count()).toBe(0);
  });

  it('confirms the total quantity and sum, then queues ONE group: the lines, then the document; rows written at once', async () => {
    const kettle = await seedProduct('Чайник');
    const cup = await seedProduct('Кружка');
    const page = await add();
    await pick('Чайник');
    await pick('Кружка');
    await waitFor(() => expect(lines()).toHaveLength(2));
    type('Количество, строка 1', '3');
    type('Цена, строка 1', '100.5');
    type('Количество, строка 2', '2');
    type('Цена, строка 2', '40');
    const date = screen.getByLabelText('Дата поступления');
    expect(date).toMatchObject({
      type: 'text',
      placeholder: 'ДД.ММ.ГГГГ',
      value: toApiDate().split('-').reverse().join('.'),
    });
    fireEvent.change(date, { target: { value: '14.02.2025' } });

    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Оприходовать товар?' });
    expect(nbsp(within(dialog).getByText(/^Всего/).textContent)).toBe('Всего 5 шт. на сумму 381,50 ₽.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Оприходовать' }));
    await page.waitForPath('/inventory/batches');

    const all = await db.outbox.orderBy('seq').toArray();
    expect(new Set(all.map((e) => e.group)).size).toBe(1);
    expect(all[0]!.group).toEqual(expect.any(String));
    const [linesCall, docCall, ...rest] = await calls();
    expect(rest).toEqual([]);
    const [kettleLot, cupLot] = (linesCall!.body as { batch: { id: string }[] }).batch.map((l) => l.id);
    expect(linesCall).toMatchObject({
      method: 'POST',
      path: '/api/v1/inventory_batch/',
      body: {
        batch: [
          { id: kettleLot, product_id: kettle, count: 3, price: 100.5 },
          { id: cupLot, product_id: cup, count: 2, price: 40 },
        ],
      },
    });
    const batchId = (docCall!.body as { id: string }).id;
    expect(docCall).toMatchObject({
      method: 'POST',
      path: '/api/v1/batch/',
      table: 'batches',
      row_id: batchId,
      body: {
        id: batchId,
        date: '2025-02-14',
        kind: 'purchase',
        inventory_ids: [kettleLot, cupLot],
        other_realization_ids: [],
      },
    });
    expect(all.indexOf(linesCall!)).toBeLessThan(all.findIndex((e) => e.id === docCall!.id));

    // Offline at once: the lots (count = count_max, received on the chosen day) and the batch.
    expect(await db.mirrored('lots').get(kettleLot!)).toMatchObject({
      product_id: kettle,
      batch_id: batchId,
      count: 3,
      count_max: 3,
      price: 100.5,
      created_at: '2025-02-14T00:00:00.000Z',
    });
    expect(await db.mirrored('lots').get(cupLot!)).toMatchObject({
      count: 2,
      count_max: 2,
      price: 40,
      batch_id: batchId,
    });
    expect(await db.mirrored('batches').get(batchId)).toMatchObject({
      kind: 'purchase',
      date: '2025-02-14T00:00:00.000Z',
    });
  });

  it('refuses a date outside 1900–2099', async () => {
    await seedProduct('Чайник');
    await add();
    await pick('Чайник');
    await waitFor(() => expect(lines()).toHaveLength(1));
    type('Цена, строка 1', '10');
    type('Дата поступления', '31.12.1899');
    expect(await screen.findByText('Дата должна быть с 01.01.1900 по 31.12.2099')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    expect(await screen.findByText('Укажите дату поступления от 01.01.1900 до 31.12.2099')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/inventory/edit/{batch_id} (docs/screens.md)', () => {
  async function seededBatch() {
    const kettle = await seedProduct('Чайник');
    const cup = await seedProduct('Кружка');
    const batch = await seedBatch({ date: '2025-03-01T00:00:00.000Z' });
    const a = await seedLot(kettle, { batch_id: batch.id, count: 5, count_max: 5, price: 100 });
    const b = await seedLot(cup, { batch_id: batch.id, count: 2, count_max: 2, price: 30 });
    return { kettle, cup, batch, a, b };
  }

  it('shows the lines and the date; modified and new lines are highlighted; «Обновить» patches the document in the same group', async () => {
    const { kettle, batch, a, b } = await seededBatch();
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    await edit(batch.id);
    await waitFor(() => expect(lines()).toHaveLength(2));
    await waitFor(() => expect(getAppState().title).toBe('Партия от 01.03.2025'));
    expect(screen.getByLabelText('Дата поступления')).toMatchObject({ value: '01.03.2025' });
    // Not open by default when editing.
    expect(screen.queryByRole('complementary')).toBeNull();
    const line = (id: string) => lines().find((l) => within(l).queryByDisplayValue(id === a.id ? '100' : '30'))!;
    expect(lines().map((l) => l.dataset.state)).toEqual(['same', 'same']);
    const priceOfA = within(line(a.id)).getByLabelText(/^Цена/);
    fireEvent.change(priceOfA, { target: { value: '120' } });
    expect(
      lines()
        .map((l) => l.dataset.state)
        .sort(),
    ).toEqual(['modified', 'same']);
    fireEvent.click(screen.getByRole('button', { name: 'Товары' }));
    await pick('Чайник');
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(lines()[2]!.dataset.state).toBe('new');
    type('Количество, строка 3', '4');
    type('Цена, строка 3', '10');
    // The cup line goes.
    fireEvent.click(within(line(b.id)).getByRole('button', { name: /^Убрать строку/ }));
    type('Дата поступления', '02.03.2025');

    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Обновить партию?' });
    expect(nbsp(within(dialog).getByText(/^Всего/).textContent)).toBe('Всего 9 шт. на сумму 640 ₽.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Обновить' }));

    await waitFor(() => expect(getAppState().notification).toEqual({ type: 'info', text: 'Данные обновлены' }));
    expect(setTimer).toHaveBeenCalledWith(expect.any(Function), 3_000);
    const [linesCall, docCall, ...rest] = await calls();
    expect(rest).toEqual([]);
    const newLot = (linesCall!.body as { batch: { id: string }[] }).batch[1]!.id;
    // Only new and changed lines are sent; every kept lot is listed in the document.
    expect(linesCall!.body).toEqual({
      batch: [
        { id: a.id, product_id: kettle, count: 5, price: 120 },
        { id: newLot, product_id: kettle, count: 4, price: 10 },
      ],
    });
    expect(docCall).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/batch/${batch.id}/`,
      body: {
        id: batch.id,
        date: '2025-03-02',
        kind: 'purchase',
        inventory_ids: [a.id, newLot],
        other_realization_ids: [],
      },
    });
    expect(new Set((await db.outbox.toArray()).map((e) => e.group)).size).toBe(1);
    expect(await db.mirrored('lots').get(b.id)).toBeUndefined();
    expect(await db.mirrored('lots').get(a.id)).toMatchObject({
      price: 120,
      price_edited: true,
      created_at: '2025-03-02T00:00:00.000Z',
    });
    expect(await db.mirrored('batches').get(batch.id)).toMatchObject({ date: '2025-03-02T00:00:00.000Z' });
    // Saved: nothing is highlighted any more.
    await waitFor(() => expect(lines().map((l) => l.dataset.state)).toEqual(['same', 'same']));
  });

  it('hides the remove buttons when the batch has markdowns or disposals, and shows them read-only with its other realizations', async () => {
    const { kettle, cup, batch, a } = await seededBatch();
    await db.mirrored('markdowns').add({
      id: 'm1',
      product_id: kettle,
      lot_id: a.id,
      datetime: '2025-03-03T10:00:00',
      description: 'Скол',
      price: 100,
      markdown_price: 70,
      release: false,
      count: 1,
    });
    await db.mirrored('disposals').add({
      id: 'd1',
      product_id: cup,
      batch_id: null,
      count: 1,
      price: 30,
      datetime: '2025-03-04T10:00:00',
      description: '',
    });
    await db.mirrored('stock_movements').add({
      id: 'sm1',
      product_id: cup,
      lot_id: (await db.mirrored('lots').where('product_id').equals(cup).first())!.id,
      delta: -1,
      source_table: 'disposals',
      source_id: 'd1',
    });
    await seedOther(kettle, { batch_id: batch.id, count: 1, realization_price: 500, marketplace: 'WB' });
    await edit(batch.id);
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(screen.queryAllByRole('button', { name: /^Убрать строку/ })).toEqual([]);
    const cellsOf = (name: string) =>
      [...within(screen.getByRole('table', { name })).getAllByRole('row')].slice(1).map((r) => nbsp(r.textContent));
    await waitFor(() => expect(cellsOf('Уценки из партии')).toEqual(['03.03.2025 10:00Чайник — Скол100 ₽70 ₽Нет']));
    expect(cellsOf('Списания из партии')).toEqual(['04.03.2025 10:00Кружка130 ₽30 ₽']);
    expect(cellsOf('Прочие реализации')).toEqual(['WildberriesЧайник1500 ₽500 ₽']);
  });

  it('a line whose lot was already taken from cannot be removed nor received below what left', async () => {
    const { batch, a } = await seededBatch();
    await db.mirrored('lots').update(a.id, { count: 3 });
    await edit(batch.id);
    await waitFor(() => expect(lines()).toHaveLength(2));
    const lineA = lines().find((l) => within(l).queryByDisplayValue('100'))!;
    expect(within(lineA).getByRole('button', { name: /^Убрать/ })).toHaveProperty('disabled', true);
    fireEvent.change(within(lineA).getByLabelText(/^Количество/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(within(lineA).getByRole('alert').textContent).toBe(
      'Из партии уже ушло 2 шт.: поступило не может быть меньше',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the device has no such batch', async () => {
    await edit(crypto.randomUUID());
    expect(await screen.findByText('Партия не найдена')).toBeTruthy();
  });
});
