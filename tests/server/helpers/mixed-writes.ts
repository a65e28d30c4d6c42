import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './test-app.ts';

/*
 * Receipts, write-offs and renames of a few products, sent the two ways a device writes: REST calls
 * and sync push entries, over real HTTP so that requests really interleave in the server.
 */

export type WriteKind = 'receipt' | 'writeOff' | 'rename';

export interface Write {
  id: string;
  kind: WriteKind;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
}

/**
 * What a run of writers saw: acknowledged writes by kind, every answer's status, and the server errors. The
 * embedded database's «busy, come back in N s» to a whole push (503 push_busy with Retry-After,
 * server/plugins/app/push-guard.ts) is its designed answer to too many pushes at once: counted apart, and it must
 * carry Retry-After.
 */
export class WriteTally {
  readonly acknowledged: Record<WriteKind, Write[]> = { receipt: [], writeOff: [], rename: [] };
  readonly statuses = new Map<number, number>();
  readonly serverErrors: string[] = [];
  busy = 0;

  count(status: number, detail: string): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 500) this.serverErrors.push(`${status} ${detail}`);
  }

  countBusy(retryAfter: string | null): void {
    this.busy++;
    if (!(Number(retryAfter) > 0)) this.serverErrors.push('503 push_busy without Retry-After');
  }

  get total(): number {
    return this.acknowledged.receipt.length + this.acknowledged.writeOff.length + this.acknowledged.rename.length;
  }
}

export function randomWrite(productIds: string[]): Write {
  const productId = productIds[Math.floor(Math.random() * productIds.length)]!;
  const id = randomUUID();
  const roll = Math.random();
  if (roll < 0.45)
    return {
      id,
      kind: 'receipt',
      method: 'POST',
      path: '/api/v1/inventory/',
      body: { id, product_id: productId, count: 3, price: 100 },
    };
  if (roll < 0.75)
    return {
      id,
      kind: 'writeOff',
      method: 'POST',
      path: '/api/v1/disposal/',
      body: { id, product_id: productId, count: 1, price: 100 },
    };
  return {
    id,
    kind: 'rename',
    method: 'PATCH',
    path: `/api/v1/products/warehouse/${productId}/update/`,
    body: { name: `Товар ${id.slice(0, 8)}` },
  };
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

async function call(base: string, user: TestUser, method: string, path: string, body: unknown, key?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...user.headers,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), retryAfter: res.headers.get('retry-after') };
}

/** One REST write; its id is also its Idempotency-Key, as a device's would be. */
export async function restWrite(base: string, user: TestUser, write: Write, tally: WriteTally): Promise<void> {
  const res = await call(base, user, write.method, write.path, write.body, write.id);
  tally.count(res.status, `REST ${write.kind}: ${res.text.slice(0, 200)}`);
  if (res.status < 300) tally.acknowledged[write.kind].push(write);
}

interface PushAnswer {
  results: Array<{ id: string; status: number; body: unknown }>;
}

/** One push of the writes, the first two in one group (all or nothing), the rest alone. */
export async function pushWrites(base: string, user: TestUser, writes: Write[], tally: WriteTally): Promise<void> {
  const group = randomUUID();
  const entries = writes.map((w, i) => ({
    id: w.id,
    group: i < 2 ? group : null,
    method: w.method,
    path: w.path,
    body: w.body,
  }));
  const res = await call(base, user, 'POST', '/api/v1/sync/push', entries);
  if (res.status === 503 && res.text.includes('"push_busy"')) {
    tally.countBusy(res.retryAfter);
    // A device would wait Retry-After; a writer here makes a REST write meanwhile instead of idling.
    return;
  }
  tally.count(res.status, `push: ${res.text.slice(0, 200)}`);
  if (res.status !== 200) return;
  const { results } = JSON.parse(res.text) as PushAnswer;
  for (const [i, r] of results.entries()) {
    tally.count(r.status, `push entry ${writes[i]!.kind}: ${JSON.stringify(r.body).slice(0, 200)}`);
    if (r.status < 300) tally.acknowledged[writes[i]!.kind].push(writes[i]!);
  }
}

/** Writes until the deadline, half REST calls and half pushes of four entries. */
export async function writeUntil(
  base: string,
  user: TestUser,
  productIds: string[],
  until: number,
  tally: WriteTally,
): Promise<void> {
  while (performance.now() < until) {
    if (Math.random() < 0.5) await restWrite(base, user, randomWrite(productIds), tally);
    else
      await pushWrites(
        base,
        user,
        Array.from({ length: 4 }, () => randomWrite(productIds)),
        tally,
      );
  }
}
