// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { getAppState } from '../../../state/app-state.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import type { Return } from '../api/types.ts';
import { meta, nbsp, returnRow } from '../test/seed.ts';
import { ReturnToScreen } from './return-to-screen.tsx';

function Route() {
  const { returnId, to } = useParams({ strict: false }) as { returnId: string; to: string };
  return <ReturnToScreen returnId={returnId} to={to} />;
}
const open = (returnId: string, to = 'to_inventory') =>
  renderWithRouter(Route, { path: '/return/$returnId/to/$to', url: `/return/${returnId}/to/${to}` });
const lotButtons = () => screen.queryAllByTestId('lot-price') as HTMLButtonElement[];

const ret = (id: string, extra: Partial<Return> = {}) => returnRow(id, { count: 2, ...extra });

const lot = (id: string, price: number, day: number, count: number, countMax = Math.max(count, 1)) => ({
  id,
  _id: id,
  product_id: 'p1',
  batch_id: null,
  return_id: null,
  count,
  count_max: countMax,
  price,
  created_at: new Date(Date.UTC(2025, 0, day)).toISOString(),
  is_return: false,
  count_max_edited: false,
  price_edited: false,
  ...meta,
});

async function seed() {
  await db.mirrored('products_wh').add({ id: 'p1', name: 'Чайник', images: [], ...meta });
  // Oldest first on the screen: sold out, then 1 234,50 ₽ with 12 left, 95 ₽ with 1 left, a return lot at 95 ₽.
  await db
    .mirrored('lots')
    .bulkAdd([
      lot('l1', 80, 5, 0, 4),
      lot('l2', 1234.5, 10, 12),
      lot('l3', 95, 20, 1),
      { ...lot('l4', 95, 25, 2), is_return: true, return_id: 'r0' },
    ]);
  await db.mirrored('returns').add(ret('r1'));
}

describe('/return/{id}/to/{to} — receive a return at a lot price (docs/screens.md «Адреса»)', () => {
  it('lot buttons say price, receipt date and units left; a sold-out lot is disabled and says why', async () => {
    await seed();
    await open('r1');
    await waitFor(() => expect(lotButtons()).toHaveLength(4));
    expect(screen.getByRole('heading', { name: 'Оприходовать товар' })).toBeTruthy();
    expect(lotButtons().map((b) => nbsp(b.textContent))).toEqual([
      'по цене 80 ₽партия от 05.01.2025осталось 0 шт. — распродана: выбрать нельзя',
      'по цене 1 234,50 ₽партия от 10.01.2025осталось 12 шт.',
      'по цене 95 ₽партия от 20.01.2025осталось 1 шт.',
      // A lot an earlier return came in as, marked as «Учёт» marks it.
      'по цене 95 ₽↩ возврат от 25.01.2025осталось 2 шт.',
    ]);
    expect(lotButtons().map((b) => b.disabled)).toEqual([true, false, false, false]);
    expect(screen.getByText(/Распроданную партию выбрать нельзя/)).toBeTruthy();
    // No tooltip carries what the button does not show.
    expect(lotButtons().every((b) => !b.title)).toBe(true);
  });

  it('a back link leads to /returns', async () => {
    await seed();
    const view = await open('r1');
    const back = await screen.findByRole('link', { name: '← К возвратам' });
    expect(back.getAttribute('href')).toBe('/returns');
    fireEvent.click(back);
    await view.waitForPath('/returns');
  });

  it('a lot with units left receives the return at its price (queued) and goes back to /returns', async () => {
    await seed();
    const view = await open('r1');
    await waitFor(() => expect(lotButtons()).toHaveLength(4));
    fireEvent.click(lotButtons()[0]!);
    // The sold-out lot did nothing.
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(lotButtons()[2]!);
    await view.waitForPath('/returns');
    expect(getAppState().notification).toEqual({ type: 'success', text: 'Возврат оприходован' });
    expect(await db.rows('returns').get('r1')).toMatchObject({ processed: true, status: 'ready', price: 95 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'PATCH', path: '/api/v1/returns/r1/to_inventory/l3/' });
  });

  it('the write-off heading for any other `to`, with the same lots', async () => {
    await seed();
    await open('r1', 'to_disposal');
    expect(await screen.findByRole('heading', { name: 'Списать товар' })).toBeTruthy();
    await waitFor(() => expect(lotButtons()).toHaveLength(4));
    expect(within(screen.getByRole('group', { name: 'Партии товара' })).getAllByRole('button')).toHaveLength(4);
  });

  it('a processed return: says so, and no lot to choose', async () => {
    await seed();
    await db.mirrored('returns').add(ret('r2', { processed: true, status: 'ready', price: 80 }));
    await open('r2');
    expect(await screen.findByText('Возврат уже оприходован.')).toBeTruthy();
    expect(lotButtons()).toHaveLength(0);
    expect(screen.getByRole('link', { name: '← К возвратам' })).toBeTruthy();
  });
});
