import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { batches, disposals, lots, markdowns, returns, stockMovements } from '../../../server/db/schema/index.ts';
import type { Res } from './expect-problem.ts';
import type { Method } from './products.ts';
import { apiCall, ok } from './stock.ts';
import type { TestUser } from './test-app.ts';

/* Helpers of the returns tests (tests/server/returns*.test.ts). */

export interface ReceiptItem {
  status?: 'ready' | 'markdown' | 'disposal' | null;
  price?: number;
  markdown_price?: number;
  product_id?: string | null;
  description?: string;
}

export function returnsApi(app: FastifyInstance, user: TestUser) {
  const call = (method: Method, url: string, payload?: unknown): Promise<Res> =>
    apiCall(app, user, method, `returns/${url}`, payload);
  return {
    call,
    /** A return made by hand (POST /returns/): answers the row. */
    create: (productId: string, count = 1, extra: Record<string, unknown> = {}) =>
      ok(call('POST', '', { product_id: productId, count, ...extra }), 201),
    edit: (id: string, body: Record<string, unknown>) => ok(call('PATCH', `${id}/`, body)),
    list: (query = '') => ok(call('GET', `?page=1&page_size=50${query}`)),
    receipt: (date: string, batch: Record<string, ReceiptItem>, extra: Record<string, unknown> = {}) =>
      call('POST', 'batch/', { date, batch, ...extra }),
    receive: async (date: string, batch: Record<string, ReceiptItem>, extra: Record<string, unknown> = {}) =>
      ok(call('POST', 'batch/', { date, batch, ...extra }), 201),
  };
}

/** An unmatched return, as the marketplace import leaves one (no warehouse product). */
export async function insertUnmatched(
  app: FastifyInstance,
  user: TestUser,
  extra: Partial<typeof returns.$inferInsert> = {},
) {
  const [row] = await app.database.db
    .insert(returns)
    .values({
      userId: user.id,
      productId: null,
      marketplace: 'WB',
      marketId: 'shop-1',
      externalId: `ext-${Math.random()}`,
      name: 'Кроссовки',
      article: 'SNK-1',
      count: 1,
      ...extra,
    })
    .returning();
  return row!;
}

/** Every row a returns call could change, versions included: equal snapshots mean a refused call changed nothing. */
export async function returnsSnapshot(app: FastifyInstance, userId: string) {
  const { db } = app.database;
  const [returnRows, lotRows, markdownRows, disposalRows, batchRows, movements] = await Promise.all([
    db.select().from(returns).where(eq(returns.userId, userId)).orderBy(returns.id),
    db.select().from(lots).where(eq(lots.userId, userId)).orderBy(lots.id),
    db.select().from(markdowns).where(eq(markdowns.userId, userId)).orderBy(markdowns.id),
    db.select().from(disposals).where(eq(disposals.userId, userId)).orderBy(disposals.id),
    db.select().from(batches).where(eq(batches.userId, userId)).orderBy(batches.id),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stockMovements)
      .where(eq(stockMovements.userId, userId)),
  ]);
  return { returnRows, lotRows, markdownRows, disposalRows, batchRows, movements: movements[0]?.n };
}

/** Ledger rows written for one source row (a lot, markdown or disposal). */
export function movementsOf(app: FastifyInstance, table: string, id: string) {
  return app.database.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.sourceTable, table), eq(stockMovements.sourceId, id)));
}
