import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import type { LiveMessage } from '../../../api/ws.ts';
import { withTimeout } from './live-client.ts';

/**
 * A client of server instances that run as processes (instances.ts): plain HTTP over fetch, and the live
 * channel authenticated as a browser does it — the access token in the Sec-WebSocket-Protocol pair
 * `bearer`, `<token>`, never in the URL.
 */

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON (null when empty). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text === '' ? null : text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export interface Session {
  id: string;
  login: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs a new user up through `base` and in through `loginBase` (the same by default). */
export async function signUpThrough(base: string, loginBase = base): Promise<Session> {
  const login = `two-${randomBytes(5).toString('hex')}@example.ru`;
  const password = 'correct horse battery';
  const signup = await call(base, 'POST', '/api/v1/users/signup/', {
    json: { login, password, first_name: 'Анна', last_name: 'Смирнова' },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  return { id: signup.body.id, login, password, ...(await logIn(loginBase, login, password)) };
}

/** A new session of the user: its own refresh family. */
export async function logIn(
  base: string,
  login: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await call(base, 'POST', '/api/v1/users/login/', { json: { login, password, email: login } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { accessToken: res.body.access_token, refreshToken: res.body.refresh_token };
}

/** The live channel of a user, messages queued as they arrive. */
export class BearerSocket {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string; at: number }>;
  readonly messages: Array<LiveMessage & { at: number }> = [];

  constructor(base: string, userId: string, token: string) {
    this.socket = new WebSocket(`${base.replace(/^http/, 'ws')}/user/${userId}/`, ['bearer', token]);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
    );
    this.socket.on('message', (data) =>
      this.messages.push({ ...(JSON.parse(data.toString()) as LiveMessage), at: Date.now() }),
    );
  }

  /** The first message received at or after `since` that `match` accepts, waiting up to `ms`. */
  async first(
    match: (m: LiveMessage) => boolean,
    since: number,
    ms: number,
  ): Promise<(LiveMessage & { at: number }) | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.find((m) => m.at >= since && match(m));
      if (found || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await withTimeout(this.closed, 2000, 'socket close').catch(() => this.socket.terminate());
  }
}

/** Opens the live channel and waits for the handshake (rejects if the server refuses it). */
export async function openLive(base: string, userId: string, token: string): Promise<BearerSocket> {
  const socket = new BearerSocket(base, userId, token);
  await withTimeout(socket.opened, 5000, 'live socket open');
  return socket;
}
