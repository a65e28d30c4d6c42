import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { batches, lots, otherRealizations, stockMovements } from '../../../server/db/schema/index.ts';
import type { Res } from './expect-problem.ts';
import type { Method } from './products.ts';
import type { TestUser } from './test-app.ts';

/** A call to /api/v1/<url> as the user. */
export const apiCall = (
  app: FastifyInstance,
  user: TestUser,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Res> =>
  app.inject({
    method,
    url: `/api/v1/${url}`,
    payload: payload as object | undefined,
    headers: { ...user.headers, ...headers },
  });

/** Answers the body, failing the test with the answer when the status is not the expected one. */
export async function ok(res: Promise<Res> | Res, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
}

export interface Line {
  id?: string;
  product_id: string;
  count: number;
  price: number;
}

/** Saves batch lines and the batch, as the receipt screen does: answers the batch detail. */
export async function receiveBatch(
  app: FastifyInstance,
  user: TestUser,
  date: string,
  lines: Line[],
  extra: Record<string, unknown> = {},
) {
  const saved = await ok(apiCall(app, user, 'POST', 'inventory_batch/', { batch: lines }));
  const ids = saved.results.map((l: { id: string }) => l.id);
  return ok(
    apiCall(app, user, 'POST', 'batch/', { date, inventory_ids: ids, other_realization_ids: [], ...extra }),
    201,
  );
}

export interface OtherLine {
  product_id: string;
  count: number;
  realization_price?: number;
}

/** Other realization lines (marketplace WB, 100 ₽ unless given): answers the saved rows. */
export const realizeOther = (app: FastifyInstance, user: TestUser, lines: OtherLine[]) =>
  ok(
    apiCall(app, user, 'POST', 'other_realization_batch/', {
      batch: lines.map((l) => ({ marketplace: 'WB', realization_price: 100, ...l })),
    }),
  );

/** The ledger of every lot of the user sums to the lot's remaining units (0 for removed lots). */
export async function expectLedgerMatchesLots(app: FastifyInstance, userId: string) {
  const { db } = app.database;
  const ledger = await db
    .select({ lotId: stockMovements.lotId, sum: sql<number>`sum(${stockMovements.delta})`.mapWith(Number) })
    .from(stockMovements)
    .where(eq(stockMovements.userId, userId))
    .groupBy(stockMovements.lotId);
  const all = await db.select({ id: lots.id, count: lots.count }).from(lots).where(eq(lots.userId, userId));
  const sums = Object.fromEntries(ledger.map((l) => [l.lotId, l.sum]));
  expect(sums).toEqual(Object.fromEntries(all.map((l) => [l.id, l.count])));
}

/** Remaining units of the product's live lots. */
export async function onHand(app: FastifyInstance, userId: string, productId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ n: sql<number>`coalesce(sum(${lots.count}), 0)`.mapWith(Number) })
    .from(lots)
    .where(and(eq(lots.userId, userId), eq(lots.productId, productId), isNull(lots.deletedAt)));
  return row?.n ?? 0;
}

/** Everything stock-related the user has, versions included: equal snapshots mean nothing changed. */
export async function stockSnapshot(app: FastifyInstance, userId: string) {
  const { db } = app.database;
  const [lotRows, batchRows, otherRows, movements] = await Promise.all([
    db.select().from(lots).where(eq(lots.userId, userId)).orderBy(lots.id),
    db.select().from(batches).where(eq(batches.userId, userId)).orderBy(batches.id),
    db.select().from(otherRealizations).where(eq(otherRealizations.userId, userId)).orderBy(otherRealizations.id),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stockMovements)
      .where(eq(stockMovements.userId, userId)),
  ]);
  return { lotRows, batchRows, otherRows, movements: movements[0]?.n };
}
