import { clearLocalData, db } from '../db/database.ts';
import { getMeta, setMeta } from '../db/meta.ts';
import { setUser } from '../state/app-state.ts';
import { api, problemOf, type ApiProblem } from './api-client.ts';
import { withLock } from './locks.ts';
import { queueLogout, sendLogoutsFromNowOn } from './pending-logout.ts';
import { refuseQueuedElsewhere } from './refused-entries.ts';
import {
  businessIdFromToken,
  clearTokens,
  getAccessToken,
  getRefreshToken,
  storeTokens,
  userIdFromToken,
} from './tokens.ts';
import { forgetSessionEnd } from './session-end.ts';
import { endpoints } from './contract.ts';

export type SessionResult = { ok: true } | { ok: false; problem: ApiProblem };

export const failed = (error: unknown, status: number): SessionResult => ({
  ok: false,
  problem: problemOf(error, status),
});
export const offline: SessionResult = {
  ok: false,
  problem: { status: 0, code: 'offline', detail: 'Нет связи с сервером. Проверьте подключение.' },
};

/*
 * Meta keys of the session. 'user_id' is the business whose data the mirror holds (the name it always had: a
 * business's id is its founder's); 'person_id' who signed in to it on this device; 'business' its id and name as
 * the server last gave them (GET /me), to name it once it has been left.
 */
const HELD_BUSINESS = 'user_id';
const HELD_BY = 'person_id';
const BUSINESS = 'business';

/** The business the device's data belongs to, as GET /me named it: the profile shows its name. */
export interface HeldBusiness {
  id: string;
  name: string;
}

/**
 * A sign-in (login, sign-up, joining a team) hands the device a token pair. The mirror holds one person's view of
 * one business: another person's is cleared before this one starts, queued edits and all, as another user's data
 * must never show (and edits go out only under their author's name). The same person's edits made in the business
 * they have left are kept, refused with the reason (they can never be sent, and the new business must never receive
 * them: ./refused-entries.ts).
 *
 * The caller holds the outbox lock (./locks.ts 'ostatok-outbox'): no tab is sending the queue while its entries
 * change hands and the tokens change.
 */
async function adoptTokens(tokens: { access_token: string; refresh_token: string }): Promise<void> {
  const business = businessIdFromToken(tokens.access_token);
  const person = userIdFromToken(tokens.access_token);
  const held = await getMeta<string>(HELD_BUSINESS);
  // Devices from before teams kept no person: the business was theirs, its id their id.
  const heldBy = (await getMeta<string>(HELD_BY)) ?? held;
  // Another person of the same business gets a clean device too: their edits go out under their own name only,
  // and what they may see (cost prices) can differ from the previous person's.
  if (heldBy !== person) await clearLocalData();
  else if (held !== business && held !== undefined && business !== null) await leaveBusiness(held, business);
  storeTokens(tokens);
  forgetSessionEnd();
  await setMeta(HELD_BUSINESS, business);
  await setMeta(HELD_BY, person);
}

/** The same person now works in `to`: everything of `from` goes but the edits queued there, kept as refused. */
async function leaveBusiness(from: string, to: string): Promise<void> {
  const known = await getMeta<HeldBusiness>(BUSINESS);
  const former = { id: from, name: known?.id === from ? known.name : null };
  await db.transaction('rw', db.tables, async () => {
    await refuseQueuedElsewhere(to, former);
    await Promise.all(db.tables.filter((t) => t.name !== db.outbox.name).map((t) => t.clear()));
  });
}

/**
 * Login (docs/architecture.md «Вызовы»: login, password, email = login). Another user's data must never show: when
 * the device last held someone else's data, it is cleared before the new session starts.
 */
export async function login(loginName: string, password: string): Promise<SessionResult> {
  try {
    const { data, error, response } = await api().POST(endpoints.login, {
      body: { login: loginName, password, email: loginName },
    });
    if (!data) return failed(error, response.status);
    await withLock('ostatok-outbox', () => adoptTokens(data));
    void navigator.storage?.persist?.();
    return { ok: true };
  } catch {
    return offline;
  }
}

/**
 * Joining a team by an invitation's code (POST /api/v1/team/join/, signed in): the server moves the person into the
 * inviting business and answers a new token pair. Edits waiting on the device are sent to the business they were made
 * in first (`sendQueue`); whatever is left is kept as refused, and the device's data becomes the new business's.
 * The join and the change of tokens happen while no tab sends the queue: a push under way would otherwise be
 * replayed with the new business's token after the server ended the old sign-in.
 */
export async function join(code: string, sendQueue: () => Promise<unknown>): Promise<SessionResult> {
  await sendQueue().catch(() => undefined);
  try {
    return await withLock('ostatok-outbox', async (): Promise<SessionResult> => {
      const { data, error, response } = await api().POST(endpoints.teamJoin, { body: { code } });
      if (!data) return failed(error, response.status);
      await adoptTokens(data);
      return { ok: true };
    });
  } catch {
    return offline;
  }
}

/**
 * Registration; a signup answer with an id logs in with the same credentials (docs/screens.md «Адреса»). With an
 * invitation's code the new account starts in the inviting team.
 */
export async function signup(values: {
  login: string;
  password: string;
  first_name: string;
  last_name: string;
  invitation?: string;
}): Promise<SessionResult> {
  const { invitation, ...person } = values;
  const code = invitation?.trim();
  try {
    const { data, error, response } = await api().POST(endpoints.signup, {
      body: code ? { ...person, invitation: code } : person,
    });
    if (!data?.id) return failed(error, response.status);
    return login(values.login, values.password);
  } catch {
    return offline;
  }
}

/** The signed-in user for the header and profile; kept in app state, the business's name on the device too. */
export async function loadCurrentUser(): Promise<void> {
  if (!getAccessToken()) return setUser(null);
  try {
    const { data } = await api().GET(endpoints.me);
    if (!data) return;
    setUser(data);
    if (data.business && data.business.id === businessIdFromToken()) await rememberBusiness(data.business);
  } catch {
    // Offline: the token is still ours; the name arrives with the next successful call.
  }
}

/** The held business's name as the server has it now (GET /me, a rename on /team). */
export const rememberBusiness = (business: HeldBusiness): Promise<void> => setMeta(BUSINESS, business);

/** The held business as last named by the server, or nothing when not known yet (say, offline since the sign-in). */
export async function heldBusiness(): Promise<HeldBusiness | null> {
  const known = await getMeta<HeldBusiness>(BUSINESS);
  return known && known.id === (await getMeta<string>(HELD_BUSINESS)) ? known : null;
}

/**
 * Sign-out removes the tokens, the user and every local row at once, online or not; the server is
 * told to end the sign-in now or, offline, as soon as it can be reached (./pending-logout.ts).
 */
export async function logout(): Promise<void> {
  queueLogout({ access: getAccessToken(), refresh: getRefreshToken() });
  clearTokens();
  sendLogoutsFromNowOn();
  setUser(null);
  await clearLocalData();
}
