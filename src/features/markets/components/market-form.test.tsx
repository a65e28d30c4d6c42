// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db, type Market } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { createMarket } from '../api/create-market.ts';
import { MarketPage } from './market-form.tsx';

function MarketRoute() {
  const { marketId } = useParams({ strict: false });
  return <MarketPage marketId={marketId ?? ''} />;
}
const open = (marketId: string) =>
  renderWithRouter(MarketRoute, { path: '/market/$marketId', url: `/market/${marketId}` });

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const outbox = () => db.outbox.orderBy('seq').toArray();

/** A store the server already has (pulled earlier): nothing queued for it. */
async function seedSynced(overrides: Partial<Market> = {}): Promise<Market> {
  const market: Market = {
    id: crypto.randomUUID(),
    market_id: 'wb-7',
    name: 'Склад на Ленина',
    description: 'Основной',
    marketplace: 'WILDBERRIES',
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

describe('store form, create mode (/market/new)', () => {
  it('is titled «Добавление нового магазина» with a «Создать» button and an editable ID', async () => {
    await open('new');
    expect((await screen.findByRole('heading', { name: 'Добавление нового магазина' })).tagName).toBe('H1');
    expect(screen.getByRole('button', { name: 'Создать' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(field('market_id').disabled).toBe(false);
    expect(field('marketplace').value).toBe('-');
  });

  it('empty market_id and name: Russian errors on screen, nothing stored or queued', async () => {
    const page = await open('new');
    fireEvent.click(await screen.findByRole('button', { name: 'Создать' }));
    expect((await screen.findByText('Укажите идентификатор магазина')).getAttribute('role')).toBe('alert');
    expect(screen.getByText('Укажите название')).toBeTruthy();
    expect(field('market_id').getAttribute('aria-invalid')).toBe('true');
    expect(await db.markets.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(page.pathname()).toBe('/market/new');

    type('market_id', 'ozon-1'); // typing clears that field's error only
    expect(screen.queryByText('Укажите идентификатор магазина')).toBeNull();
    expect(screen.getByText('Укажите название')).toBeTruthy();
  });

  it('refuses a market_id already on the device', async () => {
    await seedSynced({ market_id: 'wb-7' });
    const page = await open('new');
    await screen.findByRole('button', { name: 'Создать' });
    type('market_id', 'wb-7');
    type('name', 'Дубликат');
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Магазин с таким идентификатором уже есть')).toBeTruthy();
    expect(await db.markets.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(page.pathname()).toBe('/market/new');
  });

  it('a valid store goes into Dexie with one queued POST carrying its client id, then /markets', async () => {
    const page = await open('new');
    await screen.findByRole('button', { name: 'Создать' });
    type('market_id', '  ozon-1 ');
    type('name', 'Мой магазин');
    type('description', 'Летняя коллекция');
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await page.waitForPath('/markets');

    const rows = await db.markets.toArray();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      market_id: 'ozon-1',
      name: 'Мой магазин',
      description: 'Летняя коллекция',
      marketplace: '-',
      has_access_token: false,
      order_intake: true,
      order_intake_interval: 60,
      order_intake_error: null,
    });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);

    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/markets/add/',
      table: 'markets',
      row_id: row.id,
      status: 'pending',
    });
    expect(entries[0]!.body).toEqual({
      id: row.id,
      market_id: 'ozon-1',
      name: 'Мой магазин',
      description: 'Летняя коллекция',
      marketplace: '-',
      order_intake: true,
      order_intake_interval: 60,
    });
  });

  it('a double tap on «Создать» creates the store once', async () => {
    const page = await open('new');
    await screen.findByRole('button', { name: 'Создать' });
    type('market_id', 'twice');
    type('name', 'Двойное нажатие');
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await page.waitForPath('/markets');
    expect(await db.markets.where('market_id').equals('twice').count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a typed key is sent as typed but only its mask is kept on the device; the chosen marketplace is sent', async () => {
    const page = await open('new');
    await screen.findByRole('button', { name: 'Создать' });
    type('market_id', 'oz');
    type('name', 'Озон');
    type('access_token', 'secret-key-12345');
    fireEvent.change(field('marketplace'), { target: { value: 'OZON' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await page.waitForPath('/markets');
    const [row] = await db.markets.toArray();
    expect(row).toMatchObject({ access_token: '••••2345', has_access_token: true, marketplace: 'OZON' });
    const [entry] = await outbox();
    expect(entry!.body).toMatchObject({ access_token: 'secret-key-12345', marketplace: 'OZON' });
  });
});

describe('store form, edit mode (/market/{market_id})', () => {
  it('locks market_id, is titled «Изменение данных магазина», header title is the store name', async () => {
    await seedSynced();
    await open('wb-7');
    await screen.findByRole('heading', { name: 'Изменение данных магазина' });
    expect(field('market_id').value).toBe('wb-7');
    expect(field('market_id').disabled).toBe(true);
    expect(field('name').value).toBe('Склад на Ленина');
    expect(screen.getByRole('button', { name: 'Обновить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Удалить' })).toBeTruthy();
    expect(getAppState().title).toBe('Склад на Ленина');
  });

  it('the header title is «Магазин» when the store has no name', async () => {
    await seedSynced({ name: '' });
    await open('wb-7');
    await screen.findByRole('heading', { name: 'Изменение данных магазина' });
    expect(getAppState().title).toBe('Магазин');
  });

  it('renaming saves on blur: one PATCH with only {name}; the untouched masked key is never sent', async () => {
    const market = await seedSynced();
    const page = await open('wb-7');
    await screen.findByRole('heading', { name: 'Изменение данных магазина' });
    type('name', 'Склад на Мира');
    fireEvent.blur(field('name'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    fireEvent.blur(field('access_token')); // focus passed through the key field, unchanged
    fireEvent.blur(field('description'));

    let entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/markets/wb-7/', row_id: market.id });
    expect(entries[0]!.body).toEqual({ name: 'Склад на Мира' });
    expect((await db.markets.get(market.id))!.name).toBe('Склад на Мира');
    await waitFor(() => expect(getAppState().title).toBe('Склад на Мира'));

    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await page.waitForPath('/markets');
    entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.body).toEqual({ name: 'Склад на Мира' });
    expect(entries.some((e) => JSON.stringify(e.body).includes('access_token'))).toBe(false);
  });

  it('an emptied name shows the error on blur and on «Обновить», and nothing is queued', async () => {
    await seedSynced();
    const page = await open('wb-7');
    await screen.findByRole('heading', { name: 'Изменение данных магазина' });
    type('name', '   ');
    fireEvent.blur(field('name'));
    expect(await screen.findByText('Укажите название')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.outbox.count()).toBe(0);
    expect((await db.markets.toArray())[0]!.name).toBe('Склад на Ленина');
    expect(page.pathname()).toBe('/market/wb-7');
  });

  it('«Удалить» asks first; confirmed, the row goes and one DELETE is queued, then /markets', async () => {
    const market = await seedSynced();
    const page = await open('wb-7');
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить магазин?' });
    expect(dialog.textContent).toContain('Магазин «Склад на Ленина» будет удалён.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.markets.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await page.waitForPath('/markets');
    expect(await db.markets.count()).toBe(0);
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/markets/wb-7/', row_id: market.id });
  });

  it('deleting a store created offline and never sent leaves nothing queued', async () => {
    await createMarket({
      market_id: 'offline-1',
      name: 'Без сети',
      description: '',
      access_token: '',
      marketplace: '-',
    });
    const page = await open('offline-1');
    await screen.findByRole('heading', { name: 'Изменение данных магазина' });
    type('name', 'Без сети, переименован');
    fireEvent.blur(field('name'));
    await waitFor(async () => expect((await outbox())[0]!.body).toMatchObject({ name: 'Без сети, переименован' }));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await page.waitForPath('/markets');
    expect(await db.markets.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a store not on the device shows «Магазин не найден»', async () => {
    await open('ghost');
    expect(await screen.findByRole('heading', { name: 'Магазин не найден' })).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
  });
});
