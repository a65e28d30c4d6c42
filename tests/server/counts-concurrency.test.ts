import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLines, lots } from '../../server/db/schema/index.ts';
import { listen } from './helpers/mixed-writes.ts';
import { addProducts } from './helpers/products.ts';
import { expectLedgerMatchesLots, receiveBatch } from './helpers/stock.ts';
import { newTeam, type Team } from './helpers/team.ts';
import { newId, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * Posting a stock count while eight writers keep adding count lines and receipts (REST and sync push, over real
 * HTTP): nothing answers 5xx, no lot goes below zero, and every line is either in the posted results or refused
 * with 409 count_posted — never lost silently. Meaningful on PostgreSQL, where the writes really run at once.
 */

let t: TestDatabase;
let app: FastifyInstance;
let base: string;
let team: Team;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  base = await listen(app);
  team = await newTeam(app);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

interface Answer {
  status: number;
  body: { code?: string } | null;
}

async function send(user: TestUser, method: string, path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** One write sent alone (REST) or as a push entry: its own answer either way. */
async function write(user: TestUser, viaPush: boolean, method: string, path: string, body: unknown): Promise<Answer> {
  if (!viaPush) return send(user, method, path, body);
  const res = await send(user, 'POST', 'sync/push', [{ id: newId(), method, path: `/api/v1/${path}`, body }]);
  // The embedded database caps pushes applied at once: a device would wait Retry-After, a writer here sends it alone.
  if (res.status === 503 && res.body?.code === 'push_busy') return send(user, method, path, body);
  if (res.status !== 200) return res;
  const [entry] = (res.body as unknown as { results: Answer[] }).results;
  return entry!;
}

describe(`posting a count while 8 writers add lines and receipts (${testDbKind})`, () => {
  it('answers no 5xx, keeps stock non-negative, and never loses a line silently', async () => {
    const { owner, warehouse } = team;
    const products = await addProducts(app, owner, ['Болт', 'Гайка', 'Шайба']);
    await receiveBatch(
      app,
      owner,
      '2026-01-01',
      products.map((id) => ({ product_id: id, count: 20, price: 5 })),
    );
    const countId = newId();
    expect((await send(owner, 'POST', 'counts/', { id: countId, scope: 'all' })).status).toBe(201);

    const lines: { id: string; productId: string; quantity: number; answer: Answer }[] = [];
    const answers: Answer[] = [];
    let posted: Answer | undefined;
    let stopAt = Number.POSITIVE_INFINITY;
    const writer = async (n: number) => {
      const user = n % 2 === 0 ? owner : warehouse;
      for (let i = 0; performance.now() < stopAt; i++) {
        const productId = products[(n + i) % products.length]!;
        const viaPush = (n + i) % 3 === 0;
        if (i % 4 === 3) {
          answers.push(await write(user, viaPush, 'POST', 'inventory/', { product_id: productId, count: 2, price: 7 }));
          continue;
        }
        const line = { id: newId(), productId, quantity: 1 + ((n + i) % 3) };
        const answer = await write(user, viaPush, 'POST', 'count_lines/', {
          id: line.id,
          count_id: countId,
          product_id: productId,
          quantity: line.quantity,
        });
        lines.push({ ...line, answer });
        answers.push(answer);
      }
    };
    const poster = async () => {
      await new Promise((r) => setTimeout(r, 800));
      posted = await send(warehouse, 'POST', `counts/${countId}/post/`, {});
      // The writers go on a little after the posting: their lines must be refused, not lost.
      stopAt = performance.now() + 800;
    };
    await Promise.all([...Array.from({ length: 8 }, (_, n) => writer(n)), poster()]);

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(posted!.status, JSON.stringify(posted!.body)).toBe(200);
    const accepted = lines.filter((l) => l.answer.status === 201);
    const refused = lines.filter((l) => l.answer.status !== 201);
    expect(refused.map((l) => [l.answer.status, l.answer.body?.code])).toEqual(
      refused.map(() => [409, 'count_posted']),
    );
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    const { db } = app.database;
    const stored = await db
      .select({ id: countLines.id })
      .from(countLines)
      .where(and(eq(countLines.countId, countId), isNull(countLines.deletedAt)));
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(accepted.map((l) => l.id)));
    const count = (await send(owner, 'GET', `counts/${countId}/`, undefined)) as unknown as {
      body: { results: { product_id: string; counted: number }[] };
    };
    for (const productId of products) {
      const sum = accepted.filter((l) => l.productId === productId).reduce((s, l) => s + l.quantity, 0);
      expect(count.body.results.find((r) => r.product_id === productId)?.counted).toBe(sum);
    }
    expect(await db.select().from(lots).where(lt(lots.count, 0))).toEqual([]);
    await expectLedgerMatchesLots(app, owner.id);
  }, 60_000);
});
