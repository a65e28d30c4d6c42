// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { getAppState, resetAppState } from '../state/app-state.ts';
import { expiredAccessToken, signInAs, startRealServer, type RealServer } from '../testing/real-server.ts';
import { api, backgroundApi } from './api-client.ts';
import { onSessionLost } from './http.ts';
import { getAccessToken, getRefreshToken } from './tokens.ts';
import { endpoints } from './contract.ts';

let server: RealServer;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startRealServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Call {
  path: string;
  authorization: string | null;
  key: string | null;
  /** What the access slot of localStorage held when the call left. */
  accessSlot: string | null;
}
let calls: Call[];
/** Replaces one call's answer (or throws for it) before it reaches the server; undefined passes it through. */
let intercept: (path: string) => Response | Error | undefined;
/** Delays an answer on its way back to the client (the nth call overall, 1-based). */
let holdAnswer: (path: string, nth: number) => Promise<void>;
/** Loses an answer after the server has handled the call (the nth call overall, 1-based). */
let dropAnswer: (path: string, nth: number) => boolean;
let sessionLost: Mock<() => void>;

beforeEach(() => {
  localStorage.clear();
  resetAppState();
  calls = [];
  intercept = () => undefined;
  holdAnswer = async () => undefined;
  dropAnswer = () => false;
  sessionLost = vi.fn();
  onSessionLost(sessionLost);
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = input instanceof Request ? input.headers : new Headers(init?.headers);
    const path = new URL(url).pathname;
    const nth = calls.push({
      path,
      authorization: headers.get('authorization'),
      key: headers.get('idempotency-key'),
      accessSlot: localStorage.getItem('access_token'),
    });
    const replaced = intercept(path);
    if (replaced instanceof Error) throw replaced;
    const response = replaced ?? (await realFetch(input, init));
    await holdAnswer(path, nth);
    if (dropAnswer(path, nth)) throw new TypeError('fetch failed: the answer was lost');
    return response;
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const ME = endpoints.me;
const REFRESH = endpoints.refresh;
const count = (path: string) => calls.filter((c) => c.path === path).length;
const refreshCalls = () => calls.filter((c) => c.path === REFRESH);

describe('401 and the one refresh (docs/sync-protocol.md «Обновление токена»)', { timeout: 30_000 }, () => {
  it('20 parallel 401s cause exactly one refresh call, and all 20 replay and succeed', async () => {
    const user = await server.signUp();
    signInAs(user);
    const expired = await expiredAccessToken(user.id);
    localStorage.setItem('access_token', expired);

    const results = await Promise.all(Array.from({ length: 20 }, () => api().GET(ME)));

    expect(results.map((r) => r.response.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.data?.id === user.id)).toBe(true);
    expect(count(REFRESH)).toBe(1);
    // 20 first tries with the expired token, 20 replays with the new one: retried once each.
    expect(count(ME)).toBe(40);
    const firstTries = calls.filter((c) => c.path === ME).slice(0, 20);
    expect(firstTries.every((c) => c.authorization === `Bearer ${expired}`)).toBe(true);

    // The refresh token went into the access slot before the refresh call, and was its bearer.
    const refreshCall = calls.find((c) => c.path === REFRESH)!;
    expect(refreshCall.accessSlot).toBe(user.refreshToken);
    expect(refreshCall.authorization).toBe(`Bearer ${user.refreshToken}`);

    // Both tokens replaced; the replays carried the new access token. (A JWT issued in the same
    // second as the sign-in's may equal it byte for byte, so it is compared with the expired one.)
    const access = getAccessToken();
    const refresh = getRefreshToken();
    expect(access).not.toBeNull();
    expect(refresh).not.toBeNull();
    expect(access).not.toBe(expired);
    expect(access).not.toBe(user.refreshToken);
    expect(refresh).not.toBe(user.refreshToken);
    const replays = calls.filter((c) => c.path === ME).slice(20);
    expect(replays.every((c) => c.authorization === `Bearer ${access}`)).toBe(true);
    expect(sessionLost).not.toHaveBeenCalled();
    expect(getAppState().loadingCount).toBe(0);
  });

  it('a 401 that comes back after the refresh has finished replays with the new token, without a second refresh', async () => {
    const user = await server.signUp();
    signInAs(user);
    localStorage.setItem('access_token', await expiredAccessToken(user.id));
    // The second call's 401 is slow: it arrives only once the first call's refresh is done.
    holdAnswer = async (path, nth) => {
      if (path === ME && nth === 2)
        await vi.waitUntil(() => getRefreshToken() !== user.refreshToken, { timeout: 10_000 });
    };

    const results = await Promise.all([api().GET(ME), api().GET(ME)]);

    expect(results.map((r) => r.response.status)).toEqual([200, 200]);
    expect(count(REFRESH)).toBe(1);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('a request is retried only once: a replay that meets a 401 again is answered as is', async () => {
    const user = await server.signUp();
    signInAs(user);
    intercept = (path) => (path === ME ? new Response(null, { status: 401 }) : undefined);

    const { response } = await api().GET(ME);

    expect(response.status).toBe(401);
    expect(count(ME)).toBe(2);
    expect(count(REFRESH)).toBe(1);
    expect(getRefreshToken()).not.toBe(user.refreshToken);
  });

  it('a refused refresh removes both tokens and ends the session, once for all waiting calls', async () => {
    const user = await server.signUp();
    localStorage.setItem('access_token', await expiredAccessToken(user.id));
    localStorage.setItem('refresh_token', 'not-a-refresh-token-the-server-knows');

    const results = await Promise.all(Array.from({ length: 5 }, () => api().GET(ME)));

    expect(results.map((r) => r.response.status)).toEqual(Array(5).fill(401));
    expect(count(REFRESH)).toBe(1);
    expect(count(ME)).toBe(5);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('a refresh token already used (rotated) is refused by the server and ends the session', async () => {
    const user = await server.signUp();
    const rotated = await server.app.inject({ method: 'POST', url: REFRESH, payload: { refresh: user.refreshToken } });
    expect(rotated.statusCode).toBe(200);
    localStorage.setItem('access_token', await expiredAccessToken(user.id));
    localStorage.setItem('refresh_token', user.refreshToken);

    expect((await api().GET(ME)).response.status).toBe(401);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('a refresh that cannot reach the server keeps the session (offline is not a logout)', async () => {
    const user = await server.signUp();
    const expired = await expiredAccessToken(user.id);
    localStorage.setItem('access_token', expired);
    localStorage.setItem('refresh_token', user.refreshToken);
    intercept = (path) => (path === REFRESH ? new TypeError('fetch failed') : undefined);

    const { response } = await api().GET(ME);

    expect(response.status).toBe(401);
    expect(count(REFRESH)).toBe(1);
    expect(getAccessToken()).toBe(expired);
    expect(getRefreshToken()).toBe(user.refreshToken);
    expect(sessionLost).not.toHaveBeenCalled();

    // Back online: the same refresh token still works.
    intercept = () => undefined;
    expect((await api().GET(ME)).response.status).toBe(200);
    expect(getRefreshToken()).not.toBe(user.refreshToken);
  });

  it('a 5xx from the refresh call keeps the session too', async () => {
    const user = await server.signUp();
    const expired = await expiredAccessToken(user.id);
    localStorage.setItem('access_token', expired);
    localStorage.setItem('refresh_token', user.refreshToken);
    intercept = (path) => (path === REFRESH ? new Response('{}', { status: 503 }) : undefined);

    expect((await api().GET(ME)).response.status).toBe(401);
    expect(getAccessToken()).toBe(expired);
    expect(getRefreshToken()).toBe(user.refreshToken);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('a refresh whose answer was lost after the server rotated the token: the retry gets the same pair, the session lives', async () => {
    const user = await server.signUp();
    signInAs(user);
    localStorage.setItem('access_token', await expiredAccessToken(user.id));
    let refreshes = 0;
    dropAnswer = (path) => path === REFRESH && ++refreshes === 1;

    // The first call meets the lost refresh answer: offline, as far as the device can tell.
    expect((await api().GET(ME)).response.status).toBe(401);
    expect(getRefreshToken()).toBe(user.refreshToken);
    // The retry carries the same old refresh token, and with it the same key.
    expect((await api().GET(ME)).response.status).toBe(200);

    const keys = refreshCalls().map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^refresh-[0-9a-f]{64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sessionLost).not.toHaveBeenCalled();
    // The pair the retry got is the live one: it refreshes again without tripping reuse detection.
    localStorage.setItem('access_token', await expiredAccessToken(user.id));
    expect((await api().GET(ME)).response.status).toBe(200);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it.each([429, 502, 400])(
    'a refresh answered %i keeps the session: only 401 says the token is no good',
    async (status) => {
      const user = await server.signUp();
      const expired = await expiredAccessToken(user.id);
      localStorage.setItem('access_token', expired);
      localStorage.setItem('refresh_token', user.refreshToken);
      intercept = (path) => (path === REFRESH ? new Response('{}', { status }) : undefined);

      expect((await api().GET(ME)).response.status).toBe(401);
      expect(getRefreshToken()).toBe(user.refreshToken);
      expect(getAccessToken()).toBe(expired);
      expect(sessionLost).not.toHaveBeenCalled();
    },
  );

  it('a 401 from login is the answer, not a reason to refresh', async () => {
    const { response } = await api().POST(endpoints.login, {
      body: { login: 'nobody@example.ru', password: 'wrong-password', email: 'nobody@example.ru' },
    });
    expect(response.status).toBe(401);
    expect(count(REFRESH)).toBe(0);
    expect(sessionLost).not.toHaveBeenCalled();
  });
});

describe('bearer and loading counter', { timeout: 30_000 }, () => {
  it('every call carries the stored access token; none without one', async () => {
    const user = await server.signUp();
    await api().GET('/api/v1/health' as never);
    expect(calls[0]!.authorization).toBeNull();
    signInAs(user);
    expect((await api().GET(ME)).data?.login).toBe(user.login);
    expect(calls.at(-1)!.authorization).toBe(`Bearer ${user.accessToken}`);
  });

  it('the counter goes up while a foreground call runs and back down when it ends or fails', async () => {
    const user = await server.signUp();
    signInAs(user);
    const pending = api().GET(ME);
    expect(getAppState().loadingCount).toBe(1);
    await pending;
    expect(getAppState().loadingCount).toBe(0);

    intercept = () => new TypeError('fetch failed');
    await expect(api().GET(ME)).rejects.toThrow();
    expect(getAppState().loadingCount).toBe(0);
  });

  it('background calls (sync) do not drive the spinner', async () => {
    const user = await server.signUp();
    signInAs(user);
    const pending = backgroundApi().GET(ME);
    expect(getAppState().loadingCount).toBe(0);
    expect((await pending).response.status).toBe(200);
  });
});
