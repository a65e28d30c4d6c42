// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, db } from '../db/database.ts';
import { getMeta } from '../db/meta.ts';
import {
  callAs,
  invite,
  logInAgain,
  ownerOf,
  productNamesOf,
  signUpWithCode,
} from '../features/team/test/team-world.ts';
import type { TestUser } from '../../tests/server/helpers/test-app.ts';
import { loadRefusedEdits } from '../features/sync-status/api/refused-edits.ts';
import { startRealServerInJsdom } from '../testing/real-server-in-jsdom.ts';
import type { RealServer } from '../testing/real-server.ts';
import { apiCall } from './contract.ts';
import { queueCreate } from './outbox.ts';
import { drainOutbox, type PushTransport } from './push-worker.ts';
import { refusedEditsOf, retryRefused } from './refused-entries.ts';
import { loadCurrentUser, login } from './session.ts';
import { joinTeam } from './team.ts';
import { businessIdFromToken, clearTokens, storeTokens } from './tokens.ts';
import { pushOverHttp } from './transports.ts';
import { refreshSession } from './http.ts';
import { sessionEndReason } from './session-end.ts';

/*
 * Issue 24 on the device: the mirror holds one business's data, and an edit goes only to the business it was made
 * in. A person who leaves a team (removed, or joining another) keeps the edits still queued there as refused ones,
 * visible in «Синхронизация» and never sent to the business they are in now.
 */

let server: RealServer;
beforeAll(async () => {
  server = await startRealServerInJsdom();
}, 120_000);
afterAll(async () => {
  await clearLocalData();
  await server?.close();
});
beforeEach(async () => {
  await clearLocalData();
  localStorage.clear();
});

/** pushOverHttp that records every entry it sends. */
function recordingPush(): { transport: PushTransport; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    transport: async (entries) => {
      sent.push(...entries.map((e) => e.id));
      return pushOverHttp(entries);
    },
  };
}

/** The person as the device is signed in now (their earlier sign-ins may have been ended). */
const signedInHere = (person: TestUser): TestUser => ({
  ...person,
  headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
});

/** A product made on the device and queued, not sent. */
async function productQueued(name: string): Promise<string> {
  const id = crypto.randomUUID();
  const call = apiCall('POST', '/products/warehouse/add/', {
    body: [{ id, name, description: '', images: [], confirmed: true }],
  });
  await queueCreate('products_wh', { id, name }, call);
  return id;
}

