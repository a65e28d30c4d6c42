// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../test/component-setup.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db, type OutboxEntry } from '../../../db/database.ts';
import { setMeta } from '../../../db/meta.ts';
import { formatTime } from '../../../lib/format.ts';
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
  it('follows the connection: «В сети», «Нет сети» after an offline event, back on online', async () => {
    render(<SyncIndicator />);
    expect(screen.getByRole('button', { name: 'Состояние синхронизации' })).toBe(badge());
    expect(badge().textContent).toContain('В сети');
    goOffline(true);
    expect(badge().textContent).toContain('Нет сети');
    expect(badge().textContent).not.toContain('В сети');
    goOffline(false);
    expect(badge().textContent).toContain('В сети');
  });

  it('shows the number of unsent edits (pending and sending), live from the outbox', async () => {
    render(<SyncIndicator />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('unsent-count')).toBeNull(); // nothing queued: no counter

    await db.outbox.bulkAdd([entry('pending', 'POST'), entry('sending', 'PATCH'), entry('rejected', 'PATCH', 'Нельзя')]);
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

  it('its dialog lists refused edits with their reasons; «Убрать» removes one', async () => {
    const refusedCreate = entry('rejected', 'POST', 'Магазин с таким ID уже есть');
    const refusedDelete = entry('rejected', 'DELETE', 'Магазин не найден');
    await db.outbox.bulkAdd([refusedCreate, entry('pending', 'PATCH'), refusedDelete]);
    render(<SyncIndicator />);
    await waitFor(() => expect(badge().textContent).toContain('Отклонено: 2'));
    await waitFor(() => expect(badge().textContent).toContain('Не отправлено: 1'));

    fireEvent.click(badge());
    const dialog = await screen.findByRole('dialog', { name: 'Синхронизация' });
    expect(dialog.textContent).toContain('Неотправленных правок: 1.');
    const items = () => within(dialog).queryAllByRole('listitem').map((li) => li.querySelector('span')!.textContent);
    expect(items()).toEqual(['Создание: Магазин с таким ID уже есть', 'Удаление: Магазин не найден']);

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Убрать' })[0]!);
    await waitFor(() => expect(items()).toEqual(['Удаление: Магазин не найден']));
    expect(await db.outbox.get({ id: refusedCreate.id })).toBeUndefined();
    expect(await db.outbox.get({ id: refusedDelete.id })).toBeDefined();
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1); // unsent edits are not touched

    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(within(dialog).queryByText('Отклонённые правки')).toBeNull());
    expect(badge().textContent).not.toContain('Отклонено');
  });

  it('offline, the dialog says edits stay on the device', async () => {
    render(<SyncIndicator />);
    goOffline(true);
    fireEvent.click(badge());
    const dialog = await screen.findByRole('dialog', { name: 'Синхронизация' });
    expect(dialog.textContent).toContain('Нет сети: правки сохраняются на устройстве');
  });
});
