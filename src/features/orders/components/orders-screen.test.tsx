// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { getAppState } from '../../../state/app-state.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { ordersSearchSchema } from '../api/orders-search.ts';
import { nbsp, seedLine, seedLot, seedOrder, seedProduct, seedReserve, seedStore } from '../test/seed.ts';
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
const open = (url = '/orders') => renderWithRouter(Route, { path: '/orders', url });
const cards = () => screen.queryAllByTestId('order-card');
const postings = () => cards().map((c) => within(c).getByTestId('posting-number').textContent);
const cardOf = (posting: string) => screen.getByRole('article', { name: `Заказ ${posting}` });
const linesOf = (posting: string) => within(cardOf(posting)).getAllByTestId('order-line');
const stageButton = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Этап заказов' })).getByRole('button', { name });

/**
 * Озон (OZON): 1001 awaits packaging — 3 «Кружка» reserved, 1 «CAP-1» unlinked; 1002 delivering — «Кружка» sold,
 * 1003 cancelled — released, with a problem; ВБ (Wildberries): 2001 delivered before intake (skipped), 2002 handed
 * over without stock (waiting_stock, 2 missing). Кружка: 2 on hand, 3 reserved by 1001 → free −1.
 */
async function seed() {
  const oz = await seedStore('Озон', 'OZON');
  const wb = await seedStore('ВБ', 'WILDBERRIES');
  const cup = await seedProduct('Кружка белая', 'А-1');
  const spoon = await seedProduct('Ложка', 'Б-2');
  await seedLot(cup, 2);
  const reserve = await seedReserve(cup, 3);
  const o1 = await seedOrder(oz, '1001-0001-1', { status: 'awaiting_packaging' });
  await seedLine(o1, 'CUP-1', { product_id: cup, books: 'reserved', quantity: 3, price: 1200, reserve_id: reserve });
  await seedLine(o1, 'CAP-1', { name: 'Кепка синяя', quantity: 2 });
  const o2 = await seedOrder(oz, '1002-0001-1', {
    status: 'delivering',
    stage: 'delivering',
    shipped_at: '2025-03-02T10:00:00.000Z',
  });
  await seedLine(o2, 'CUP-1', { product_id: cup, books: 'sold' });
  const o3 = await seedOrder(oz, '1003-0001-1', {
    status: 'cancelled',
    stage: 'cancelled',
    problem: 'Отправление пропало из ответа маркетплейса',
  });
  await seedLine(o3, 'CUP-1', { product_id: cup, books: 'released' });
  const w1 = await seedOrder(wb, '2001', { marketplace: 'WILDBERRIES', stage: 'delivered', before_intake: true });
  await seedLine(w1, 'W-SPN', { product_id: spoon, books: 'skipped' });
  const w2 = await seedOrder(wb, '2002', { marketplace: 'WILDBERRIES', stage: 'delivering' });
  await seedLine(w2, 'W-SPN', { product_id: spoon, books: 'waiting_stock', quantity: 3, shortage: 2 });
  return { oz, wb, cup, spoon, o1 };
}

