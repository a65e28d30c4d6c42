import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { liveRows } from './owned-rows.ts';
import type { OrderRow } from './orders.ts';

/** What the assembly writes on its order: the outcome columns, and the handover when the marketplace accepted. */
export type AssemblyChanges = Partial<
  Pick<
    OrderRow,
    'assembly' | 'assemblyError' | 'assembledAt' | 'labelKey' | 'stage' | 'status' | 'changedAt' | 'shippedAt'
  >
>;

/**
 * The SQL of «Собрано» (docs/rules.md «Сборка заказов»): the order's assembly columns, scoped to the business. The
 * rows are mirrored, so a plain update lets the version trigger stamp them and devices pull the change.
 */
export class OrderAssemblyRepository {
  constructor(private readonly root: Db) {}

  /** The business's live order (no lock): another business's id reads as missing. */
  async find(userId: string, orderId: string): Promise<OrderRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(orders)
      .where(and(liveRows(orders, userId), eq(orders.id, orderId)));
    return row;
  }

  async update(userId: string, orderId: string, changes: AssemblyChanges): Promise<OrderRow | undefined> {
    const [row] = await dbOf(this.root)
      .update(orders)
      .set(changes)
      .where(and(liveRows(orders, userId), eq(orders.id, orderId)))
      .returning();
    return row;
  }
}
