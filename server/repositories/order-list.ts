import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, type OrderStage } from '../db/schema/index.ts';

export type { OrderStage };
import { dbOf } from '../db/tx-context.ts';
import type { OrderRow } from './orders.ts';
import { likePattern, liveRows } from './owned-rows.ts';

export interface OrderListFilter {
  storeId?: string;
  stages?: OrderStage[];
  search?: string;
  limit: number;
  offset: number;
}

/** The reads of GET /api/v1/orders/: the user's orders filtered by store, stage and text, a page at a time. */
export class OrderListRepository {
  constructor(private readonly root: Db) {}

  /** A page of the user's orders, newest change first, with the total the filter matches. */
  async list(userId: string, filter: OrderListFilter): Promise<{ rows: OrderRow[]; total: number }> {
    const where: SQL[] = [liveRows(orders, userId)];
    if (filter.storeId) where.push(eq(orders.storeId, filter.storeId));
    if (filter.stages?.length) where.push(inArray(orders.stage, filter.stages));
    if (filter.search) {
      const pattern = likePattern(filter.search);
      where.push(
        or(
          ilike(orders.postingNumber, pattern),
          sql`exists (select 1 from order_lines ol where ol.order_id = ${orders.id} and ol.deleted_at is null
            and (ol.offer_id ilike ${pattern} or ol.name ilike ${pattern}))`,
        )!,
      );
    }
    const db = dbOf(this.root);
    const rows = await db
      .select()
      .from(orders)
      .where(and(...where))
      .orderBy(desc(orders.changedAt), desc(orders.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(...where));
    return { rows, total: count?.n ?? 0 };
  }
}
