// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../../tests/server/helpers/test-app.ts';
import { addProducts, seeder } from '../../../../tests/server/helpers/products.ts';
import { setApiBase } from '../../../sync/config.ts';
import { mirrorComplete, pullChanges } from '../../../sync/pull.ts';
import { pullOverHttp } from '../../../sync/transports.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { startRealServerInJsdom } from '../../../testing/real-server-in-jsdom.ts';
import { signInAs, type RealServer } from '../../../testing/real-server.ts';
import { productSourceSnapshot, stopProductSource } from '../api/product-source.ts';
import { productsSearchSchema } from '../api/products-search.ts';
import { ProductsList } from './products-list.tsx';

/*
 * Target 3 of issue 26: a device signed in whose first pull has not finished shows /products from
 * the server (its lots are partial, so its own figures would be wrong), says the catalog is still
 * loading, and gives way to its own table when the pull is done — on the same page and search.
 */

let server: RealServer;
let user: TestUser;
/** 60 products «Товар 01…60» and «Чайник заварочный» with 7 units in two lots. */
beforeAll(async () => {
  server = await startRealServerInJsdom();
  user = await server.signUp();
  const names = Array.from({ length: 60 }, (_, i) => `Товар ${String(i + 1).padStart(2, '0')}`);
  const [teapot] = await addProducts(server.app, user, ['Чайник заварочный', ...names]);
  const seed = seeder(server.app, user);
  await seed.lot(teapot!, 3, 10);
  await seed.lot(teapot!, 4, 20);
}, 120_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  setApiBase(server.base);
  signInAs(user);
});
afterEach(stopProductSource);

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
const slow = { timeout: 10_000 };
const names = () => screen.getAllByTestId('product-row').map((r) => r.querySelectorAll('td')[2]!.textContent);
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (name: string) =>
  [...screen.getByText(name).closest('tr')!.querySelectorAll('td')].map((td) => nbsp(td.textContent));

describe('/products on a device still filling its mirror', { timeout: 60_000 }, () => {
  it('serves the server’s page, search and figures while filling, then the device’s own rows on the same page', async () => {
    // The first pull stopped after its first page (the link dropped): the device has a cursor, not the whole account.
    let pages = 0;
    await pullChanges(async (since, table) => {
      if (pages++ > 0) throw new Error('связь пропала');
      return { ...(await pullOverHttp(since, table, 10)), has_more: true };
    }).catch(() => undefined);
    expect(await mirrorComplete()).toBe(false);

    await open('/products?page=2');
    await screen.findByText('Товар 51', {}, slow);
    expect(screen.getByTestId('catalog-loading').textContent).toContain('Каталог загружается на устройство');
    // No whole-stock line: the server pages the list and the device cannot add it up yet.
    expect(screen.queryByTestId('stock-summary')).toBeNull();
    expect(names()).toHaveLength(11);
    // Nothing on the screen read the device's products and lots meanwhile: every pull page would have
    // read them again, competing with the pull (the unknown-barcode choices did, until 07.12.2026).
    expect(productSourceSnapshot().loaded).toBe(false);
    // Grouping moves the device's rows: not offered for rows it does not hold.
    expect(screen.queryAllByRole('button', { name: /^Выбрать «/ })).toHaveLength(0);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');

    // A search goes to the server, and its figures are the server's (the device holds no lot).
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'чайник' } });
    await waitFor(() => expect(names()).toEqual(['Чайник заварочный']), slow);
    expect(cells('Чайник заварочный').slice(3)).toEqual(['7', '0', '0', '15,71 ₽', '110 ₽']);

    // The pull finishes: the device's own table takes over, same search, same figures, the summary now shown.
    await act(async () => {
      await pullChanges(pullOverHttp);
    });
    await screen.findByTestId('stock-summary', {}, slow);
    expect(screen.queryByTestId('catalog-loading')).toBeNull();
    expect(names()).toEqual(['Чайник заварочный']);
    expect(cells('Чайник заварочный').slice(3)).toEqual(['7', '0', '0', '15,71 ₽', '110 ₽']);
    expect(nbsp(screen.getByTestId('stock-summary').textContent)).toBe('На складе: 7 шт. на сумму 110 ₽');
    expect(screen.getAllByRole('button', { name: /^Выбрать «/ })).toHaveLength(1);
  });

  it('keeps the page it was on when the device takes over', async () => {
    await open('/products?page=2');
    await screen.findByText('Товар 51', {}, slow);
    const served = names();
    await act(async () => {
      await pullChanges(pullOverHttp);
    });
    await screen.findByTestId('stock-summary', {}, slow);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(names()).toEqual(served);
  });

  it('offline with no whole mirror: says the list cannot be shown, instead of an empty table', async () => {
    // Nothing listens on port 9 of this machine: every call fails as with no network.
    setApiBase('http://127.0.0.1:9');
    await open();
    const alert = await screen.findByTestId('catalog-offline', {}, slow);
    expect(alert.textContent).toContain('Нет связи с сервером, а каталог ещё не загружен на это устройство');
    expect(screen.queryAllByTestId('product-row')).toHaveLength(0);
    expect(screen.queryByText(/Товаров пока нет/)).toBeNull();
  });
});
