import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  disposals,
  lots,
  markdowns,
  otherRealizations,
  realizations,
  reserves,
  returns,
  stockMovements,
} from '../../../server/db/schema/index.ts';
import type { TestUser } from './test-app.ts';

/*
 * Stock rows written straight into the tables: the calls that create lots, reserves, markdowns
 * and returns arrive with the stock issue, and the product figures must already add them up.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const productsCall = (
  app: FastifyInstance,
  user: TestUser,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url: `/api/v1/products/${url}`,
    payload: payload as object | undefined,
    headers: { ...user.headers, ...headers },
  });

/** Adds warehouse products by name and answers their ids in the same order. */
export async function addProducts(app: FastifyInstance, user: TestUser, names: string[]): Promise<string[]> {
  const res = await productsCall(
    app,
    user,
    'POST',
    'warehouse/add/',
    names.map((name) => ({ name })),
  );
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return res.json().inserted_ids;
}

export function seeder(app: FastifyInstance, user: TestUser) {
  const { db } = app.database;
  const userId = user.id;
  return {
    async lot(productId: string, count: number, price: number, extra: { countMax?: number; deletedAt?: Date } = {}) {
      const [row] = await db
        .insert(lots)
        .values({
          userId,
          productId,
          count,
          countMax: extra.countMax ?? Math.max(count, 1),
          price,
          deletedAt: extra.deletedAt ?? null,
        })
        .returning();
      await db.insert(stockMovements).values({
        userId,
        productId,
        lotId: row!.id,
        delta: row!.countMax,
        reason: 'receipt',
        sourceTable: 'lots',
        sourceId: row!.id,
        unitCost: price,
      });
      return row!;
    },
    reserve: (productId: string, count: number, status: 'active' | 'released' | 'realized' = 'active') =>
      db.insert(reserves).values({ userId, productId, count, status }),
    markdown: (productId: string, release = false) =>
      db.insert(markdowns).values({ userId, productId, release, price: 100, markdownPrice: 60 }),
    returned: (productId: string, status: 'ready' | 'deleted' | null = null) =>
      db.insert(returns).values({ userId, productId, status, orderNumber: randomUUID().slice(0, 8) }),
    disposal: (productId: string) => db.insert(disposals).values({ userId, productId, count: 1 }),
    realization: (productId: string) =>
      db.insert(realizations).values({ userId, productId, count: 1, realizationPrice: 500 }),
    otherRealization: (productId: string) =>
      db.insert(otherRealizations).values({ userId, productId, count: 1, marketplace: 'Other' }),
  };
}
