import { randomUUID } from 'node:crypto';

/*
 * A device's writer across server crashes: each write has its id as Idempotency-Key (REST) or entry id (sync push)
 * and is sent again, unchanged, until the server gives a definite answer — a lost connection or a 503 with
 * Retry-After means "not now", anything else is final. Records what was acknowledged and what was refused.
 */

export interface StockWrite {
  id: string;
  kind: 'receipt' | 'writeOff';
  productId: string;
  count: number;
  path: string;
  body: Record<string, unknown>;
}

export class WriteLog {
  readonly acknowledged: StockWrite[] = [];
  readonly refused: Array<{ write: StockWrite; status: number }> = [];
  readonly serverErrors: string[] = [];
  connectionErrors = 0;
  busyAnswers = 0;
}

export function stockWrite(productIds: string[]): StockWrite {
  const id = randomUUID();
  const productId = productIds[Math.floor(Math.random() * productIds.length)]!;
  if (Math.random() < 0.6) {
    const count = 2 + Math.floor(Math.random() * 3);
    return {
      id,
      kind: 'receipt',
      productId,
      count,
      path: '/api/v1/inventory/',
      body: { id, product_id: productId, count, price: 150 },
    };
  }
  return {
    id,
    kind: 'writeOff',
    productId,
    count: 1,
    path: '/api/v1/disposal/',
    body: { id, product_id: productId, count: 1, price: 150 },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(base: () => string, token: string, path: string, body: unknown, key?: string) {
  const res = await fetch(`${base()}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
}

function settle(log: WriteLog, write: StockWrite, status: number, detail: string): void {
  if (status >= 500) log.serverErrors.push(`${status} ${write.kind}: ${detail.slice(0, 300)}`);
  else if (status < 300) log.acknowledged.push(write);
  else log.refused.push({ write, status });
}

/** One write through REST, repeated with its key until answered. */
export async function restUntilAnswered(base: () => string, token: string, write: StockWrite, log: WriteLog) {
  for (;;) {
    const res = await send(base, token, write.path, write.body, write.id).catch(() => undefined);
    if (!res) {
      log.connectionErrors++;
      await pause(150);
      continue;
    }
    if (res.status === 503 && res.retryAfter) {
      log.busyAnswers++;
      await pause(150);
      continue;
    }
    return settle(log, write, res.status, res.text);
  }
}

/** Writes pushed as sync entries (each alone), the whole push repeated until every entry has a final answer. */
export async function pushUntilAnswered(base: () => string, token: string, writes: StockWrite[], log: WriteLog) {
  let pending = writes;
  while (pending.length > 0) {
    const entries = pending.map((w) => ({ id: w.id, group: null, method: 'POST', path: w.path, body: w.body }));
    const res = await send(base, token, '/api/v1/sync/push', entries).catch(() => undefined);
    if (!res) {
      log.connectionErrors++;
      await pause(150);
      continue;
    }
    if (res.status === 503 && res.retryAfter) {
      log.busyAnswers++;
      await pause(150);
      continue;
    }
    if (res.status !== 200) {
      log.serverErrors.push(`push ${res.status}: ${res.text.slice(0, 300)}`);
      return;
    }
    const { results } = JSON.parse(res.text) as { results: Array<{ id: string; status: number; body: unknown }> };
    const again: StockWrite[] = [];
    for (const write of pending) {
      const result = results.find((r) => r.id === write.id);
      if (!result) throw new Error(`push answered no result for ${write.id}`);
      // 503 of an entry (deadline, conflict): not applied, send again.
      if (result.status === 503) again.push(write);
      else settle(log, write, result.status, JSON.stringify(result.body));
    }
    if (again.length > 0) {
      log.busyAnswers++;
      await pause(150);
    }
    pending = again;
  }
}
