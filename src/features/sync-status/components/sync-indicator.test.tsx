// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db, type OutboxEntry } from '../../../db/database.ts';
import { setMeta } from '../../../db/meta.ts';
import { formatTime } from '../../../lib/format.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { SyncIndicator } from './sync-indicator.tsx';

function entry(status: OutboxEntry['status'], method: OutboxEntry['method'], error: string | null = null): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    group: null,
    method,
    path: '/api/v1/markets/m1/',
    body: {},
    table: 'markets',
    row_id: crypto.randomUUID(),
    before: null,
    created_at: Date.now(),
    status,
    attempts: 0,
    error,
  };
}

const badge = () => screen.getByTestId('sync-indicator'); // by test id: an open dialog hides it from role queries

/** navigator.onLine as the browser would report it, plus the event the browser fires. */
function goOffline(offline: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

describe('sync indicator', () => {
  it('follows the connection: «Нет сети» after an offline event, back on online', async () => {
    render(<SyncIndicator />);
    expect(screen.getByRole('button', { name: /^Синхронизация:/ })).toBe(badge());
    expect(badge().textContent).toContain('Всё отправлено');
    goOffline(true);
    expect(badge().textContent).toContain('Нет сети');
    expect(badge().textContent).not.toContain('Всё отправлено');
    goOffline(false);
    expect(badge().textContent).toContain('Всё отправлено');
  });

  it('shows the number of unsent edits (pending and sending), live from the outbox', async () => {
    render(<SyncIndicator />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('unsent-count')).toBeNull(); // nothing queued: no counter

    await db.outbox.bulkAdd([
      entry('pending', 'POST'),
      entry('sending', 'PATCH'),
      entry('rejected', 'PATCH', 'Нельзя'),
    ]);
    await waitFor(() => expect(screen.getByTestId('unsent-count').textContent).toBe('Не отправлено: 2'));
    expect(badge().textContent).toContain('Отклонено: 1');

    await db.outbox.where('status').equals('sending').delete(); // sent
    await waitFor(() => expect(screen.getByTestId('unsent-count').textContent).toBe('Не отправлено: 1'));
  });

  it('shows the time of the last sync', async () => {
    const at = new Date(2026, 0, 15, 14, 5).getTime();
    await setMeta('last_sync_at', at);
    render(<SyncIndicator />);
    await waitFor(() => expect(badge().textContent).toContain(`Синхр. ${formatTime(at)}`));
    expect(formatTime(at)).toBe('14:05');
  });

  it('its dialog lists refused edits with what, the product and why; «Отменить» drops one, «Повторить» requeues one once', async () => {
    await db.mirrored('products_wh').put({ id: 'p1', name: 'Кружка белая' });
    const writeOff = {
      ...entry('rejected', 'POST', 'Недостаточно товара на складе: доступно 1 шт.'),
      table: 'disposals' as const,
      path: '/api/v1/disposal/',
      body: { product_id: 'p1', count: 3 },
    };
    const refusedDelete = entry('rejected', 'DELETE', 'Магазин не найден');
    await db.outbox.bulkAdd([writeOff, entry('pending', 'PATCH'), refusedDelete]);
    const view = await renderWithRouter(SyncIndicator);
    await waitFor(() => expect(badge().textContent).toContain('Отклонено: 2'));
    await waitFor(() => expect(badge().textContent).toContain('Не отправлено: 1'));

    fireEvent.click(badge());
    const dialog = await screen.findByRole('dialog', { name: 'Синхронизация' });
    expect(dialog.textContent).toContain('Неотправленных правок: 1.');
    const items = () => within(dialog).queryAllByTestId('refused-edit');
    const firstLines = () => items().map((li) => li.querySelector('div > div')!.textContent);
    expect(firstLines()).toEqual(['Списание 3 шт. товара «Кружка белая»', 'Удаление магазина']);
    expect(items()[0]!.textContent).toContain('Недостаточно товара на складе: доступно 1 шт.');
    for (const li of items())
      for (const name of ['Повторить', 'Отменить']) expect(within(li).getByRole('button', { name })).toBeDefined();

    fireEvent.click(within(items()[1]!).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(await db.outbox.get({ id: refusedDelete.id })).toBeUndefined();
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1); // unsent edits are not touched

    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(within(dialog).queryByText('Отклонённые правки')).toBeNull());
    const requeued = await db.outbox.get({ id: writeOff.id });
    expect(requeued).toMatchObject({
      status: 'pending',
      error: null,
      path: '/api/v1/disposal/',
    }); // the same entry, so the same Idempotency-Key
    expect(await db.outbox.count()).toBe(2); // requeued, not copied
    await waitFor(() => expect(badge().textContent).toContain('Не отправлено: 2'));
    expect(badge().textContent).not.toContain('Отклонено');

    await db.mirrored('products_wh').put({ id: 'p2', name: 'Чайник' });
    await db.outbox.add({
      ...entry('rejected', 'POST', 'Нельзя'),
      table: 'disposals',
      body: { product_id: 'p2', count: 1 },
    });
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Открыть' }));
    await view.waitForPath('/product/p2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('«Всё отправлено» only online with nothing unsent and nothing refused', async () => {
    const at = new Date(2026, 0, 15, 9, 30).getTime();
    await setMeta('last_sync_at', at);
    render(<SyncIndicator />);
    await waitFor(() => expect(badge().textContent).toBe('Синхронизация: Всё отправлено' + `Синхр. ${formatTime(at)}`));
    const waiting = entry('pending', 'PATCH');
    await db.outbox.add(waiting);
    await waitFor(() => expect(badge().textContent).not.toContain('Всё отправлено'));
    expect(badge().textContent).toContain('Не отправлено: 1');
    await db.outbox.where('id').equals(waiting.id).delete();
    await waitFor(() => expect(badge().textContent).toContain('Всё отправлено'));
    await db.outbox.add(entry('rejected', 'POST', 'Нельзя'));
    await waitFor(() => expect(badge().textContent).toContain('Отклонено: 1'));
    expect(badge().textContent).not.toContain('Всё отправлено');
    await db.outbox.clear();
    await waitFor(() => expect(badge().textContent).toContain('Всё отправлено'));
    goOffline(true);
    expect(badge().textContent).not.toContain('Всё отправлено');
    expect(badge().textContent).toContain('Нет сети');
  });

  it('a refused edit raises a notification that stays until clicked, after a reload too, and a click dismisses it for good', async () => {
    await db.mirrored('products_wh').put({ id: 'p1', name: 'Кружка белая' });
    const first = render(<SyncIndicator />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('alert')).toBeNull();
    await db.outbox.add({
      ...entry('rejected', 'POST', 'Недостаточно товара на складе: доступно 1 шт.'),
      table: 'disposals',
      body: { product_id: 'p1', count: 2 },
    });
    const text = 'Списание 2 шт. товара «Кружка белая» отклонено: Недостаточно товара на складе: доступно 1 шт.';
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));

    first.unmount(); // a reload: the notification is still owed
    render(<SyncIndicator />);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(text);
    fireEvent.click(notice);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    cleanup();
    render(<SyncIndicator />);
    await waitFor(() => expect(badge().textContent).toContain('Отклонено: 1')); // still listed…
    expect(screen.queryByRole('alert')).toBeNull(); // …but not announced again
  });

  it('offline, the dialog says edits stay on the device', async () => {
    render(<SyncIndicator />);
    goOffline(true);
    fireEvent.click(badge());
    const dialog = await screen.findByRole('dialog', { name: 'Синхронизация' });
    expect(dialog.textContent).toContain('Нет сети: правки сохраняются на устройстве');
  });
});
