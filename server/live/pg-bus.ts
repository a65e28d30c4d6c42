import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '../../api/ws.ts';
import type { LiveBus } from './hub.ts';

const CHANNEL = 'ostatok_live';

interface Envelope {
  o: string;
  u: string;
  m: LiveMessage;
}

/**
 * Fan-out across server instances over PostgreSQL LISTEN/NOTIFY. One dedicated connection
 * listens and notifies; it reconnects after a failure. Each instance skips its own echoes,
 * since it has already delivered those locally.
 */
export class PgLiveBus implements LiveBus {
  private readonly origin = randomUUID();
  private client?: pg.Client;
  private ready?: Promise<pg.Client>;
  private deliver?: (userId: string, message: LiveMessage) => void;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  subscribe(deliver: (userId: string, message: LiveMessage) => void): void {
    this.deliver = deliver;
  }

  start(): Promise<pg.Client> {
    this.ready ??= this.connect();
    return this.ready;
  }

  async publish(userId: string, message: LiveMessage): Promise<void> {
    const client = await this.start();
    const payload: Envelope = { o: this.origin, u: userId, m: message };
    await client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(payload)]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const envelope = JSON.parse(n.payload) as Envelope;
      if (envelope.o !== this.origin) this.deliver?.(envelope.u, envelope.m);
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'live bus connection lost, reconnecting');
      this.ready = undefined;
      if (!this.closed) setTimeout(() => void this.start().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.client = client;
    return client;
  }
}
