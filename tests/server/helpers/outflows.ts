import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { disposals, lots, markdowns, realizations, reserves, stockMovements } from '../../../server/db/schema/index.ts';
import type { StockSource } from '../../../server/repositories/stock.ts';
import { apiCall, ok } from './stock.ts';
import type { TestUser } from './test-app.ts';

/* Helpers of the disposal, markdown, reserve and realization tests. */

/** Receives a lot directly (POST /inventory/) and answers its id. */
export async function receiveLot(
  app: FastifyInstance,
  user: TestUser,
  productId: string,
  count: number,
  price: number,
  date?: string,
): Promise<string> {
  const lot = await ok(
    apiCall(app, user, 'POST', 'inventory/', { product_id: productId, count, price, ...(date ? { date } : {}) }),
    201,
  );
  return lot.id;
}

/** Remaining units of each lot of the product (removed lots too), by lot id. */
export async function lotCounts(app: FastifyInstance, productId: string): Promise<Record<string, number>> {
  const rows = await app.database.db
    .select({ id: lots.id, count: lots.count })
    .from(lots)
    .where(eq(lots.productId, productId));
  return Object.fromEntries(rows.map((r) => [r.id, r.count]));
}

/** What an outflow holds per lot, from its ledger rows (positive units). */
export async function heldBy(app: FastifyInstance, source: StockSource): Promise<Record<string, number>> {
  const rows = await app.database.db
    .select({ lotId: stockMovements.lotId, held: sql<number>`-sum(${stockMovements.delta})`.mapWith(Number) })
    .from(stockMovements)
    .where(and(eq(stockMovements.sourceTable, source.table), eq(stockMovements.sourceId, source.id)))
    .groupBy(stockMovements.lotId)
    .orderBy(asc(stockMovements.lotId));
  return Object.fromEntries(rows.filter((r) => r.held !== 0).map((r) => [r.lotId, r.held]));
}

/** Every stock row of the user, versions included: equal snapshots mean a refused call changed nothing. */
export async function outflowSnapshot(app: FastifyInstance, userId: string) {
  const { db } = app.database;
  const [lotRows, disposalRows, markdownRows, reserveRows, realizationRows, movements] = await Promise.all([
    db.select().from(lots).where(eq(lots.userId, userId)).orderBy(lots.id),
    db.select().from(disposals).where(eq(disposals.userId, userId)).orderBy(disposals.id),
    db.select().from(markdowns).where(eq(markdowns.userId, userId)).orderBy(markdowns.id),
    db.select().from(reserves).where(eq(reserves.userId, userId)).orderBy(reserves.id),
    db.select().from(realizations).where(eq(realizations.userId, userId)).orderBy(realizations.id),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stockMovements)
      .where(eq(stockMovements.userId, userId)),
  ]);
  return { lotRows, disposalRows, markdownRows, reserveRows, realizationRows, movements: movements[0]?.n };
}

/** A call answered 204 with no body. */
export async function noContent(res: Promise<{ statusCode: number; body: string }>): Promise<void> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(204);
  expect(r.body).toBe('');
}
