import { apiBase } from './config.ts';
import { endpoints } from './contract.ts';

/**
 * Sign-outs the server has not heard of yet. «Выйти» forgets the tokens on the device at once, but
 * only the server can end the sign-in (docs/sync-protocol.md «Выход»): until it does, a copy of the
 * refresh token still works. So the tokens of each sign-out wait here, in localStorage — it outlives
 * the device database, which the sign-out clears — until POST /users/logout/ has been answered.
 */
export const PENDING_LOGOUT_KEY = 'pending_logout';

interface EndedSignIn {
  access: string | null;
  refresh: string | null;
}

function pending(): EndedSignIn[] {
  try {
    const stored = JSON.parse(localStorage.getItem(PENDING_LOGOUT_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as EndedSignIn[]) : [];
  } catch {
    return [];
  }
}

function store(list: EndedSignIn[]): void {
  if (list.length === 0) localStorage.removeItem(PENDING_LOGOUT_KEY);
  else localStorage.setItem(PENDING_LOGOUT_KEY, JSON.stringify(list));
}

/** Remembers a sign-out to tell the server; nothing to tell without a token. */
export function queueLogout(signIn: EndedSignIn): void {
  if (!signIn.access && !signIn.refresh) return;
  store([...pending(), signIn]);
}

export const hasPendingLogout = () => pending().length > 0;

type Outcome = 'done' | 'retry';

/**
 * One sign-out told to the server. Plain fetch, not the API client: a 401 here must not start a
 * token refresh, which would act for whoever is signed in now. Any answer but a 5xx settles it —
 * a 401 means the sign-in had already ended (or expired) — while no answer at all, a 5xx or a
 * gateway's 429 leaves it for later.
 */
async function tell(signIn: EndedSignIn): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${endpoints.logout}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signIn.access ? { authorization: `Bearer ${signIn.access}` } : {}),
      },
      body: JSON.stringify(signIn.refresh ? { refresh: signIn.refresh } : {}),
    });
  } catch {
    return 'retry';
  }
  return response.status >= 500 || response.status === 429 ? 'retry' : 'done';
}

let sending: Promise<void> | null = null;

/** Tells the server every waiting sign-out; those it could not reach stay for the next try. */
export function sendPendingLogouts(): Promise<void> {
  sending ??= (async () => {
    for (const signIn of pending()) {
      if ((await tell(signIn)) === 'retry') return;
      // Re-read: a sign-out queued meanwhile must not be lost.
      store(pending().filter((p) => p.access !== signIn.access || p.refresh !== signIn.refresh));
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}

const RETRY_MS = 30_000;
let watching = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const sendIfAny = () => void (hasPendingLogout() && sendPendingLogouts());

/**
 * Sends the waiting sign-outs now, whenever the network comes back, and every 30 s (a network that
 * says it is up may still not reach the server), until the returned stop.
 */
export function watchPendingLogouts(): () => void {
  if (watching++ === 0) {
    globalThis.window?.addEventListener('online', sendIfAny);
    timer = setInterval(sendIfAny, RETRY_MS);
  }
  sendIfAny();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--watching > 0) return;
    globalThis.window?.removeEventListener('online', sendIfAny);
    clearInterval(timer);
  };
}

let afterSignOut: (() => void) | undefined;

/** After a sign-out: sends it now, and keeps watching for the rest of the page's life (no sync runs then). */
export function sendLogoutsFromNowOn(): void {
  if (afterSignOut) void sendPendingLogouts();
  else afterSignOut = watchPendingLogouts();
}
