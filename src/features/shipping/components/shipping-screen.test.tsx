// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { OFFLINE_REFRESH } from '../api/refresh-statuses.ts';
import { shippingSearchSchema } from '../api/shipping-search.ts';
import { seedListing, seedLot, seedProduct, seedStatus, seedStore } from '../test/seed.ts';
import { ShippingScreen } from './shipping-screen.tsx';
import { enough, short } from './shipping.css.ts';

function Route() {
  const search = shippingSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <ShippingScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
const open = (url = '/shipping-delivery') => renderWithRouter(Route, { path: '/shipping-delivery', url });
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const rows = () => screen.queryAllByTestId('shipping-row');
const names = () => rows().map((r) => within(r).getByTestId('name').textContent);
const rowOf = (name: string) => rows().find((r) => within(r).getByTestId('name').textContent === name)!;
const figure = (name: string, id: string) => nbsp(within(rowOf(name)).getByTestId(id).textContent);
const summary = () => nbsp(screen.getByTestId('shipping-summary').textContent);

const AT_OZON = '2025-03-01T09:30:00.000Z';
const AT_WB = '2025-03-01T08:15:00.000Z';

/**
 * Кружка: 3 on hand (2 × 100 ₽ from January, 1 × 150 ₽ from February), 5 await assembly (two stores)
 * → −2, red; 2 delivering priced 100 + 100. Ложка: nothing on hand, 1 delivering → «?». Миска: 4 on
 * hand, 1 awaits assembly → 3, green; 3 delivering from the oldest lot (3 × 40 ₽). Тарелка has a
 * listing but no status row: not shown.
 */
async function seed() {
  await seedStore('oz-1', 'OZON', 'Озон');
  await seedStore('wb-1', 'WILDBERRIES', 'ВБ');
  await seedStore('plain', '-', 'Без маркетплейса');
  const wb = { marketplace: 'WILDBERRIES', market_id: 'wb-1' };
  const cup = await seedProduct('Кружка', ['/uploads/cup.png']);
  const spoon = await seedProduct('Ложка');
  const bowl = await seedProduct('Миска');
  const plate = await seedProduct('Тарелка');
  await seedLot(cup, 2, 100, '2025-01-10');
  await seedLot(cup, 1, 150, '2025-02-10');
  await seedLot(bowl, 1, 60, '2025-01-02');
  await seedLot(bowl, 3, 40, '2025-01-01');
  await seedLot(plate, 5, 10, '2025-01-01');
  await seedStatus(await seedListing(cup, 'CUP-1'), 3, 1, 2, AT_OZON);
  await seedStatus(await seedListing(cup, 'CUP-WB', wb), 2, 0, 0, AT_WB);
  await seedStatus(await seedListing(spoon, 'SPN-1'), 0, 0, 1, AT_OZON);
  await seedStatus(await seedListing(bowl, 'BWL-1', wb), 1, 2, 3, AT_WB);
  await seedListing(plate, 'PLT-1');
  return { cup, spoon, bowl, plate };
}

describe('/shipping-delivery — «Отгрузки и доставки» (docs/screens.md, docs/rules.md «Достаточность»)', () => {
  it('rows: picture, name and articles, sufficiency green or red, awaiting assembly / shipment, delivering, its sum; «?» with no lots', async () => {
    await seed();
    await open();
    expect(getAppState().title).toBe('Отгрузки и доставки');
    await waitFor(() => expect(names()).toEqual(['Кружка', 'Ложка', 'Миска']));
    expect(figure('Кружка', 'articles').split(', ').sort()).toEqual(['CUP-1', 'CUP-WB']);
    expect(rowOf('Кружка').querySelector('img')!.getAttribute('src')).toContain('/uploads/cup.png');
    expect(figure('Кружка', 'sufficiency')).toBe('−2');
    expect(within(rowOf('Кружка')).getByTestId('sufficiency').className).toBe(short);
    expect(figure('Кружка', 'awaiting')).toBe('5 / 1');
    expect(figure('Кружка', 'delivering')).toBe('2');
    expect(figure('Кружка', 'delivery-sum')).toBe('200 ₽');
    // Nothing awaits assembly: sufficiency 0, which is «enough» (green).
    expect(figure('Ложка', 'sufficiency')).toBe('0');
    expect(within(rowOf('Ложка')).getByTestId('sufficiency').className).toBe(enough);
    expect(figure('Ложка', 'delivery-sum')).toBe('?');
    expect(figure('Миска', 'sufficiency')).toBe('3');
    expect(within(rowOf('Миска')).getByTestId('sufficiency').className).toBe(enough);
    // FIFO: the three 40 ₽ units of January 1st, not the 60 ₽ one of January 2nd.
    expect(figure('Миска', 'delivery-sum')).toBe('120 ₽');
    // The summary: 6 units delivering, 320 ₽, part of it without a price.
    expect(summary()).toBe('Доставляется: 6 шт. на сумму 320 ₽ и часть без цены (?)');
  });

  it('the filter: enough, not enough, all (0 counts as enough); the summary follows the rows shown', async () => {
    await seed();
    await open();
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Не хватает' }));
    await waitFor(() => expect(names()).toEqual(['Кружка']));
    expect(screen.getByRole('button', { name: 'Не хватает' }).getAttribute('aria-pressed')).toBe('true');
    expect(summary()).toBe('Доставляется: 2 шт. на сумму 200 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Хватает' }));
    await waitFor(() => expect(names()).toEqual(['Ложка', 'Миска']));
    expect(summary()).toBe('Доставляется: 4 шт. на сумму 120 ₽ и часть без цены (?)');
    fireEvent.click(screen.getByRole('button', { name: 'Все' }));
    await waitFor(() => expect(names()).toEqual(['Кружка', 'Ложка', 'Миска']));
  });

  it('the address keeps the filter: ?sufficiency=not_enough opens filtered; junk falls back to all', async () => {
    await seed();
    const view = await open('/shipping-delivery?sufficiency=not_enough');
    await waitFor(() => expect(names()).toEqual(['Кружка']));
    view.unmount();
    await open('/shipping-delivery?sufficiency=bogus');
    await waitFor(() => expect(names()).toEqual(['Кружка', 'Ложка', 'Миска']));
  });

  it('search by name or article, case-insensitive; nothing found says so', async () => {
    await seed();
    await open();
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'cup-wb' } });
    await waitFor(() => expect(names()).toEqual(['Кружка']));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'МИС' } });
    await waitFor(() => expect(names()).toEqual(['Миска']));
    expect(summary()).toBe('Доставляется: 3 шт. на сумму 120 ₽');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'нет такого' } });
    await screen.findByText('Ничего не найдено');
  });

  it('sufficiency counts the stock the server will have: an outflow waiting in the outbox is already taken', async () => {
    const { bowl } = await seed();
    await open();
    await waitFor(() => expect(figure('Миска', 'sufficiency')).toBe('3'));
    const body = { id: 'd1', product_id: bowl, count: 3, price: 0 };
    await act(() =>
      queueCreate('disposals', { ...body, version: 0 }, { method: 'POST', path: '/api/v1/disposal/', body }),
    );
    await waitFor(() => expect(figure('Миска', 'sufficiency')).toBe('0'));
    // FIFO took the three 40 ₽ units: one 60 ₽ unit is left for three delivering, two have no price.
    expect(figure('Миска', 'delivery-sum')).toBe('60 ₽');
    expect(nbsp(rowOf('Миска').textContent)).toContain('без цены: 2 шт. (нет партий)');
  });

  it('offline it opens with the last snapshot and says when it was taken; «Обновить статусы» says plainly it needs the network and sends nothing', async () => {
    await seed();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await open();
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.getByTestId('offline-note').textContent).toMatch(/^Нет сети: показан последний загруженный снимок/);
    // The oldest of the stores' latest refreshes (WB, 08:15 UTC), and each store's.
    const when = (iso: string) =>
      new Intl.DateTimeFormat('ru-RU', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(new Date(iso))
        .replace(',', '');
    expect(nbsp(screen.getByTestId('snapshot').textContent)).toBe(
      `Статусы на ${when(AT_WB)} (ВБ: ${when(AT_WB)}; Озон: ${when(AT_OZON)})`,
    );
    // The header says when; the rows do not repeat it.
    for (const row of screen.getAllByTestId('shipping-row')) expect(row.textContent).not.toContain('Статусы на');
    fireEvent.click(screen.getByRole('button', { name: 'Обновить статусы' }));
    await waitFor(() => expect(getAppState().notification?.text).toBe(OFFLINE_REFRESH));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('«Обновить статусы» sends one call listing each connected shop (not the one without a marketplace)', async () => {
    await seed();
    localStorage.setItem('access_token', 'token');
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      calls.push({ url: request.url, method: request.method, body: await request.clone().json() });
      return new Response(JSON.stringify({ job_ids: ['j1', 'j2'], jobs: [] }), {
        status: 202,
        headers: { 'content-type': 'application/json' },
      });
    });
    await open();
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Обновить статусы' }));
    await waitFor(() => expect(getAppState().notification?.text).toBe('Обновление статусов запущено (магазинов: 2)'));
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).pathname).toBe('/api/v1/extract/products/status/');
    expect(calls[0]!.method).toBe('POST');
    expect(
      [...(calls[0]!.body as { market_id: string }[])].sort((x, y) => x.market_id.localeCompare(y.market_id)),
    ).toEqual([
      { marketplace: 'OZON', market_id: 'oz-1' },
      { marketplace: 'WILDBERRIES', market_id: 'wb-1' },
    ]);
  });

  it("a refusal is shown with the server's reason", async () => {
    await seed();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ status: 400, code: 'access_token_missing', detail: 'У магазина «ВБ» не задан ключ API' }),
        {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
        },
      ),
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить статусы' }));
    await waitFor(() =>
      expect(getAppState().notification).toEqual({
        type: 'error',
        text: 'Не удалось обновить статусы: У магазина «ВБ» не задан ключ API',
      }),
    );
  });

  it('no statuses yet: says what to do', async () => {
    await seedStore('oz-1', 'OZON', 'Озон');
    await open();
    await screen.findByText(/Нет товаров, ждущих сборки/);
    expect(screen.getByTestId('snapshot').textContent).toBe(
      'Статусы отправлений ещё не загружались — нажмите «Обновить статусы».',
    );
    expect(summary()).toBe('Доставляется: 0 шт. на сумму 0 ₽');
  });
});
