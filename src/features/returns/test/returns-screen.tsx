import { useNavigate, useSearch } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { db } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { returnsSearchSchema } from '../api/returns-search.ts';
import { ReturnsScreen } from '../components/returns-screen.tsx';
import { meta, nbsp } from './seed.ts';

/*
 * /returns for its component tests: the screen under a router whose search it updates, its rows, and
 * two warehouse products (p1 with two lots, p2 with a listing) on the device.
 */

function ReturnsRoute() {
  const search = returnsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <ReturnsScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
export const open = (url = '/returns') => renderWithRouter(ReturnsRoute, { path: '/returns', url });
export const lines = () => screen.queryAllByTestId('return-line');
export const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));
export const lineOf = (id: string) => lines().find((l) => l.dataset.returnId === id)!;

export async function seedProducts() {
  await db.mirrored('products_wh').bulkAdd([
    { id: 'p1', name: 'Чайник', images: ['/uploads/k.png'], ...meta },
    { id: 'p2', name: 'Кружка', images: [], ...meta },
  ]);
  await db.mirrored('products_mp').add({
    id: 'mp1',
    product_wh_id: 'p2',
    offer_id: 'MUG-1',
    name: 'Кружка WB',
    primary_image: 'https://cdn.example/mug.jpg',
    ...meta,
  });
  const lot = (id: string, price: number, day: number, count = 3) => ({
    id,
    _id: id,
    product_id: 'p1',
    batch_id: null,
    return_id: null,
    count,
    count_max: count,
    price,
    created_at: new Date(Date.UTC(2025, 0, day)).toISOString(),
    is_return: false,
    count_max_edited: false,
    price_edited: false,
    ...meta,
  });
  await db.mirrored('lots').bulkAdd([lot('l1', 80, 10), lot('l2', 95, 20)]);
}

export const outbox = () => db.outbox.orderBy('seq').toArray();
