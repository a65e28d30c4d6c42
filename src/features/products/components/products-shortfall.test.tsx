// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { awaitingByProduct, shortfall } from '../api/shortfalls.ts';
import { stopProductSource } from '../api/product-source.ts';
import { productsSearchSchema } from '../api/products-search.ts';
import { seedListing, seedLot, seedProduct } from '../test/seed.ts';
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
const open = (url = '/products') => renderWithRouter(ProductsRoute, { path: '/products', url });
// The rows stay in memory for the life of the page; each test is a page of its own.
afterEach(stopProductSource);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const badge = (name: string) =>
  within(rowOf(name))
    .queryByTestId('shortfall')
    ?.textContent?.replace(/\u00a0|\u202f/g, ' ') ?? null;

async function status(listingId: string, awaitingPackaging: number, delivering = 0) {
  await db.rows('posting_statuses').add({
    id: crypto.randomUUID(),
    product_mp_id: listingId,
    awaiting_packaging: awaitingPackaging,
    awaiting_deliver: 0,
    delivering,
    fetched_at: '2025-03-01T09:00:00.000Z',
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    version: 1,
  });
}

describe('/products: «не хватает N» on a product whose stock does not cover its orders awaiting assembly (docs/rules.md «Достаточность»)', () => {
  it('the badge shows what is lacking, summed over the product’s listings; none when enough or nothing awaits', async () => {
    const cup = await seedProduct('Кружка');
    const bowl = await seedProduct('Миска');
    const spoon = await seedProduct('Ложка');
    await seedLot(cup.id, 2, 10);
    await seedLot(bowl.id, 5, 10);
    await status((await seedListing(cup.id, 'CUP-1')).id, 3);
    await status((await seedListing(cup.id, 'CUP-2', { market_id: 'wb-1', marketplace: 'WILDBERRIES' })).id, 4);
    await status((await seedListing(bowl.id, 'BWL-1')).id, 5);
    await status((await seedListing(spoon.id, 'SPN-1')).id, 0, 7);
    await open();
    await waitFor(() => expect(badge('Кружка')).toBe('не хватает 5'));
    // 5 − 5 = 0: enough. Nothing awaiting assembly: sufficiency 0, enough, though nothing is on hand.
    expect(badge('Миска')).toBeNull();
    expect(badge('Ложка')).toBeNull();
  });

  it('follows the stock live: an outflow queued offline makes a product short at once', async () => {
    const bowl = await seedProduct('Миска');
    await seedLot(bowl.id, 5, 10);
    await status((await seedListing(bowl.id, 'BWL-1')).id, 4);
    await open();
    await screen.findByText('Миска');
    expect(badge('Миска')).toBeNull();
    const body = { id: 'd1', product_id: bowl.id, count: 3, price: 0 };
    await act(() =>
      queueCreate('disposals', { ...body, version: 0 }, { method: 'POST', path: '/api/v1/disposal/', body }),
    );
    await waitFor(() => expect(badge('Миска')).toBe('не хватает 2'));
  });

  it('sums the statuses of each product’s listings; a listing without a product counts for none; the rule is the shared one', () => {
    const byListing = new Map([
      ['l1', 2],
      ['l2', 3],
      ['l3', 9],
      ['orphan', 4],
    ]);
    const productOf = new Map([
      ['l1', 'a'],
      ['l2', 'a'],
      ['l3', 'b'],
    ]);
    expect(awaitingByProduct(byListing, productOf)).toEqual(
      new Map([
        ['a', 5],
        ['b', 9],
      ]),
    );
    expect(awaitingByProduct(new Map(), productOf)).toEqual(new Map());
    expect([shortfall(5, 0), shortfall(0, 0), shortfall(3, 3), shortfall(3, 5)]).toEqual([0, 0, 0, 2]);
  });
});