describe('a removed member signs in again', { timeout: 60_000 }, () => {
  it('keeps the edits queued in the team as refused, naming it, and sends none of them to their own business', async () => {
    const owner = await ownerOf(server, 'Склад Петрова');
    const member = await signUpWithCode(server, await invite(server, owner));
    expect(await login(member.login, member.password)).toEqual({ ok: true });
    await loadCurrentUser();
    expect(businessIdFromToken()).toBe(owner.id);

    await productQueued('Коробка');
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ status: 'pending', business_id: owner.id });

    await callAs(server, owner, 'DELETE', `/api/v1/team/members/${member.id}/`);
    // What the end of the session leaves on the device: no tokens, the data as it was.
    clearTokens();
    expect(await login(member.login, member.password)).toEqual({ ok: true });
    expect(businessIdFromToken()).toBe(member.id);

    const kept = await db.outbox.toArray();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      id: queued!.id,
      status: 'rejected',
      business_id: owner.id,
      error: 'Не отправлено: вы больше не работаете в команде "Склад Петрова"',
    });
    expect(refusedEditsOf(kept).map((e) => e.head.id)).toEqual([queued!.id]);
    // «Синхронизация» lists it with its reason, to be dropped only: «Повторить» would send it to the wrong business.
    expect(await loadRefusedEdits()).toMatchObject([{ id: queued!.id, reason: kept[0]!.error, retryable: false }]);
    expect(await db.mirrored('products_wh').count()).toBe(0);
    expect(await getMeta('user_id')).toBe(member.id);

    const push = recordingPush();
    await drainOutbox(push.transport);
    expect(await retryRefused(queued!.id)).toBe(0);
    await drainOutbox(push.transport);
    expect(push.sent).toEqual([]);
    expect((await db.outbox.get(kept[0]!.seq!))?.status).toBe('rejected');
    expect(await productNamesOf(server, signedInHere(member))).toEqual([]);
    expect(await productNamesOf(server, owner)).toEqual([]);
  });

  it('another person signing in on the device starts clean: a former member’s edits are not theirs to see', async () => {
    const owner = await ownerOf(server, 'Склад Ивановой');
    const member = await signUpWithCode(server, await invite(server, owner));
    await login(member.login, member.password);
    await productQueued('Кружка');
    clearTokens();
    const other = await signUpWithCode(server, await invite(server, await ownerOf(server, 'Другой склад')));
    expect(await login(other.login, other.password)).toEqual({ ok: true });
    expect(await db.outbox.count()).toBe(0);
  });

  it('so does a colleague of the same business: the edits queued are not sent under their name', async () => {
    const owner = await ownerOf(server, 'Склад Фёдоровой');
    const first = await signUpWithCode(server, await invite(server, owner));
    const second = await signUpWithCode(server, await invite(server, owner));
    await login(first.login, first.password);
    await productQueued('Чашка');
    clearTokens();
    expect(await login(second.login, second.password)).toEqual({ ok: true });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('a removed member’s device at its first contact', { timeout: 60_000 }, () => {
  it('forgets the team’s data when the refresh is refused, keeps the queued edits, and says why', async () => {
    const owner = await ownerOf(server, 'Склад Кузнецова');
    const member = await signUpWithCode(server, await invite(server, owner));
    expect(await login(member.login, member.password)).toEqual({ ok: true });
    await db.mirrored('products_wh').put({ id: crypto.randomUUID(), name: 'Товар команды', version: 1 } as never);
    await productQueued('Ящик');

    await callAs(server, owner, 'DELETE', `/api/v1/team/members/${member.id}/`);
    expect(await refreshSession()).toBe('refused');
    expect(await db.mirrored('products_wh').count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    expect(sessionEndReason()).toMatch(/^Владелец убрал вас из команды/);
    // The next sign-in keeps that edit as refused, naming the team it was made in.
    expect(await login(member.login, member.password)).toEqual({ ok: true });
    expect(await db.outbox.toArray()).toMatchObject([{ status: 'rejected', business_id: owner.id }]);
  });
});

describe('the push worker and the business of an entry', { timeout: 60_000 }, () => {
  it('never sends an entry queued in another business than the one signed in to: it is refused on the device', async () => {
    const owner = await ownerOf(server, 'Склад Сидорова');
    const member = await signUpWithCode(server, await invite(server, owner));
    await login(member.login, member.password);
    await productQueued('Скотч');
    await callAs(server, owner, 'DELETE', `/api/v1/team/members/${member.id}/`);
    // Tokens of the person's own business arrive some other way than a sign-in (another tab, a race).
    const own = await logInAgain(server, member);
    storeTokens({ access_token: own.accessToken, refresh_token: own.refreshToken });
    expect(businessIdFromToken()).toBe(member.id);

    const push = recordingPush();
    expect(await drainOutbox(push.transport)).toEqual({ sent: 0, rejected: 0 });
    expect(push.sent).toEqual([]);
    expect(await db.outbox.toArray()).toMatchObject([
      { status: 'rejected', error: 'Не отправлено: вы больше не работаете в команде' },
    ]);
    expect(await productNamesOf(server, own)).toEqual([]);
    expect(await productNamesOf(server, owner)).toEqual([]);
  });
});

describe('joining a team from the device', { timeout: 60_000 }, () => {
  it('sends the edits waiting for the present business first, then works in the team', async () => {
    const owner = await ownerOf(server, 'Склад Орлова');
    await callAs(server, owner, 'POST', '/api/v1/products/warehouse/add/', [{ name: 'Товар команды' }]);
    const person = await ownerOf(server, 'Мой склад');
    await login(person.login, person.password);
    await productQueued('Лампа');

    expect(await joinTeam(await invite(server, owner, 'manager'))).toEqual({ ok: true });
    expect(businessIdFromToken()).toBe(owner.id);
    // Accepted before the join (nothing left, nothing refused), and by the person's own business, not the team.
    expect(await db.outbox.count()).toBe(0);
    expect(await productNamesOf(server, owner)).toEqual(['Товар команды']);
    expect(await db.mirrored('products_wh').count()).toBe(0);
    expect(await getMeta('user_id')).toBe(owner.id);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    expect(me.json()).toMatchObject({ role: 'manager', business: { id: owner.id, name: 'Склад Орлова' } });
  });

  it('a refused code changes nothing, and the server’s reason is given', async () => {
    const person = await ownerOf(server, 'Свой склад');
    await login(person.login, person.password);
    const token = localStorage.getItem('access_token');
    const refused = await joinTeam('ABCD-EFGH-JKMN');
    expect(refused).toMatchObject({ ok: false, problem: { code: 'invitation_not_found', status: 404 } });
    expect(refused.ok || refused.problem.detail).toMatch(/Приглашение не найдено/);
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(await getMeta('user_id')).toBe(person.id);
  });
});
