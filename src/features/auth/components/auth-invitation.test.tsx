// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { setMeta } from '../../../db/meta.ts';
import { rememberSessionEnd } from '../../../sync/session-end.ts';
import { businessIdFromToken } from '../../../sync/tokens.ts';
import { invite, ownerOf } from '../../team/test/team-world.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { startRealServerInJsdom } from '../../../testing/real-server-in-jsdom.ts';
import type { RealServer } from '../../../testing/real-server.ts';
import { AuthScreen } from './auth-screen.tsx';

let server: RealServer;
beforeAll(async () => {
  server = await startRealServerInJsdom();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
/** What waits on the real server: generous, for a loaded machine (the password hashing alone takes a while). */
const slow = { timeout: 10_000 };

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const fill = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) fireEvent.change(input(name), { target: { value } });
};
const openJoin = (code: string) =>
  renderWithRouter(
    function Join() {
      return <AuthScreen invitation={code} />;
    },
    { path: '/join' },
  );

describe('/join signed out: the auth screen with the invitation', { timeout: 60_000 }, () => {
  it('opens on registration with the code filled in; signing up puts the new account in the team', async () => {
    const owner = await ownerOf(server, 'Склад Петрова');
    const code = await invite(server, owner);
    const page = await openJoin(code);
    expect(await screen.findByRole('heading', { name: 'Регистрация' })).toBeTruthy();
    expect(input('invitation').value).toBe(code);
    fill({
      login: `joiner-${crypto.randomUUID().slice(0, 8)}@example.ru`,
      password: 'очень-секретный-пароль',
      'first-name': 'Ирина',
      'last-name': 'Котова',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await page.waitForPath('/');
    expect(businessIdFromToken()).toBe(owner.id);
  });

  it('«У меня уже есть аккаунт» signs in, then joins the team', async () => {
    const owner = await ownerOf(server, 'Склад Ивановой');
    const person = await ownerOf(server, 'Мой склад');
    const page = await openJoin(await invite(server, owner, 'manager'));
    fireEvent.click(await screen.findByRole('button', { name: 'У меня уже есть аккаунт' }));
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeTruthy();
    expect(screen.getByText('После входа вы вступите в команду по коду приглашения.')).toBeTruthy();
    fill({ login: person.login, password: person.password });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await page.waitForPath('/');
    expect(businessIdFromToken()).toBe(owner.id);
  });

  it('a refused code after signing in says so in the server’s words: the person is in their own account', async () => {
    const person = await ownerOf(server, 'Свой склад');
    await openJoin('ABCD-EFGH-JKMN');
    fireEvent.click(await screen.findByRole('button', { name: 'У меня уже есть аккаунт' }));
    await screen.findByRole('heading', { name: 'Вход' });
    fill({ login: person.login, password: person.password });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('heading', { name: 'Не удалось вступить в команду' }, slow)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Приглашение не найдено: проверьте код или попросите новое');
    expect(businessIdFromToken()).toBe(person.id);
  });

  it('an unknown code at sign-up creates no account and says why', async () => {
    await openJoin('ABCD-EFGH-JKMN');
    const login = `nobody-${crypto.randomUUID().slice(0, 8)}@example.ru`;
    fill({ login, password: 'очень-секретный-пароль', 'first-name': 'Ира', 'last-name': 'Котова' });
    fireEvent.click(await screen.findByRole('button', { name: 'Зарегистрироваться' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'Приглашение не найдено: проверьте код или попросите новое',
    );
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('/auth after the owner ended the session', () => {
  it('gives the owner’s reason, and does not promise that edits made in the team will still be sent', async () => {
    rememberSessionEnd({
      code: 'member_removed',
      detail: 'Владелец убрал вас из команды: войдите снова, чтобы работать в своём аккаунте',
    });
    await setMeta('user_id', crypto.randomUUID());
    await db.outbox.add({
      id: crypto.randomUUID(),
      group: null,
      method: 'PATCH',
      path: '/api/v1/markets/m1/',
      body: { name: 'Новое' },
      table: 'markets',
      row_id: crypto.randomUUID(),
      before: null,
      created_at: Date.now(),
      status: 'pending',
      attempts: 0,
      error: null,
    });
    await renderWithRouter(
      function Expired() {
        return <AuthScreen sessionExpired />;
      },
      { path: '/auth' },
    );
    expect(
      await screen.findByText(
        /^Владелец убрал вас из команды: войдите снова, чтобы работать в своём аккаунте Неотправленные правки \(1\) сохранены на этом устройстве: после входа под тем же логином они отправятся, если вы по-прежнему работаете в той же команде/,
      ),
    ).toBeTruthy();
  });
});
