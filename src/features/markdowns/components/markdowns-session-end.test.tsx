// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/database.ts';
import { saveEditsThenLeave } from '../../../sync/session-end.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { markdownsSearchSchema } from '../api/markdowns-search.ts';
import { MarkdownsScreen } from './markdowns-screen.tsx';

function Route() {
  const search = markdownsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <MarkdownsScreen
      search={search}
      onSearchChange={(patch) => void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never })}
    />
  );
}
const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z' };

// Issue 9: the session ended while a price was being typed; the text must reach the outbox before the page goes to
// /auth.
describe('a session that ends mid-edit', () => {
  it('saves the focused cell to the outbox before leaving for /auth', async () => {
    await db.mirrored('products_wh').add({ id: 'p1', name: 'Кружка', images: [], ...meta });
    await db.mirrored('markdowns').add({
      id: 'm1',
      product_id: 'p1',
      lot_id: null,
      datetime: new Date(2025, 1, 2).toISOString(),
      description: '',
      price: 100,
      markdown_price: 60,
      release: false,
      count: 1,
      ...meta,
    });
    renderWithRouter(Route, { path: '/markdown', url: '/markdown' });
    const price = (await screen.findByLabelText('Цена уценки: Кружка, 02.02.2025 00:00')) as HTMLInputElement;
    price.focus();
    fireEvent.change(price, { target: { value: '45' } });
    expect(document.activeElement).toBe(price);

    // What had committed to the outbox at the moment of leaving: a page load aborts the rest.
    const committed: unknown[] = [];
    db.outbox.hook('creating', (_key, entry, transaction) => {
      transaction.on('complete', () => committed.push([entry.method, entry.path, entry.body]));
    });
    let committedWhenLeaving: unknown[] = [];
    const leave = vi.fn(() => {
      committedWhenLeaving = [...committed];
    });
    await saveEditsThenLeave(leave);

    expect(leave).toHaveBeenCalledTimes(1);
    expect(committedWhenLeaving).toEqual([['PATCH', '/api/v1/markdowns/m1/', { markdown_price: 45 }]]);
    expect(await db.mirrored('markdowns').get('m1')).toMatchObject({ markdown_price: 45 });
  });
});
