// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { inventorySearchSchema } from '../api/inventory-search.ts';
import { InventoryScreen } from './inventory-screen.tsx';

const syncNow = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../sync/sync-engine.ts', () => ({ syncNow }));

function InventoryRoute() {
  const search = inventorySearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <InventoryScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
const open = (url = '/inventory') => renderWithRouter(InventoryRoute, { path: '/inventory', url });

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const rows = () => screen.queryAllByTestId('inventory-row');
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => nbsp(td.textContent));

async function seedProduct(name: string, extra: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  await db.mirrored('products_wh').add({ id, _id: id, name, description: '', images: [], version: 1, ...extra });
  return id;
}
async function seedLot(productId: string, extra: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  const row = {
    id,
    _id: id,
    product_id: productId,
    batch_id: null,
    return_id: null,
    count: 3,
    count_max: 5,
    price: 10,
    created_at: '2025-03-07T09:05:00',
    is_return: false,
    version: 1,
    ...extra,
  };
  await db.mirrored('lots').add(row);
  return row;
}

describe('/inventory — lots from the device (docs/screens.md)', () => {
  it('shows date and time, picture, name and articles, purchased, cost, remaining and sum, newest first', async () => {
    const kettle = await seedProduct('Чайник', { images: ['/uploads/k.png'] });
    await db.mirrored('products_mp').add({ id: 'mp1', product_wh_id: kettle, offer_id: 'ART-1', primary_image: null });
    await seedLot(kettle, { count: 3, count_max: 5, price: 10.5 });
    const cup = await seedProduct('Кружка');
    await seedLot(cup, { created_at: '2025-03-08T00:00:00.000Z', count: 2, count_max: 2, price: 100, is_return: true });
    await open();
    expect(getAppState().title).toBe('Учёт партий товара');
    await waitFor(() => expect(rows()).toHaveLength(2));
    // A day picked for a batch has no time of its own: date only.
    // The last column, «Кто»: seeded lots name no member.
    expect(cells(rows()[0]!)).toEqual(['08.03.2025↩', '', 'Кружка', '2', '', '', '200 ₽', '—']);
    expect(cells(rows()[1]!)).toEqual(['07.03.2025 09:05', '', 'ЧайникART-1', '5', '', '', '31,50 ₽', '—']);
    expect(rows()[1]!.querySelector('img')!.getAttribute('src')).toMatch(/\/uploads\/k\.png$/);
    // Text fields with a numeric keyboard: a decimal comma in any browser language.
    expect(screen.getByLabelText('Остаток, Чайник, 07.03.2025 09:05')).toMatchObject({
      value: '3',
      type: 'text',
      inputMode: 'numeric',
    });
    expect(screen.getByLabelText('Себестоимость, Чайник, 07.03.2025 09:05')).toMatchObject({
      value: '10,5',
      type: 'text',
      inputMode: 'decimal',
    });
  });

  it('filters by name or article and by the receipt days, both bounds included', async () => {
    const kettle = await seedProduct('Чайник');
    await db.mirrored('products_mp').add({ id: 'mp1', product_wh_id: kettle, offer_id: 'ART-1', primary_image: null });
    await seedLot(kettle, { created_at: '2025-03-01T00:00:00.000Z' });
    await seedLot(kettle, { created_at: '2025-03-10T12:00:00' });
    await seedLot(await seedProduct('Кружка'), { created_at: '2025-03-05T00:00:00.000Z' });
    await open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'art-1' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '05.03.2025' } });
    await waitFor(() => expect(rows().map((r) => cells(r)[0])).toEqual(['10.03.2025 12:00']));
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '05.03.2025' } });
    await waitFor(() => expect(rows().map((r) => cells(r)[2])).toEqual(['Кружка']));
    // Each bound limits the other: a start after the end is refused with a message, not applied.
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '06.03.2025' } });
    expect(await screen.findByText('Дата должна быть с 01.01.1900 по 05.03.2025')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '05.03.2025' } });
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'нет такого' } });
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });

  it('saves the remaining count on blur: the row at once, PATCH count queued in its own group', async () => {
    const kettle = await seedProduct('Чайник');
    const lot = await seedLot(kettle);
    await open();
    const input = await screen.findByLabelText('Остаток, Чайник, 07.03.2025 09:05');
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.blur(input);
    await waitFor(async () => expect((await db.mirrored('lots').get(lot.id))!.count).toBe(1));
    const [entry, ...rest] = await db.outbox.toArray();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/inventory/${lot.id}/`,
      body: { count: 1 },
      table: 'lots',
      row_id: lot.id,
    });
    expect(entry!.group).toEqual(expect.any(String));
    await waitFor(() => expect(nbsp(cells(rows()[0]!)[6])).toBe('10 ₽'));
  });

  it('refuses a remaining count above what was purchased, and keeps the value', async () => {
    const lot = await seedLot(await seedProduct('Чайник'));
    await open();
    const input = await screen.findByLabelText('Остаток, Чайник, 07.03.2025 09:05');
    fireEvent.change(input, { target: { value: '6' } });
    fireEvent.blur(input);
    expect((await screen.findByRole('alert')).textContent).toBe('Остаток не может быть больше поступившего (5 шт.)');
    expect((input as HTMLInputElement).value).toBe('3');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.mirrored('lots').get(lot.id))!.count).toBe(3);
  });

  it('saves the cost price on blur: PATCH price', async () => {
    const lot = await seedLot(await seedProduct('Чайник'));
    await open();
    const input = await screen.findByLabelText('Себестоимость, Чайник, 07.03.2025 09:05');
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.blur(input);
    await waitFor(async () => expect((await db.mirrored('lots').get(lot.id))!.price).toBe(12.5));
    expect(await db.outbox.toArray()).toMatchObject([
      { method: 'PATCH', path: `/api/v1/inventory/${lot.id}/`, body: { price: 12.5 }, group: null },
    ]);
  });

  it("refuses a price above the server's cap at once, in Russian, and queues nothing", async () => {
    const lot = await seedLot(await seedProduct('Чайник'));
    await open();
    const input = await screen.findByLabelText('Себестоимость, Чайник, 07.03.2025 09:05');
    fireEvent.change(input, { target: { value: '2000000000' } });
    fireEvent.blur(input);
    expect((await screen.findByRole('alert')).textContent).toBe('Цена: не больше 1 000 000 000 ₽');
    expect((input as HTMLInputElement).value).toBe('10');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.mirrored('lots').get(lot.id))!.price).toBe(10);
  });

  it('quick successive edits of a lot reach the outbox in the order they were made', async () => {
    const lot = await seedLot(await seedProduct('Чайник'));
    await open();
    const count = await screen.findByLabelText('Остаток, Чайник, 07.03.2025 09:05');
    const price = screen.getByLabelText('Себестоимость, Чайник, 07.03.2025 09:05');
    // The count first reads the projected stock; the price edit right after must still queue behind it.
    fireEvent.change(count, { target: { value: '1' } });
    fireEvent.blur(count);
    fireEvent.change(price, { target: { value: '12.5' } });
    fireEvent.blur(price);
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.body)).toEqual([{ count: 1 }, { price: 12.5 }]);
    expect(await db.mirrored('lots').get(lot.id)).toMatchObject({ count: 1, price: 12.5 });
  });

  it('shows 50 lots per page', async () => {
    const p = await seedProduct('Товар');
    await db.mirrored('lots').bulkAdd(
      Array.from({ length: 60 }, (_, i) => ({
        id: `l${i}`,
        product_id: p,
        count: 1,
        count_max: 1,
        price: 1,
        created_at: new Date(2025, 0, 1, 0, i).toISOString(),
        is_return: false,
      })),
    );
    await open();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it('«Добавить» opens /inventory/add; «Обновить» sends and pulls now', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    const page = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(syncNow).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await page.waitForPath('/inventory/add');
  });
});
