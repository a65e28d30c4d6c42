import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { LiveMessage } from '../../../api/ws.ts';

export interface CloseEvent {
  code: number;
  reason: string;
}

/** Rejects with `label` if the promise has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${label}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls until `check` holds (for state that has no event to wait on). */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, label: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms: ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Listens on an ephemeral local port (the live channel needs a real socket, not inject). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/**
 * A test client of the live channel. Messages queue up as they arrive and `next()` takes them
 * in order, so a test can assert the exact sequence a user saw.
 */
export class LiveClient {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<CloseEvent>;
  private readonly queue: LiveMessage[] = [];
  private waiter?: () => void;

  /**
   * `via` 'protocol' (the client's way): the subprotocol pair `bearer`, `<token>`; 'query': the token
   * in ?token=, which the server refuses.
   */
  constructor(base: string, userId: string, auth: { token?: string; via?: 'query' | 'protocol' } = {}) {
    const via = auth.via ?? 'protocol';
    const query = auth.token && via === 'query' ? `?token=${encodeURIComponent(auth.token)}` : '';
    const protocols = auth.token && via === 'protocol' ? ['bearer', auth.token] : [];
    this.socket = new WebSocket(`${base}/user/${userId}/${query}`, protocols);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    // A refused connection also rejects `opened`; tests that expect it await `closed` instead.
    this.opened.catch(() => undefined);
    this.socket.on('message', (data) => {
      this.queue.push(JSON.parse(data.toString()) as LiveMessage);
      this.waiter?.();
    });
  }

  /** Messages received and not yet taken. */
  get pending(): readonly LiveMessage[] {
    return this.queue;
  }

  async next(ms = 3000): Promise<LiveMessage> {
    if (this.queue.length === 0) {
      await withTimeout(new Promise<void>((resolve) => (this.waiter = resolve)), ms, 'live message');
      this.waiter = undefined;
    }
    return this.queue.shift()!;
  }

  async take(count: number, ms = 3000): Promise<LiveMessage[]> {
    const taken: LiveMessage[] = [];
    while (taken.length < count) taken.push(await this.next(ms));
    return taken;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await withTimeout(this.closed, 2000, 'socket close').catch(() => this.socket.terminate());
  }
}

export async function connectLive(
  base: string,
  userId: string,
  token: string,
  via: 'query' | 'protocol' = 'protocol',
): Promise<LiveClient> {
  const client = new LiveClient(base, userId, { token, via });
  await withTimeout(client.opened, 3000, 'live socket open');
  return client;
}
