// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { startRealServerInJsdom } from '../../../testing/real-server-in-jsdom.ts';
import { signInAs, type RealServer } from '../../../testing/real-server.ts';
import { businessIdFromToken } from '../../../sync/tokens.ts';
import { invite, ownerOf, signUpWithCode } from '../test/team-world.ts';
import { JoinScreen } from './join-screen.tsx';

let server: RealServer;
beforeAll(async () => {
  server = await startRealServerInJsdom();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
/** What waits on the real server: generous, for a loaded machine (the password hashing alone takes a while). */
const slow = { timeout: 10_000 };

const openJoin = (code: string) =>
  renderWithRouter(
    function Join() {
      return <JoinScreen code={code} />;
    },
    { path: '/join' },
  );

describe('/join signed in — «Вступить в команду?»', { timeout: 60_000 }, () => {
  it('joins with the link’s code: the device then works in the team, and the home page opens', async () => {
    const owner = await ownerOf(server, 'Склад Петрова');
    const person = await ownerOf(server, 'Мой склад');
    signInAs(person);
    const code = await invite(server, owner);
    const page = await openJoin(code);
    expect(await screen.findByRole('heading', { name: 'Вступить в команду?' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Код приглашения').value).toBe(code);
    fireEvent.click(screen.getByRole('button', { name: 'Вступить' }));
    await page.waitForPath('/');
    expect(businessIdFromToken()).toBe(owner.id);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    expect(me.json()).toMatchObject({ id: person.id, role: 'warehouse', business: { name: 'Склад Петрова' } });
  });

  it('a used code is refused in the server’s words and nothing changes', async () => {
    const owner = await ownerOf(server, 'Склад Ивановой');
    const code = await invite(server, owner);
    await signUpWithCode(server, code);
    const person = await ownerOf(server, 'Свой склад');
    signInAs(person);
    const page = await openJoin(code);
    fireEvent.click(await screen.findByRole('button', { name: 'Вступить' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'Это приглашение уже использовано: попросите у владельца новое',
    );
    expect(page.pathname()).toBe('/join');
    expect(businessIdFromToken()).toBe(person.id);
  });

  it('an owner with a team of their own is told to remove the members first', async () => {
    const inviting = await ownerOf(server, 'Склад Сидорова');
    const owner = await ownerOf(server, 'Склад Орлова');
    await signUpWithCode(server, await invite(server, owner));
    signInAs(owner);
    await openJoin(await invite(server, inviting));
    fireEvent.click(await screen.findByRole('button', { name: 'Вступить' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toMatch(
      /^Вы владелец команды, в которой есть сотрудники/,
    );
    expect(businessIdFromToken()).toBe(owner.id);
  });
});
