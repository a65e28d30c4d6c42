// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, type Market } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { MarketPage } from './market-form.tsx';
import { MarketsList } from './markets-list.tsx';

/*
 * A store's order intake (docs/rules.md «Заказы маркетплейсов»): set on the store form — on by default for a new
 * store — and told on «Мои магазины» per connected store, with a one-tap «Включить» when it is off.
 */

function MarketRoute() {
  const { marketId } = useParams({ strict: false });
  return <MarketPage marketId={marketId ?? ''} />;
}
const openForm = (marketId: string) =>
  renderWithRouter(MarketRoute, { path: '/market/$marketId', url: `/market/${marketId}` });
const openList = () => renderWithRouter(MarketsList, { path: '/markets' });

const field = <T extends HTMLElement = HTMLInputElement>(name: string) => document.querySelector<T>(`[name="${name}"]`);
const type = (name: string, value: string) => fireEvent.change(field(name)!, { target: { value } });
const outbox = () => db.outbox.orderBy('seq').toArray();

async function seedStore(overrides: Partial<Market> = {}): Promise<Market> {
  const market: Market = {
    id: crypto.randomUUID(),
    market_id: 'oz-1',
    name: 'Озон основной',
    description: '',
    marketplace: 'OZON',
    access_token: '••••abcd',
    has_access_token: true,
    order_intake: true,
    order_intake_interval: 60,
    order_intake_error: null,
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-01T10:00:00.000Z',
    version: 3,
    ...overrides,
  };
  await db.markets.add(market);
  return market;
}

describe('store form: order intake', () => {
  it('appears once a marketplace is chosen, on by default, and a new store sends the chosen interval', async () => {
    const page = await openForm('new');
    await screen.findByRole('button', { name: 'Создать' });
    expect(screen.queryByLabelText('Заказы сами резервируют и продают товар')).toBeNull();
    fireEvent.change(field('marketplace')!, { target: { value: 'WILDBERRIES' } });
    const intake = (await screen.findByLabelText('Заказы сами резервируют и продают товар')) as HTMLInputElement;
    expect(intake.checked).toBe(true);
    const interval = screen.getByLabelText('Проверять заказы каждые') as HTMLSelectElement;
    expect(interval.value).toBe('60');
    expect([...interval.options].map((o) => o.text)).toEqual([
      '30 с',
      '1 мин',
      '2 мин',
      '5 мин',
      '10 мин',
      '15 мин',
      '30 мин',
      '1 ч',
    ]);
    fireEvent.change(interval, { target: { value: '300' } });
    type('market_id', 'wb-1');
    type('name', 'ВБ');
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await page.waitForPath('/markets');
    const [entry] = await outbox();
    expect(entry!.body).toMatchObject({ marketplace: 'WILDBERRIES', order_intake: true, order_intake_interval: 300 });
    expect((await db.markets.toArray())[0]).toMatchObject({ order_intake: true, order_intake_interval: 300 });
  });

  it('a new store can be created with intake off; the interval hides then', async () => {
    const page = await openForm('new');
    await screen.findByRole('button', { name: 'Создать' });
    fireEvent.change(field('marketplace')!, { target: { value: 'YM' } });
    fireEvent.click(await screen.findByLabelText('Заказы сами резервируют и продают товар'));
    expect(screen.queryByLabelText('Проверять заказы каждые')).toBeNull();
    type('market_id', 'ym-1');
    type('name', 'Маркет');
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await page.waitForPath('/markets');
    expect((await outbox())[0]!.body).toMatchObject({ order_intake: false, order_intake_interval: 60 });
  });

  it('on a saved store, a change saves at once (edits fold into one waiting PATCH); an odd interval shows as it is', async () => {
    const market = await seedStore({ order_intake_interval: 90 });
    await openForm('oz-1');
    const interval = (await screen.findByLabelText('Проверять заказы каждые')) as HTMLSelectElement;
    expect(interval.value).toBe('90');
    expect(interval.selectedOptions[0]!.text).toBe('90 с');
    fireEvent.change(interval, { target: { value: '600' } });
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/v1/markets/oz-1/',
      body: { order_intake_interval: 600 },
    });
    fireEvent.click(screen.getByLabelText('Заказы сами резервируют и продают товар'));
    await waitFor(async () =>
      expect((await outbox())[0]!.body).toEqual({ order_intake_interval: 600, order_intake: false }),
    );
    expect(await outbox()).toHaveLength(1);
    expect(await db.markets.get(market.id)).toMatchObject({ order_intake: false, order_intake_interval: 600 });
  });

  it('a store without a marketplace offers no intake', async () => {
    await seedStore({ marketplace: '-' });
    await openForm('oz-1');
    await screen.findByRole('heading', { name: 'Изменение данных магазина' });
    expect(field('order_intake')).toBeNull();
    expect(field('order_intake_interval')).toBeNull();
  });
});

describe('«Мои магазины»: order intake per connected store', () => {
  const intakeOf = (storeName: string) =>
    within(screen.getByText(storeName).closest('li')!).queryByTestId('order-intake');

  it('says how often orders are taken, that they are not (with «Включить»), and a failure in red', async () => {
    await seedStore({ market_id: 'a', name: 'Первый', order_intake_interval: 30, created_at: '2025-01-01T00:00:00Z' });
    await seedStore({ market_id: 'b', name: 'Второй', order_intake: false, created_at: '2025-01-02T00:00:00Z' });
    await seedStore({
      market_id: 'c',
      name: 'Третий',
      marketplace: 'YM',
      order_intake_interval: 3600,
      order_intake_error: 'Яндекс Маркет отклонил ключ API: проверьте его в настройках магазина',
      created_at: '2025-01-03T00:00:00Z',
    });
    await seedStore({ market_id: 'd', name: 'Без ключа', has_access_token: false, created_at: '2025-01-04T00:00:00Z' });
    await seedStore({ market_id: 'e', name: 'Без площадки', marketplace: '-', created_at: '2025-01-05T00:00:00Z' });
    await openList();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5));
    expect(intakeOf('Первый')!.textContent).toBe('Заказы: принимаются каждые 30 с');
    expect(intakeOf('Второй')!.textContent).toBe('Заказы: не принимаютсяВключить');
    const third = intakeOf('Третий')!;
    expect(third.textContent).toContain('Заказы: принимаются каждые 1 ч');
    expect(within(third).getByRole('alert').textContent).toBe(
      'Яндекс Маркет отклонил ключ API: проверьте его в настройках магазина',
    );
    expect(intakeOf('Без ключа')).toBeNull();
    expect(intakeOf('Без площадки')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Включить' })).toHaveLength(1);
  });

  it('«Включить» queues one PATCH and the line turns to the interval at once, staying on the list', async () => {
    const market = await seedStore({ name: 'Выключенный', order_intake: false, order_intake_interval: 120 });
    const page = await openList();
    fireEvent.click(await screen.findByRole('button', { name: 'Включить' }));
    await waitFor(() => expect(intakeOf('Выключенный')!.textContent).toBe('Заказы: принимаются каждые 2 мин'));
    expect((await outbox()).map((e) => [e.method, e.path, e.body])).toEqual([
      ['PATCH', '/api/v1/markets/oz-1/', { order_intake: true }],
    ]);
    expect((await db.markets.get(market.id))!.order_intake).toBe(true);
    expect(page.pathname()).toBe('/markets');
  });
});