describe('/orders — «Заказы»', () => {
  it('opens on «Ждут сборки» with counts; each card names posting, store, marketplace, statuses, dates and lines', async () => {
    const { cup } = await seed();
    await open();
    expect(getAppState().title).toBe('Заказы');
    await waitFor(() => expect(postings()).toEqual(['1001-0001-1']));
    expect(stageButton(/^Ждут сборки/).getAttribute('aria-pressed')).toBe('true');
    expect(stageButton(/^Ждут сборки/).textContent).toBe('Ждут сборки 1');
    expect(stageButton(/^Переданы/).textContent).toBe('Переданы 3');
    expect(stageButton(/^Все/).textContent).toBe('Все 5');
    const card = cardOf('1001-0001-1');
    expect(within(card).getByTestId('store').textContent).toBe('Озон · OZON');
    expect(within(card).getByTestId('stage').textContent).toBe('Ждёт сборки');
    expect(within(card).getByTestId('status').textContent).toBe('Статус на маркетплейсе: awaiting_packaging');
    expect(nbsp(card.textContent)).toMatch(/Заказан \d\d\.\d\d\.2025 \d\d:\d\d/);
    // Lines in their order in the posting (line key): CAP-1, then CUP-1.
    const [unlinked, reserved] = linesOf('1001-0001-1');
    expect(nbsp(within(reserved!).getByTestId('quantity').textContent)).toBe('3 × 1 200 ₽');
    expect(within(reserved!).getByTestId('product').getAttribute('href')).toBe(`/product/${cup}`);
    expect(within(reserved!).getByRole('link', { name: 'В резерве' }).getAttribute('href')).toBe(
      `/product/${cup}?td=6`,
    );
    expect(within(unlinked!).getByTestId('books').textContent).toBe('Не связан с товаром');
    expect(within(unlinked!).queryByTestId('product')).toBeNull();
  });

  it('a reserved line shows «не хватает N» when the product has less free than reserved, and not once stock comes', async () => {
    const { cup } = await seed();
    await open();
    await waitFor(() => expect(postings()).toEqual(['1001-0001-1']));
    // 2 on hand − 3 reserved = −1 free: 1 unit of the 3 is missing.
    await waitFor(() =>
      expect(nbsp(within(linesOf('1001-0001-1')[1]!).getByTestId('missing').textContent)).toBe('не хватает 1 шт.'),
    );
    await act(() => seedLot(cup, 5));
    await waitFor(() => expect(within(linesOf('1001-0001-1')[1]!).queryByTestId('missing')).toBeNull());
  });

  it('the stock an outflow in the outbox took counts: a write-off not yet sent makes the reserve short', async () => {
    const { cup } = await seed();
    await seedLot(cup, 2);
    await open();
    await waitFor(() => expect(postings()).toEqual(['1001-0001-1']));
    expect(within(linesOf('1001-0001-1')[1]!).queryByTestId('missing')).toBeNull();
    const body = { id: 'd1', product_id: cup, count: 3, price: 0 };
    await act(() =>
      queueCreate('disposals', { ...body, version: 0 }, { method: 'POST', path: '/api/v1/disposal/', body }),
    );
    await waitFor(() =>
      expect(nbsp(within(linesOf('1001-0001-1')[1]!).getByTestId('missing').textContent)).toBe('не хватает 2 шт.'),
    );
  });

  it('«Переданы»: sold with a link to the sales tab, waiting for stock in words; «Отменены»: released, the problem in red', async () => {
    const { cup } = await seed();
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /^Переданы/ }));
    await waitFor(() => expect(postings()).toEqual(['2002', '2001', '1002-0001-1']));
    expect(within(linesOf('1002-0001-1')[0]!).getByRole('link', { name: 'Продано' }).getAttribute('href')).toBe(
      `/product/${cup}?td=7`,
    );
    expect(nbsp(cardOf('1002-0001-1').textContent)).toMatch(/Передан \d\d\.\d\d\.2025/);
    expect(nbsp(within(linesOf('2002')[0]!).getByTestId('books').textContent)).toBe(
      'Передан, не хватает 2 шт. — продажа запишется, когда товар поступит',
    );
    expect(within(cardOf('2002')).getByTestId('store').textContent).toBe('ВБ · Wildberries');
    expect(within(linesOf('2001')[0]!).getByTestId('books').textContent).toBe('Не учитывается');
    expect(cardOf('2001').textContent).toContain('Передан до включения приёма заказов');
    fireEvent.click(stageButton(/^Отменены/));
    await waitFor(() => expect(postings()).toEqual(['1003-0001-1']));
    expect(within(cardOf('1003-0001-1')).getByTestId('problem').textContent).toBe(
      'Отправление пропало из ответа маркетплейса',
    );
    expect(within(linesOf('1003-0001-1')[0]!).getByTestId('books').textContent).toBe('Резерв снят');
  });

  it('the address keeps store, stage and search; junk falls back to the defaults', async () => {
    const { wb } = await seed();
    const view = await open(`/orders?store=${wb}&stage=all`);
    await waitFor(() => expect(postings()).toEqual(['2002', '2001']));
    expect((screen.getByLabelText('Магазин') as HTMLSelectElement).value).toBe(wb);
    view.unmount();
    await open('/orders?stage=bogus&store=nope');
    await waitFor(() => expect(postings()).toEqual(['1001-0001-1']));
  });

  it('store select and search (posting, article, product name; any case) narrow the list and the counts', async () => {
    const { wb } = await seed();
    await open('/orders?stage=all');
    await waitFor(() => expect(postings()).toHaveLength(5));
    fireEvent.change(screen.getByLabelText('Магазин'), { target: { value: wb } });
    await waitFor(() => expect(postings()).toEqual(['2002', '2001']));
    fireEvent.change(screen.getByLabelText('Магазин'), { target: { value: '' } });
    await waitFor(() => expect(postings()).toHaveLength(5));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'КРУЖКА' } });
    await waitFor(() => expect(postings()).toEqual(['1003-0001-1', '1002-0001-1', '1001-0001-1']));
    expect(stageButton(/^Ждут сборки/).textContent).toBe('Ждут сборки 1');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'cap-1' } });
    await waitFor(() => expect(postings()).toEqual(['1001-0001-1']));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '2002' } });
    await waitFor(() => expect(postings()).toEqual(['2002']));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'нет такого' } });
    await screen.findByText('Ничего не найдено');
  });

  it('links to the pick list with the chosen store', async () => {
    const { oz } = await seed();
    await open(`/orders?store=${oz}`);
    await waitFor(() => expect(postings()).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Лист сборки' }).getAttribute('href')).toBe(
      `/orders/pick-list?store=${oz}`,
    );
  });

  it('no orders and no connected store: says so plainly, with a link to the stores', async () => {
    await seedStore('Склад', '-');
    await open();
    await screen.findByText(/^Заказов пока нет/);
    expect(screen.getByTestId('no-stores').textContent).toMatch(/^Нет подключённых магазинов/);
    expect(screen.getByRole('link', { name: 'Подключить магазин' }).getAttribute('href')).toBe('/markets');
    expect(screen.queryByTestId('unlinked')).toBeNull();
  });

  it('intake off: «Включить» queues one PATCH of the store and the note goes; a failing intake shows its reason', async () => {
    const off = await seedStore('Яндекс-1', 'YM', { order_intake: false });
    await seedStore('Озон-2', 'OZON', { order_intake_error: 'Ключ API больше не действует: замените его в магазине' });
    await open();
    const note = await screen.findByTestId('intake-off');
    expect(note.textContent).toContain('Заказы магазина «Яндекс-1» (Яндекс Маркет) не резервируют товар сами');
    expect(screen.getByTestId('intake-error').textContent).toBe(
      'Магазин «Озон-2»: Ключ API больше не действует: замените его в магазине',
    );
    fireEvent.click(within(note).getByRole('button', { name: /^Включить/ }));
    await waitFor(() => expect(screen.queryByTestId('intake-off')).toBeNull());
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.method, e.path, e.body, e.row_id])).toEqual([
      ['PATCH', `/api/v1/markets/${encodeURIComponent('m-Яндекс-1')}/`, { order_intake: true }, off],
    ]);
    expect((await db.markets.get(off))!.order_intake).toBe(true);
  });
});
