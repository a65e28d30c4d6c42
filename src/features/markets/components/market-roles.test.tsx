// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, type Market } from '../../../db/database.ts';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { MarketPage } from './market-form.tsx';
import { MarketsList } from './markets-list.tsx';

/*
 * Stores by role (issue 24): the owner has everything; a manager changes and deletes stores but neither adds one
 * nor sees its marketplace key; the warehouse sees the stores and nothing to press.
 */
const store: Market = {
  id: crypto.randomUUID(),
  market_id: 'shop-1',
  name: 'Склад на Лиговском',
  description: 'Основной',
  marketplace: 'OZON',
  access_token: '****abcd',
  has_access_token: true,
  order_intake: false,
  order_intake_interval: 60,
  order_intake_error: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  version: 1,
};

function MarketRoute() {
  const { marketId } = useParams({ strict: false });
  return <MarketPage marketId={marketId ?? ''} />;
}

describe('stores by role', () => {
  it('warehouse: the list with no «Добавить», no «Передать остатки», no form to open, no «Включить»', async () => {
    signInAsRole('warehouse');
    await db.markets.add(store);
    await renderWithRouter(MarketsList, { path: '/markets' });
    expect(await screen.findByText('Склад на Лиговском')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Передать остатки' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Включить' })).toBeNull();
    expect(screen.getByText('Заказы: не принимаются')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Склад на Лиговском/ })).toBeNull();
  });

  it('manager: opens a store, but «Добавить» is the owner’s', async () => {
    signInAsRole('manager');
    await db.markets.add(store);
    const page = await renderWithRouter(MarketsList, { path: '/markets' });
    await screen.findByText('Склад на Лиговском');
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Передать остатки' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Включить' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Склад на Лиговском/ }));
    await page.waitForPath('/market/shop-1');
  });

  it('owner: «Добавить» and «Передать остатки»', async () => {
    signInAsRole('owner');
    await renderWithRouter(MarketsList, { path: '/markets' });
    await screen.findByText(/Магазинов пока нет/);
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Передать остатки' })).toBeTruthy();
  });

  it('manager on a store: name and description to edit, delete, no key field', async () => {
    signInAsRole('manager');
    await db.markets.add(store);
    await renderWithRouter(MarketRoute, { path: '/market/$marketId', url: '/market/shop-1' });
    expect(await screen.findByLabelText('Название')).toBeTruthy();
    expect(screen.queryByLabelText('Ключ доступа к маркетплейсу')).toBeNull();
    expect(screen.getByRole('button', { name: 'Удалить' })).toBeTruthy();
  });

  it('owner on a store: the key field is there', async () => {
    signInAsRole('owner');
    await db.markets.add(store);
    await renderWithRouter(MarketRoute, { path: '/market/$marketId', url: '/market/shop-1' });
    expect(await screen.findByLabelText('Ключ доступа к маркетплейсу')).toBeTruthy();
  });

  for (const role of ['manager', 'warehouse'] as const)
    it(`${role} at /market/new: «Недоступно для вашей роли», no form`, async () => {
      signInAsRole(role);
      await renderWithRouter(MarketRoute, { path: '/market/$marketId', url: '/market/new' });
      expect(await screen.findByText('Недоступно для вашей роли')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Создать' })).toBeNull();
    });

  it('warehouse at /market/{id}: «Недоступно для вашей роли»', async () => {
    signInAsRole('warehouse');
    await db.markets.add(store);
    await renderWithRouter(MarketRoute, { path: '/market/$marketId', url: '/market/shop-1' });
    expect(await screen.findByText('Недоступно для вашей роли')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Название')).toBeNull());
  });
});
