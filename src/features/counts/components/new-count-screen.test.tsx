// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { business, kettle, seedWarehouse } from '../test/seed.ts';
import { NewCountScreen } from './new-count-screen.tsx';

// Dexie and the router's navigation on a busy machine take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

it('a selection count is made on the device and queued, then opens', { timeout: 30_000 }, async () => {
  signInAsRole('warehouse', { businessId: business });
  await seedWarehouse();
  const page = await renderWithRouter(NewCountScreen, { path: '/counts/new' });
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Полка чайников' } });
  fireEvent.click(screen.getByLabelText('Выбранные товары'));
  fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
  await screen.findByText('Выберите хотя бы один товар');
  expect(await db.outbox.count()).toBe(0);

  fireEvent.click(await screen.findByLabelText('Чайник'));
  fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
  await waitFor(() => expect(page.pathname()).toMatch(/^\/counts\/[0-9a-f-]{36}$/));
  const [count] = await db.rows('counts').toArray();
  expect(count).toMatchObject({ name: 'Полка чайников', scope: 'selection', product_ids: [kettle], status: 'draft' });
  expect(page.pathname()).toBe(`/counts/${count!.id}`);
  const [entry] = await db.outbox.toArray();
  expect(entry).toMatchObject({
    method: 'POST',
    path: '/api/v1/counts/',
    body: { id: count!.id, name: 'Полка чайников', scope: 'selection', product_ids: [kettle] },
  });
});
