// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiredAccessToken, signInAs, startRealServer, type RealServer } from '../testing/real-server.ts';
import { hasPendingLogout, PENDING_LOGOUT_KEY, queueLogout, sendPendingLogouts } from './pending-logout.ts';
import { logout } from './session.ts';
import { getAccessToken, getRefreshToken } from './tokens.ts';

let server: RealServer;
const realFetch = globalThis.fetch;
/** The node environment has no window: the 'online' event needs something to be dispatched on. */
const hadWindow = 'window' in globalThis;

beforeAll(async () => {
  server = await startRealServer();
  // After the server: PGlite takes a defined window for a browser.
  if (!hadWindow) Object.defineProperty(globalThis, 'window', { value: new EventTarget(), configurable: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (!hadWindow) Reflect.deleteProperty(globalThis, 'window');
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** What the server says of an access token now (GET /users/me/). */
const meStatus = async (access: string) =>
  (
    await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { authorization: `Bearer ${access}` },
    })
  ).statusCode;
const refreshStatus = async (refresh: string) =>
  (await server.app.inject({ method: 'POST', url: '/api/v1/users/refresh/', payload: { refresh } })).statusCode;

/** Every call to the logout address fails as with no network; the rest pass. */
function offlineForLogout(): { attempts: () => number } {
  let attempts = 0;
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes('/users/logout')) {
      attempts++;
      throw new TypeError('fetch failed');
    }
    return realFetch(input, init);
  });
  return { attempts: () => attempts };
}

describe('«Выйти» ends the sign-in on the server', { timeout: 30_000 }, () => {
  it('online: the tokens are gone from the device and the server refuses them', async () => {
    const user = await server.signUp();
    signInAs(user);
    await logout();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    await vi.waitFor(() => expect(hasPendingLogout()).toBe(false));
    await vi.waitFor(async () => expect(await meStatus(user.accessToken)).toBe(401));
    expect(await refreshStatus(user.refreshToken)).toBe(401);
  });

  it('offline: signs out locally at once, keeps the logout, and sends it when the network is back', async () => {
    const user = await server.signUp();
    signInAs(user);
    const network = offlineForLogout();
    await logout();
    expect(getAccessToken()).toBeNull();
    await vi.waitFor(() => expect(network.attempts()).toBeGreaterThanOrEqual(1));
    expect(hasPendingLogout()).toBe(true);
    // The server has not heard: the sign-in is still open there.
    expect(await meStatus(user.accessToken)).toBe(200);
    // It survives the device database being cleared: it is kept apart from it.
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toContain(user.refreshToken);

    globalThis.fetch = realFetch;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(hasPendingLogout()).toBe(false));
    await vi.waitFor(async () => expect(await meStatus(user.accessToken)).toBe(401));
    expect(await refreshStatus(user.refreshToken)).toBe(401);
  });

  it('sent after the access token expired, the refresh token alone ends the sign-in', async () => {
    const user = await server.signUp();
    queueLogout({ access: await expiredAccessToken(user.id), refresh: user.refreshToken });
    await sendPendingLogouts();
    expect(hasPendingLogout()).toBe(false);
    expect(await refreshStatus(user.refreshToken)).toBe(401);
  });

  it('a server error keeps it for later; a refusal (the sign-in already over) settles it', async () => {
    const user = await server.signUp();
    globalThis.fetch = vi.fn(async () => new Response('{}', { status: 503 }));
    queueLogout({ access: user.accessToken, refresh: user.refreshToken });
    await sendPendingLogouts();
    expect(hasPendingLogout()).toBe(true);
    globalThis.fetch = realFetch;

    localStorage.clear();
    queueLogout({ access: 'not-a-jwt', refresh: 'not-a-token-we-issued' });
    await sendPendingLogouts();
    expect(hasPendingLogout()).toBe(false);
  });
});
