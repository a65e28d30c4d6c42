// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { setRealizationPrice } from '../api/update-realization.ts';
import { setReserveStatus } from '../api/update-reserve.ts';
import type { Realization, Reserve } from '../api/types.ts';
import { renderAt } from '../test/render.tsx';
import { outbox, seedLot, seedProduct, seedRow } from '../test/seed.ts';
import { RealizationsTab } from './realizations-tab.tsx';
import { ReservesTab } from './reserves-tab.tsx';

/*
 * Reserves and sales a marketplace order made: they name their posting, link to it on /orders, and offer no
 * control of their own — the order moves them (the server refuses edits with 409 order_reserve / order_sale).
 */

function Reserves() {
  const { productId } = useParams({ strict: false });
  return <ReservesTab productId={productId ?? ''} />;
}
function Sales() {
  const { productId } = useParams({ strict: false });
  return <RealizationsTab productId={productId ?? ''} />;
}
const open = (Page: () => React.JSX.Element, id: string) => renderAt(Page, '/product/$productId', `/product/${id}`);
const rowsOf = (testId: string) => screen.queryAllByTestId(testId);
const at = (h: number) => new Date(2025, 1, 3, h, 0).toISOString();

const storeId = crypto.randomUUID();
async function seedStore(name: string) {
  await db.mirrored('markets').put({
    id: storeId,
    market_id: '777',
    name,
    description: '',
    marketplace: 'OZON',
    access_token: '',
    has_access_token: true,
    order_intake: true,
    order_intake_interval: 60,
    order_intake_error: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    version: 1,
  });
}
const posting = (marketplace: string, posting_number: string) => ({
  marketplace,
  store_id: storeId,
  posting_number,
  order_line_id: crypto.randomUUID(),
});

describe('a reserve an order made', () => {
  it('names its posting and store, links to it, and offers no release, sale or delete', async () => {
    await seedStore('Мой OZON');
    const p = await seedProduct();
    await seedLot(p, { count: 5, price: 10, at: at(8) });
    await seedRow('reserves', {
      product: p,
      count: 2,
      price: 700,
      status: 'active',
      posting: posting('OZON', '12345-0001-1'),
      updated_at: '2025-02-03T10:00:00.000Z',
    });
    await seedRow('reserves', {
      product: p,
      count: 1,
      price: 50,
      status: 'active',
      posting: null,
      updated_at: '2025-02-01T10:00:00.000Z',
    });
    const page = await open(Reserves, p);
    await waitFor(() => expect(rowsOf('reserve-row')).toHaveLength(2));
    const [byOrder, manual] = rowsOf('reserve-row') as [HTMLElement, HTMLElement];
    const link = within(byOrder).getByRole('link', { name: 'OZON · отправление 12345-0001-1' });
    expect(link.getAttribute('href')).toBe('/orders?q=12345-0001-1');
    expect(within(byOrder).getByText('Меняется вместе с заказом')).toBeTruthy();
    expect(await within(byOrder).findByText('Магазин «Мой OZON»')).toBeTruthy();
    expect(within(byOrder).queryAllByRole('button')).toEqual([]);
    for (const input of within(byOrder).getAllByRole('textbox'))
      expect((input as HTMLInputElement).disabled).toBe(true);
    // The manual reserve beside it keeps its controls.
    expect(within(manual).getByRole('button', { name: 'Снять' })).toBeTruthy();
    expect(within(manual).getByRole('button', { name: /Удалить резерв/ })).toBeTruthy();
    expect(within(manual).queryByText('Меняется вместе с заказом')).toBeNull();

    fireEvent.click(link);
    await page.wentTo('/orders', { q: '12345-0001-1' });
    expect(await outbox()).toEqual([]);
  });

  it('an edit attempted anyway is refused on the device and queues nothing', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 5, price: 10, at: at(8) });
    const id = await seedRow('reserves', {
      product: p,
      count: 2,
      price: 700,
      status: 'active',
      posting: posting('YM', '5500123'),
    });
    const row = (await db.mirrored('reserves').get(id)) as Reserve;
    expect(await setReserveStatus(row, 'released')).toEqual({
      ok: false,
      error: 'Меняется вместе с заказом: изменить его здесь нельзя',
    });
    expect(await outbox()).toEqual([]);
  });
});

describe('a sale an order made', () => {
  it('on «Продажи» names its posting the way each marketplace calls it, with no cancel or delete', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 5, price: 10, at: at(8) });
    const sale = (posting_number: string, marketplace: string, h: number) =>
      seedRow('realizations', {
        product: p,
        count: 1,
        price: 10,
        entered_price: null,
        realization_price: 900,
        status: 'completed',
        datetime: at(h),
        posting: posting(marketplace, posting_number),
      });
    await sale('4455667', 'WILDBERRIES', 12);
    const ym = await sale('31337', 'YM', 11);
    await open(Sales, p);
    await waitFor(() => expect(rowsOf('realization-row')).toHaveLength(2));
    const [wb, market] = rowsOf('realization-row') as [HTMLElement, HTMLElement];
    expect(within(wb).getByRole('link', { name: 'Wildberries · задание 4455667' }).getAttribute('href')).toBe(
      '/orders?q=4455667',
    );
    expect(within(market).getByRole('link', { name: 'Яндекс Маркет · заказ 31337' })).toBeTruthy();
    for (const row of [wb, market]) {
      expect(within(row).getByText('Меняется вместе с заказом')).toBeTruthy();
      expect(within(row).queryAllByRole('button')).toEqual([]);
    }
    expect((screen.getByLabelText('Цена продажи, 03.02.2025 12:00') as HTMLInputElement).disabled).toBe(true);
    const row = (await db.mirrored('realizations').get(ym)) as Realization;
    expect((await setRealizationPrice(row, 1)).ok).toBe(false);
    expect(await outbox()).toEqual([]);
  });
});
