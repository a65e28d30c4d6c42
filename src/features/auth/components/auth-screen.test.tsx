// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppState, setUser } from '../../../state/app-state.ts';
import { db, type OutboxEntry } from '../../../db/database.ts';
import { setMeta } from '../../../db/meta.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { startRealServerInJsdom } from '../../../testing/real-server-in-jsdom.ts';
import { signInAs, type RealServer } from '../../../testing/real-server.ts';
import { AuthScreen } from './auth-screen.tsx';

let server: RealServer;
beforeAll(async () => {
  server = await startRealServerInJsdom();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const openAuth = () => renderWithRouter(AuthScreen, { path: '/auth' });
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const fill = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) fireEvent.change(input(name)!, { target: { value } });
};
const uniqueLogin = () => `ui-${crypto.randomUUID().slice(0, 8)}@example.ru`;

describe('auth screen: modes and fields (docs/screens.md)', () => {
  it('starts on login without a token; the toggle link switches to registration and back', async () => {
    await openAuth();
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeTruthy();
    expect(input('login')).not.toBeNull();
    expect(input('password')!.type).toBe('password');
    expect(input('first-name')).toBeNull();
    expect(input('last-name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Выйти' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
    expect(await screen.findByRole('heading', { name: 'Регистрация' })).toBeTruthy();
    for (const name of ['login', 'password', 'first-name', 'last-name']) expect(input(name), name).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Вход' }));
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeTruthy();
    expect(input('first-name')).toBeNull();
    expect(input('last-name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeTruthy();
  });

  it('starts on logout when an access token is stored', async () => {
    localStorage.setItem('access_token', 'stored-token');
    await openAuth();
    expect(await screen.findByRole('heading', { name: 'Выход из системы' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeTruthy();
    expect(input('login')).toBeNull();
  });
});

describe('auth screen against the real server', { timeout: 30_000 }, () => {
  it('registration signs up, logs in with the same credentials (tokens stored) and goes to /', async () => {
    const login = uniqueLogin();
    const page = await openAuth();
    fireEvent.click(await screen.findByRole('button', { name: 'Регистрация' }));
    await screen.findByRole('heading', { name: 'Регистрация' });
    fill({ login, password: 'очень-секретный-пароль', 'first-name': 'Ирина', 'last-name': 'Котова' });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await page.waitForPath('/');

    const access = localStorage.getItem('access_token');
    expect(access).toBeTruthy();
    expect(localStorage.getItem('refresh_token')).toBeTruthy();
    // The stored token is this new user's: the server answers /me with what was typed.
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ login, first_name: 'Ирина', last_name: 'Котова' });
  });

  it('login with the right password stores the tokens and goes to /', async () => {
    const user = await server.signUp();
    const page = await openAuth();
    await screen.findByRole('heading', { name: 'Вход' });
    fill({ login: user.login, password: user.password });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await page.waitForPath('/');
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    expect((me.json() as { id: string }).id).toBe(user.id);
  });

  it("a wrong password shows the server's Russian message and stores nothing", async () => {
    const user = await server.signUp();
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/login/',
      payload: { login: user.login, password: 'не тот пароль', email: user.login },
    });
    const detail = (refused.json() as { detail: string }).detail;
    expect(detail).toMatch(/[а-яё]/i);

    const page = await openAuth();
    await screen.findByRole('heading', { name: 'Вход' });
    fill({ login: user.login, password: 'не тот пароль' });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(page.pathname()).toBe('/auth');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Войти' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});

describe('logout', { timeout: 30_000 }, () => {
  const entry = (status: OutboxEntry['status'], rowId: string): OutboxEntry => ({
    id: crypto.randomUUID(),
    group: null,
    method: 'PATCH',
    path: '/api/v1/markets/m1/',
    body: { name: 'Новое' },
    table: 'markets',
    row_id: rowId,
    before: null,
    created_at: Date.now(),
    status,
    attempts: 0,
    error: status === 'rejected' ? 'Магазин не найден' : null,
  });

  /** A signed-in device with a store, a queued edit of `status`, and sync bookkeeping. */
  async function seedSignedIn(status: OutboxEntry['status']) {
    const user = await server.signUp();
    signInAs(user);
    setUser({ id: user.id, first_name: 'Анна', last_name: 'Смирнова', login: user.login });
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await db.markets.add({
      id,
      market_id: 'm1',
      name: 'Магазин',
      description: '',
      marketplace: '-',
      access_token: '',
      has_access_token: false,
      order_intake: true,
      order_intake_interval: 60,
      order_intake_error: null,
      created_at: now,
      updated_at: now,
      version: 1,
    });
    await db.outbox.add(entry(status, id));
    await db.mirrored('products_wh').add({ id: crypto.randomUUID(), name: 'Товар' });
    await setMeta('cursor', 42);
    await setMeta('user_id', user.id);
  }

  async function expectSignedOut() {
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(getAppState().user).toBeNull();
    for (const table of db.tables) expect(await table.count(), table.name).toBe(0);
  }

  it('with nothing unsent: one tap removes the tokens, the user and every local table, then /', async () => {
    await seedSignedIn('rejected');
    const page = await openAuth();
    fireEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await page.waitForPath('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    await expectSignedOut();
  });

  it('with unsent edits it asks first; «Отмена» keeps everything, confirming clears it', async () => {
    await seedSignedIn('pending');
    const page = await openAuth();
    // Tapped at once: the count of unsent edits may still be loading, yet the question must come.
    fireEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выйти без отправки правок?' });
    expect(dialog.textContent).toContain('Неотправленные правки (1) будут потеряны');
    expect(await screen.findByText(/неотправленные правки: 1/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('access_token')).not.toBeNull();
    expect(await db.outbox.count()).toBe(1);
    expect(await db.markets.count()).toBe(1);
    expect(page.pathname()).toBe('/auth');

    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Выйти' }));
    await page.waitForPath('/');
    await expectSignedOut();
  });
});

// Issue 9: a session the server ended is not a sign-out. The device keeps the unsent edits, the
// login screen says so, and signing in as the same user keeps them for sending; another user's
// sign-in must not see them.
describe('after the server ended the session', { timeout: 30_000 }, () => {
  async function deviceOfEndedSession() {
    const user = await server.signUp();
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db.markets.add({
      id,
      market_id: 'm1',
      name: 'Магазин',
      description: '',
      marketplace: '-',
      access_token: '',
      has_access_token: false,
      order_intake: true,
      order_intake_interval: 60,
      order_intake_error: null,
      created_at: now,
      updated_at: now,
      version: 1,
    });
    await db.outbox.add({
      id: crypto.randomUUID(),
      group: null,
      method: 'PATCH',
      path: '/api/v1/markets/m1/',
      body: { name: 'Новое' },
      table: 'markets',
      row_id: id,
      before: null,
      created_at: Date.now(),
      status: 'pending',
      attempts: 1,
      error: null,
    });
    await setMeta('user_id', user.id);
    // What the session's end leaves: no tokens, the device's data untouched.
    localStorage.clear();
    return user;
  }
  const openExpired = () =>
    renderWithRouter(
      function Expired() {
        return <AuthScreen sessionExpired />;
      },
      { path: '/auth' },
    );

  it('says the session ended and the unsent edits wait; the same user signs in and keeps them', async () => {
    const user = await deviceOfEndedSession();
    const page = await openExpired();
    expect(
      await screen.findByText(/Сессия завершена: войдите снова\. Неотправленные правки \(1\) сохранены/),
    ).toBeTruthy();
    fill({ login: user.login, password: user.password });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await page.waitForPath('/');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.markets.get((await db.outbox.toArray())[0]!.row_id)).toMatchObject({ name: 'Магазин' });
  });

  it('another user signing in on the device starts clean: the previous user’s edits are not theirs', async () => {
    await deviceOfEndedSession();
    const other = await server.signUp();
    const page = await openExpired();
    await screen.findByRole('heading', { name: 'Вход' });
    fill({ login: other.login, password: other.password });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await page.waitForPath('/');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.markets.count()).toBe(0);
  });
});
