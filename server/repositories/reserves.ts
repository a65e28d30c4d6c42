import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reserves } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';

export type ReserveRow = typeof reserves.$inferSelect;
export type ReserveStatus = ReserveRow['status'];

export interface ReserveValues {
  id: string;
  productId: string;
  count: number;
  price: number;
}

export type ReserveChanges = Partial<Pick<ReserveRow, 'count' | 'price' | 'status'>>;

const live = (userId: string) => and(eq(reserves.userId, userId), isNull(reserves.deletedAt));

/** Reserves: units set aside while active (the stock engine counts them as not free). */
export class ReservesRepository {
  constructor(private readonly root: Db) {}

  async insert(userId: string, values: ReserveValues): Promise<ReserveRow> {
    const [row] = await dbOf(this.root)
      .insert(reserves)
      .values({ ...values, userId, status: 'active' })
      .returning();
    return row!;
  }

  async update(userId: string, id: string, changes: ReserveChanges): Promise<ReserveRow | undefined> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return this.find(userId, id);
    const [row] = await dbOf(this.root)
      .update(reserves)
      .set(set)
      .where(and(live(userId), eq(reserves.id, id)))
      .returning();
    return row;
  }

  async find(userId: string, id: string): Promise<ReserveRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(reserves)
      .where(and(live(userId), eq(reserves.id, id)));
    return row;
  }

  /** The row locked until the transaction ends, so two status changes cannot both pass the check. */
  async lock(userId: string, id: string): Promise<ReserveRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(reserves)
      .where(and(live(userId), eq(reserves.id, id)))
      .for('update');
    return row;
  }

  /** Every live reserve of the product, whatever its status; newest first. */
  ofProduct(userId: string, productId: string): Promise<ReserveRow[]> {
    return dbOf(this.root)
      .select()
      .from(reserves)
      .where(and(live(userId), eq(reserves.productId, productId)))
      .orderBy(desc(reserves.createdAt), desc(reserves.id));
  }

  /** Ids among `ids` that name any row at all: another user's or a deleted one is not free to create. */
  async existing(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await dbOf(this.root).select({ id: reserves.id }).from(reserves).where(inArray(reserves.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async remove(userId: string, id: string): Promise<void> {
    await dbOf(this.root)
      .update(reserves)
      .set({ deletedAt: new Date() })
      .where(and(live(userId), eq(reserves.id, id)));
  }
}
