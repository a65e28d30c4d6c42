// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { stopProductSource } from '../api/product-source.ts';
import { productsSearchSchema } from '../api/products-search.ts';
import { markPulled, seedListing, seedLot, seedProduct } from '../test/seed.ts';
import { ProductsList } from './products-list.tsx';

/** The route's wiring: search parsed with the route's schema, changes written back to the address. */
function ProductsRoute() {
  const search = productsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <ProductsList
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
const open = (url = '/products') => renderWithRouter(ProductsRoute, { path: '/products', url });
// The rows stay in memory for the life of the page; each test is a page of its own.
afterEach(stopProductSource);

const names = () => screen.getAllByTestId('product-row').map((r) => r.querySelectorAll('td')[2]!.textContent);
const cells = (name: string) =>
  [...screen.getByText(name).closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');

describe('/products — «Товары» (docs/screens.md)', () => {
  it('derives count, reserve, markdowns, average cost and sum from lots, reserves and markdowns', async () => {
    const a = await seedProduct('Арбуз');
    const b = await seedProduct('Банан');
    await seedLot(a.id, 3, 10);
    await seedLot(a.id, 2, 15);
    await seedLot(b.id, 2, 10.25);
    await db.mirrored('reserves').bulkAdd([
      { id: 'r1', product_id: a.id, count: 2, status: 'active' },
      { id: 'r2', product_id: a.id, count: 5, status: 'done' },
    ]);
    await db.mirrored('markdowns').bulkAdd([
      { id: 'm1', product_id: a.id, release: false },
      { id: 'm2', product_id: a.id, release: false },
      { id: 'm3', product_id: a.id, release: true },
    ]);
    await open();
    expect(getAppState().title).toBe('Товары');
    await screen.findByText('Арбуз');
    // №, picture, name, count, reserve, markdowns, average cost, sum
    expect(cells('Арбуз').slice(3).map(nbsp)).toEqual(['5', '2', '2', '12 ₽', '60 ₽']);
    expect(cells('Банан').slice(3).map(nbsp)).toEqual(['2', '0', '0', '10,25 ₽', '20,50 ₽']);
    expect(nbsp(screen.getByTestId('stock-summary').textContent)).toBe('На складе: 7 шт. на сумму 80,50 ₽');
  });

  it('figures are the stock the server will have: outflows waiting in the outbox already count; wire reserves name `product`', async () => {
    const a = await seedProduct('Арбуз');
    await seedLot(a.id, 3, 10);
    await db.mirrored('reserves').add({ id: 'r1', product: a.id, count: 1, price: 0, status: 'active' });
    await open();
    await screen.findByText('Арбуз');
    await waitFor(() => expect(cells('Арбуз').slice(3, 5).map(nbsp)).toEqual(['3', '1']));
    const body = { id: 'd1', product_id: a.id, count: 2, price: 0 };
    await queueCreate('disposals', { ...body, version: 0 }, { method: 'POST', path: '/api/v1/disposal/', body });
    await waitFor(() => expect(cells('Арбуз').slice(3).map(nbsp)).toEqual(['1', '1', '0', '10 ₽', '10 ₽']));
    expect(nbsp(screen.getByTestId('stock-summary').textContent)).toBe('На складе: 1 шт. на сумму 10 ₽');
  });

  it('average cost has 2 decimals only when not whole; 0 on hand shows 0', async () => {
    const c = await seedProduct('Вишня');
    await seedLot(c.id, 3, 10);
    await seedLot(c.id, 0, 99);
    await seedLot(c.id, 3, 10.1);
    await seedProduct('Груша');
    await open();
    await screen.findByText('Вишня');
    expect(nbsp(cells('Вишня')[6])).toBe('10,05 ₽');
    expect(nbsp(cells('Груша')[6])).toBe('0 ₽');
  });

  it('sorts by name and by count, both ways', async () => {
    for (const [name, count] of [
      ['Банан', 5],
      ['арбуз', 1],
      ['Вишня', 3],
    ] as const)
      await seedLot((await seedProduct(name)).id, count, 1);
    await open();
    await screen.findByText('Банан');
    expect(names()).toEqual(['арбуз', 'Банан', 'Вишня']);
    fireEvent.click(screen.getByRole('button', { name: /Название/ }));
    await waitFor(() => expect(names()).toEqual(['Вишня', 'Банан', 'арбуз']));
    fireEvent.click(screen.getByRole('button', { name: /Остаток/ }));
    await waitFor(() => expect(names()).toEqual(['арбуз', 'Вишня', 'Банан']));
    expect(
      screen
        .getByRole('button', { name: /Остаток/ })
        .closest('th')!
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Остаток/ }));
    await waitFor(() => expect(names()).toEqual(['Банан', 'Вишня', 'арбуз']));
  });

  it('searches name and article, case-insensitive; the summary stays over all products', async () => {
    const a = await seedProduct('Арбуз');
    const c = await seedProduct('Вишня');
    await seedLot(a.id, 1, 100);
    await seedListing(c.id, 'ART-77');
    await open();
    await screen.findByText('Арбуз');
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'art-77' } });
    await waitFor(() => expect(names()).toEqual(['ВишняART-77']));
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'АРБ' } });
    await waitFor(() => expect(names()).toEqual(['Арбуз']));
    expect(nbsp(screen.getByTestId('stock-summary').textContent)).toContain('1 шт.');
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'нет такого' } });
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });

  it('shows 50 per page and numbers rows across pages', async () => {
    await markPulled();
    await db.mirrored('products_wh').bulkAdd(
      Array.from({ length: 120 }, (_, i) => ({
        id: crypto.randomUUID(),
        name: `Товар ${String(i + 1).padStart(3, '0')}`,
        description: '',
        images: [],
      })),
    );
    await open();
    await screen.findByText('Товар 001');
    expect(screen.getAllByTestId('product-row')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await screen.findByText('Товар 101');
    const rows = screen.getAllByTestId('product-row');
    expect(rows).toHaveLength(20);
    expect(rows[0]!.querySelector('td')!.textContent).toBe('101');
    expect(rows.at(-1)!.querySelector('td')!.textContent).toBe('120');
    expect(screen.getByRole('button', { name: '3' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens page 2 from the address', async () => {
    await markPulled();
    await db.mirrored('products_wh').bulkAdd(
      Array.from({ length: 60 }, (_, i) => ({
        id: `p${i}`,
        name: `Т ${String(i).padStart(2, '0')}`,
        description: '',
        images: [],
      })),
    );
    await open('/products?page=2');
    await screen.findByText('Т 50');
    expect(screen.getAllByTestId('product-row')[0]!.querySelector('td')!.textContent).toBe('51');
  });

  it('a row click opens the product; a picture click selects without opening', async () => {
    const a = await seedProduct('Арбуз');
    const page = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Выбрать «Арбуз»' }));
    expect(screen.getByRole('button', { name: 'Выбрать «Арбуз»' }).getAttribute('aria-pressed')).toBe('true');
    expect(page.pathname()).toBe('/products');
    fireEvent.click(screen.getByText('Арбуз'));
    await page.waitForPath(`/product/${a.id}`);
  });

  it('«Сгруппировать» appears with 2 selected and moves listings and lots into the first one', async () => {
    const a = await seedProduct('Арбуз');
    const b = await seedProduct('Банан');
    await seedProduct('Вишня');
    const listing = await seedListing(b.id, 'B-1');
    await seedLot(b.id, 4, 10);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Выбрать «Банан»' }));
    expect(screen.queryByRole('button', { name: /Сгруппировать/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать «Арбуз»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сгруппировать (2)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Сгруппировать' }));
    await waitFor(() => expect(screen.queryByText('Арбуз')).toBeNull());
    expect(cells('Банан')[3]).toBe('4');
    expect(await db.mirrored('products_wh').get(a.id)).toBeUndefined();
    expect((await db.mirrored('products_mp').get(listing.id))!.product_wh_id).toBe(b.id);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/products/group/${b.id}/`,
      body: [a.id],
      table: 'products_wh',
      row_id: b.id,
    });
  });

  it('«Загрузить с маркетплейсов» queues the import for stores with a marketplace, or says there are none', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Загрузить с маркетплейсов' }));
    await waitFor(() => expect(getAppState().notification?.text).toMatch(/Нет магазинов с маркетплейсом/));
    expect(await db.outbox.count()).toBe(0);

    const store = (market_id: string, marketplace: string, created_at: string) => ({
      ...{ id: crypto.randomUUID(), market_id, name: market_id, description: '', marketplace, access_token: '' },
      ...{ has_access_token: false, created_at, updated_at: created_at, version: 1 },
    });
    await db.markets.bulkAdd([
      store('oz-1', 'OZON', '2025-01-01'),
      store('own', '-', '2025-01-02'),
      store('wb-1', 'WILDBERRIES', '2025-01-03'),
    ] as never);
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить с маркетплейсов' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/extract/products/many' });
    expect(entry!.body).toEqual([
      { marketplace: 'OZON', market_id: 'oz-1' },
      { marketplace: 'WILDBERRIES', market_id: 'wb-1' },
    ]);
  });
});
