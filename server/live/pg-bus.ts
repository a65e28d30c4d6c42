import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage, LiveBus } from './hub.ts';

const CHANNEL = 'ostatok_live';
const RECONNECT_MS = 1000;

interface Envelope {
  o: string;
  u: string;
  m: BusMessage;
}

/**
 * Fan-out across server instances over PostgreSQL LISTEN/NOTIFY. One dedicated connection
 * listens and notifies; it reconnects after a failure. Each instance skips its own echoes,
 * since it has already delivered those locally.
 */
export class PgLiveBus implements LiveBus {
  private readonly origin = randomUUID();
  /** The connection in use or being opened; a failure of any older one is ignored. */
  private current?: pg.Client;
  private client?: pg.Client;
  private ready?: Promise<pg.Client>;
  private deliver?: (userId: string, message: BusMessage) => void;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  subscribe(deliver: (userId: string, message: BusMessage) => void): void {
    this.deliver = deliver;
  }

  start(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('live bus closed'));
    this.ready ??= this.connect();
    return this.ready;
  }

  async publish(userId: string, message: BusMessage): Promise<void> {
    const client = await this.start();
    const payload: Envelope = { o: this.origin, u: userId, m: message };
    await client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(payload)]);
  }

  async close(): Promise<void> {
    this.closed = true;
    // A connection still being opened is ended too, or it would keep the process alive.
    const client = this.client ?? (await this.ready?.catch(() => undefined));
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    this.current = client;
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const envelope = JSON.parse(n.payload) as Envelope;
        if (envelope.o !== this.origin) this.deliver?.(envelope.u, envelope.m);
      } catch (err) {
        this.log.warn({ err }, 'live bus: unreadable notification');
      }
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      // Forget the failed attempt, or every later publish would reuse its rejected promise.
      this.lost(client, err);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('live bus closed');
    }
    this.client = client;
    return client;
  }

  /** Drops a broken connection once (pg may report it as both 'error' and 'end') and opens another. */
  private lost(client: pg.Client, err?: unknown): void {
    if (this.closed || this.current !== client) return;
    this.current = this.client = this.ready = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.log.warn({ err }, 'live bus connection lost, reconnecting');
    setTimeout(() => void this.start().catch(() => undefined), RECONNECT_MS).unref();
  }
}
