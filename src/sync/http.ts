import { loadingFinished, loadingStarted } from '../state/app-state.ts';
import { forgetTeamData, rememberSessionEnd } from './session-end.ts';
import { apiBase } from './config.ts';
import { withLock } from './locks.ts';
import { saveEditsThenLeave } from './session-end.ts';
import { ACCESS_KEY, clearTokens, getAccessToken, getRefreshToken, storeTokens } from './tokens.ts';
import { endpoints } from './contract.ts';

export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

let sessionLost: () => void = () => void saveEditsThenLeave();
/** What happens when the server refuses the refresh token (tests replace the page change). */
export const onSessionLost = (handler: () => void) => {
  sessionLost = handler;
};

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * One refresh for every request that met a 401 at the same time (docs/sync-protocol.md «Обновление токена»): the first
 * starts it,
 * the others wait for it and replay. Across tabs a Web Lock serialises refreshes; a tab that
 * finds the refresh token already rotated by another tab just uses the new tokens, since sending
 * the old one again would look like token theft and end the session.
 */
export function refreshSession(sentWith?: string | null): Promise<RefreshOutcome> {
  if (!refreshing && sentWith !== undefined) {
    // The 401 answers a request sent before a refresh that has finished since: no second refresh.
    const now = getAccessToken();
    if (now !== sentWith) return Promise.resolve(now === null ? 'refused' : 'refreshed');
  }
  const seen = getRefreshToken();
  refreshing ??= withLock('ostatok-refresh', () => rotate(seen)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function rotate(seen: string | null): Promise<RefreshOutcome> {
  const refresh = getRefreshToken();
  if (!refresh) return refuse();
  if (seen !== null && refresh !== seen) return 'refreshed';
  const previousAccess = getAccessToken();
  // docs/sync-protocol.md «Обновление токена»: the refresh token goes into the access slot first, so the refresh call
  // carries it as the bearer.
  localStorage.setItem(ACCESS_KEY, refresh);
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${endpoints.refresh}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${refresh}`,
        'idempotency-key': await refreshKey(refresh),
      },
      body: JSON.stringify({ refresh }),
    });
  } catch {
    // Offline is not a refused session: keep it and try again when the network is back.
    if (previousAccess) localStorage.setItem(ACCESS_KEY, previousAccess);
    return 'unreachable';
  }
  if (response.ok) {
    storeTokens((await response.json()) as { access_token: string; refresh_token: string });
    return 'refreshed';
  }
  // Only the server's word that the token is no good ends the session; anything else (5xx, a
  // gateway's 502, 429) says nothing about it, and the retry will replay the same pair.
  if (response.status !== 401 && response.status !== 403) {
    if (previousAccess) localStorage.setItem(ACCESS_KEY, previousAccess);
    return 'unreachable';
  }
  const problem = (await response.json().catch(() => null)) as { code?: unknown } | null;
  rememberSessionEnd(problem);
  if (problem?.code === 'member_removed') await forgetTeamData();
  return refuse();
}

/**
 * The refresh call's Idempotency-Key: the same for every try with one refresh token, so a retry
 * after a lost or 5xx answer gets the pair the server already issued instead of looking like a
 * stolen token (which would revoke the session). A hash, not the token: keys are stored.
 */
async function refreshKey(refresh: string): Promise<string> {
  const bytes = new TextEncoder().encode(refresh);
  if (!globalThis.crypto?.subtle) return `refresh-${fnv1a(bytes)}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `refresh-${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Where WebCrypto is missing (plain-HTTP LAN installs): still one stable key per token. */
function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16);
}

function refuse(): RefreshOutcome {
  clearTokens();
  sessionLost();
  return 'refused';
}

const isSessionCall = (url: string) => /\/api\/v1\/users\/(login|signup|refresh)\/?$/.test(new URL(url).pathname);

function send(request: Request, token: string | null): Promise<Response> {
  if (token) request.headers.set('authorization', `Bearer ${token}`);
  return fetch(request);
}

/**
 * fetch for every API call: the stored bearer, the loading counter (foreground calls only, so
 * background sync does not spin the page), and on a 401 one refresh and one replay.
 */
export async function apiFetch(request: Request, { background = false } = {}): Promise<Response> {
  if (!background) loadingStarted();
  try {
    const replay = request.clone();
    const sentWith = getAccessToken();
    const response = await send(request, sentWith);
    if (response.status !== 401 || isSessionCall(request.url)) return response;
    if ((await refreshSession(sentWith)) !== 'refreshed') return response;
    return await send(replay, getAccessToken());
  } finally {
    if (!background) loadingFinished();
  }
}
