// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { drainOutbox, type PushTransport } from '../../../sync/push-worker.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { ordersSearchSchema } from '../api/orders-search.ts';
import { nbsp, seedLine, seedOrder, seedProduct, seedStore } from '../test/seed.ts';
import { OrdersScreen } from './orders-screen.tsx';

function Route() {
  const search = ordersSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <OrdersScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
const open = () => renderWithRouter(Route, { path: '/orders', url: '/orders' });
const offers = () => screen.queryAllByTestId('unlinked-offer');
const offerOf = (article: string) => offers().find((o) => o.textContent!.includes(article))!;

/**
 * Озон: CAP-1 (not linked) in two waiting orders (2 + 1 units) and a cancelled one; HAT-9 in one. ВБ: CAP-1 too —
 * another store's listing, a row of its own. Кепка is the warehouse product to link CAP-1 to.
 */
async function seed() {
  const oz = await seedStore('Озон', 'OZON');
  const wb = await seedStore('ВБ', 'WILDBERRIES');
  const cap = await seedProduct('Кепка синяя');
  await seedProduct('Кружка');
  const first = await seedOrder(oz, '1001');
  const firstLine = await seedLine(first, 'CAP-1', { quantity: 2, name: 'Кепка синяя, размер M' });
  await seedLine(await seedOrder(oz, '1002'), 'CAP-1');
  await seedLine(await seedOrder(oz, '1003', { stage: 'cancelled' }), 'CAP-1', { quantity: 5 });
  await seedLine(await seedOrder(oz, '1004'), 'HAT-9');
  await seedLine(await seedOrder(wb, '2001', { marketplace: 'WILDBERRIES' }), 'CAP-1');
  return { oz, cap, firstLine };
}

/** Links CAP-1 of Озон to Кепка through the dialog. */
async function linkCap() {
  fireEvent.click(within(offerOf('Озон')).getByRole('button', { name: 'Связать артикул «CAP-1» с товаром…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Связать артикул «CAP-1» с товаром' });
  fireEvent.change(within(dialog).getByLabelText('Поиск товара'), { target: { value: 'кепка' } });
  await waitFor(() => expect(within(dialog).getAllByTestId('link-product')).toHaveLength(1));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Связать с товаром «Кепка синяя»' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** A push that answers each entry with `status` and `body`, as the server's push would. */
const answering =
  (status: number, body: unknown): PushTransport =>
  async (batch) => ({ kind: 'results', results: batch.map((e) => ({ id: e.id, status, body })) });

describe('/orders «Не связаны»', () => {
  it('one row per store and article with what waits; cancelled orders wait for nothing', async () => {
    await seed();
    await open();
    await waitFor(() => expect(offers()).toHaveLength(3));
    expect(screen.getByRole('heading', { name: 'Не связаны' })).toBeTruthy();
    expect(nbsp(offerOf('Озон · OZON · ждут: 2 заказа').textContent)).toContain('CAP-1 Кепка синяя, размер M');
    expect(nbsp(offerOf('Озон · OZON · ждут: 2 заказа').textContent)).toContain('ждут: 2 заказа, 3 шт.');
    expect(nbsp(offerOf('HAT-9').textContent)).toContain('ждут: 1 заказ, 1 шт.');
    expect(nbsp(offerOf('ВБ').textContent)).toContain('ВБ · Wildberries · ждут: 1 заказ, 1 шт.');
  });

  it('choosing a product queues exactly one link with the store, article and product; the row says «Связывается…»', async () => {
    const { oz, cap, firstLine } = await seed();
    await open();
    await waitFor(() => expect(offers()).toHaveLength(3));
    await linkCap();
    await waitFor(() =>
      expect(within(offerOf('Озон · OZON · ждут: 2 заказа')).getByRole('status').textContent).toBe('Связывается…'),
    );
    // The other store's CAP-1 is another listing: still to link.
    expect(within(offerOf('ВБ')).getByRole('button', { name: /^Связать/ })).toBeTruthy();
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/orders/link/',
      body: { store_id: oz, offer_id: 'CAP-1', product_id: cap },
      table: 'order_lines',
      row_id: firstLine,
      status: 'pending',
    });
    // The line in its order card says so too.
    const card = screen.getByRole('article', { name: 'Заказ 1001' });
    expect(within(card).getByTestId('books').textContent).toBe('Связывается…');
  });

  it('a refused link takes «Связывается…» away: the row is offered again', async () => {
    await seed();
    await open();
    await waitFor(() => expect(offers()).toHaveLength(3));
    await linkCap();
    await screen.findByText('Связывается…', { selector: '[role="status"]' });
    const refusal = { status: 409, code: 'already_linked', detail: 'У магазина уже есть карточка с артикулом «CAP-1»' };
    await act(() => drainOutbox(answering(409, refusal)));
    await waitFor(() =>
      expect(within(offerOf('Озон · OZON · ждут: 2 заказа')).getByRole('button', { name: /^Связать/ })).toBeTruthy(),
    );
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'rejected', error: refusal.detail })]);
  });

  it('an accepted link keeps «Связывается…» until the linked lines come back, then the row goes', async () => {
    const { oz, cap } = await seed();
    await open();
    await waitFor(() => expect(offers()).toHaveLength(3));
    await linkCap();
    await act(() => drainOutbox(answering(200, { product_mp: { id: crypto.randomUUID() }, lines: [] })));
    expect(await db.outbox.count()).toBe(0);
    expect(screen.getByText('Связывается…', { selector: '[role="status"]' })).toBeTruthy();
    // The pull brings the server's lines of that store's CAP-1, linked and reserved, with newer versions.
    await act(async () => {
      const ofStore = new Set((await db.rows('orders').where('store_id').equals(oz).toArray()).map((o) => o.id));
      const lines = await db.rows('order_lines').where('offer_id').equals('CAP-1').toArray();
      await db.rows('order_lines').bulkPut(
        lines
          .filter((l) => ofStore.has(l.order_id))
          .map(({ linking_product_id: _, ...l }) => ({
            ...l,
            product_id: cap,
            books: 'reserved' as const,
            version: 2,
          })),
      );
    });
    await waitFor(() => expect(offers()).toHaveLength(2));
    expect(offers().map((o) => nbsp(o.textContent))).toEqual([
      expect.stringContaining('ВБ · Wildberries'),
      expect.stringContaining('HAT-9'),
    ]);
    expect(screen.queryByText('Связывается…')).toBeNull();
  });
});
