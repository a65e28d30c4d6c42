import { clearLocalData } from '../db/database.ts';
import { getMeta, setMeta } from '../db/meta.ts';
import { setUser } from '../state/app-state.ts';
import { api, problemOf, type ApiProblem } from './api-client.ts';
import { queueLogout, sendLogoutsFromNowOn } from './pending-logout.ts';
import { businessIdFromToken, clearTokens, getAccessToken, getRefreshToken, storeTokens } from './tokens.ts';
import { forgetSessionEnd } from './session-end.ts';
import { endpoints } from './contract.ts';

export type SessionResult = { ok: true } | { ok: false; problem: ApiProblem };

const failed = (error: unknown, status: number): SessionResult => ({ ok: false, problem: problemOf(error, status) });
const offline: SessionResult = {
  ok: false,
  problem: { status: 0, code: 'offline', detail: 'Нет связи с сервером. Проверьте подключение.' },
};

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
    // The mirror holds one business's data (kept under the meta key 'user_id' it always had: a business's id is
    // its founder's): another business's, or another person's, is cleared before this one starts.
    const businessId = businessIdFromToken(data.access_token);
    if ((await getMeta<string>('user_id')) !== businessId) await clearLocalData();
    storeTokens(data);
    forgetSessionEnd();
    await setMeta('user_id', businessId);
    void navigator.storage?.persist?.();
    return { ok: true };
  } catch {
    return offline;
  }
}

/** Registration; a signup answer with an id logs in with the same credentials (docs/screens.md «Адреса»). */
export async function signup(values: {
  login: string;
  password: string;
  first_name: string;
  last_name: string;
}): Promise<SessionResult> {
  try {
    const { data, error, response } = await api().POST(endpoints.signup, { body: values });
    if (!data?.id) return failed(error, response.status);
    return login(values.login, values.password);
  } catch {
    return offline;
  }
}

/** The signed-in user for the header and profile; kept in app state. */
export async function loadCurrentUser(): Promise<void> {
  if (!getAccessToken()) return setUser(null);
  try {
    const { data } = await api().GET(endpoints.me);
    if (data) setUser(data);
  } catch {
    // Offline: the token is still ours; the name arrives with the next successful call.
  }
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
