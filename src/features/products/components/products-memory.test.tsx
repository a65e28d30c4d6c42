// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData, db } from '../../../db/database.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { productSourceSnapshot, stopProductSource } from '../api/product-source.ts';
import { productsSearchSchema } from '../api/products-search.ts';
import { markPulled, seedListing, seedLot, seedProduct } from '../test/seed.ts';
import { ProductsList } from './products-list.tsx';

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
const open = () => renderWithRouter(ProductsRoute, { path: '/products', url: '/products' });
afterEach(stopProductSource);

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
/** Name cell, count, reserve, markdowns of the row showing `name`, and its badge. */
function shown(name: string) {
  const row = screen.getByText(name).closest('tr')!;
  const cells = [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));
  return {
    name: cells[2],
    figures: cells.slice(3, 6),
    badge: nbsp(within(row).queryByTestId('shortfall')?.textContent) || null,
  };
}
/** What the kept rows hold for a product, without any screen open. */
const kept = (id: string) => productSourceSnapshot().rows.find((r) => r.id === id);

/** Visits /products and leaves it again: from then on the rows live in memory. */
async function visitAndLeave(name: string) {
  const page = await open();
  await screen.findByText(name);
  page.unmount();
}

describe('/products keeps its rows in memory between visits, and every change still reaches them', () => {
  const writes: Array<[string, (id: string) => Promise<unknown>, (id: string) => boolean, (name: string) => void]> = [
    [
      'products_wh (renamed)',
      (id) => db.mirrored('products_wh').update(id, { name: 'Кружка большая' }),
      (id) => kept(id)?.name === 'Кружка большая',
      () => expect(screen.getByText('Кружка большая')).toBeTruthy(),
    ],
    [
      'products_mp (a listing added)',
      (id) => seedListing(id, 'CUP-77'),
      (id) => kept(id)?.articles.includes('CUP-77') === true,
      (name) => expect(shown(name).name).toContain('CUP-77'),
    ],
    [
      'lots (received)',
      (id) => seedLot(id, 4, 10),
      (id) => kept(id)?.count === 6,
      (name) => expect(shown(name).figures).toEqual(['6', '0', '0']),
    ],
    [
      'reserves (an active one)',
      (id) => db.mirrored('reserves').add({ id: 'r1', product: id, count: 1, status: 'active' }),
      (id) => kept(id)?.reserve === 1,
      (name) => expect(shown(name).figures).toEqual(['2', '1', '0']),
    ],
    [
      'markdowns (an unsold one)',
      (id) => db.mirrored('markdowns').add({ id: 'm1', product_id: id, release: false }),
      (id) => kept(id)?.markdowns === 1,
      (name) => expect(shown(name).figures).toEqual(['2', '0', '1']),
    ],
    [
      'outbox (a write-off queued offline)',
      (id) => {
        const body = { id: 'd1', product_id: id, count: 2, price: 0 };
        return queueCreate('disposals', { ...body, version: 0 }, { method: 'POST', path: '/api/v1/disposal/', body });
      },
      (id) => kept(id)?.count === 0,
      (name) => expect(shown(name).figures).toEqual(['0', '0', '0']),
    ],
    [
      'posting_statuses (orders awaiting assembly)',
      async (id) => {
        const listing = await db.mirrored('products_mp').where('product_wh_id').equals(id).first();
        await db
          .mirrored('posting_statuses')
          .add({ id: 's1', product_mp_id: listing!.id, awaiting_packaging: 5, awaiting_deliver: 0, delivering: 0 });
      },
      (id) => productSourceSnapshot().awaiting.get(id) === 5,
      (name) => expect(shown(name).badge).toBe('не хватает 3'),
    ],
  ];

  it.each(writes)(
    'a write to %s while the screen is closed is in the rows before it opens again, and after it',
    async (_, write, holds, check) => {
      const cup = await seedProduct('Кружка');
      await seedLot(cup.id, 2, 10);
      await seedListing(cup.id, 'CUP-1');
      await visitAndLeave('Кружка');

      await act(() => write(cup.id));
      // Followed with no screen open: nothing waits for a visit to read the tables again.
      await waitFor(() => expect(holds(cup.id)).toBe(true));
      await open();
      // Painted from memory on the first render: no read to wait for.
      check(kept(cup.id)!.name);

      // Still followed after the revisit.
      await act(() => db.mirrored('products_wh').update(cup.id, { name: 'Кружка новая' }));
      expect(await screen.findByText('Кружка новая')).toBeTruthy();
    },
  );

  it('sign-out empties the kept rows; another user’s products are all the next visit shows', async () => {
    await seedProduct('Чайник прежнего');
    await visitAndLeave('Чайник прежнего');

    await act(() => clearLocalData());
    await waitFor(() => expect(productSourceSnapshot().rows).toEqual([]));
    // The next user's first pull has finished, and brought nothing yet.
    await act(() => markPulled());
    await open();
    expect(await screen.findByText(/Товаров пока нет/)).toBeTruthy();
    expect(screen.queryByText('Чайник прежнего')).toBeNull();

    await act(async () => {
      await seedProduct('Ложка нового');
    });
    expect(await screen.findByText('Ложка нового')).toBeTruthy();
    expect(screen.queryByText('Чайник прежнего')).toBeNull();
  });
});
