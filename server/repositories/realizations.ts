import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { realizations } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';

export type RealizationRow = typeof realizations.$inferSelect;
export type RealizationStatus = RealizationRow['status'];

export interface RealizationValues {
  id: string;
  productId: string;
  count: number;
  /** Unit cost of the units taken, computed by the stock engine. */
  price: number;
  /** The purchase price the seller typed, kept as entered. */
  enteredPrice?: number;
  realizationPrice: number;
}

export type RealizationChanges = Partial<
  Pick<RealizationRow, 'count' | 'price' | 'enteredPrice' | 'realizationPrice' | 'status'>
>;

const live = (userId: string) => and(eq(realizations.userId, userId), isNull(realizations.deletedAt));

/** Realizations (sales): their units move through the stock engine while completed. */
export class RealizationsRepository {
  constructor(private readonly root: Db) {}

  async insert(userId: string, values: RealizationValues): Promise<RealizationRow> {
    const [row] = await dbOf(this.root)
      .insert(realizations)
      .values({ ...values, userId, status: 'completed' })
      .returning();
    return row!;
  }

  async update(userId: string, id: string, changes: RealizationChanges): Promise<RealizationRow | undefined> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return this.find(userId, id);
    const [row] = await dbOf(this.root)
      .update(realizations)
      .set(set)
      .where(and(live(userId), eq(realizations.id, id)))
      .returning();
    return row;
  }

  async find(userId: string, id: string): Promise<RealizationRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(realizations)
      .where(and(live(userId), eq(realizations.id, id)));
    return row;
  }

  /** The row locked until the transaction ends, so two status changes cannot both pass the check. */
  async lock(userId: string, id: string): Promise<RealizationRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(realizations)
      .where(and(live(userId), eq(realizations.id, id)))
      .for('update');
    return row;
  }

  /** Every live realization of the product, cancelled ones included; newest first. */
  ofProduct(userId: string, productId: string): Promise<RealizationRow[]> {
    return dbOf(this.root)
      .select()
      .from(realizations)
      .where(and(live(userId), eq(realizations.productId, productId)))
      .orderBy(desc(realizations.datetime), desc(realizations.createdAt), desc(realizations.id));
  }

  /** Ids among `ids` that name any row at all: another user's or a deleted one is not free to create. */
  async existing(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await dbOf(this.root)
      .select({ id: realizations.id })
      .from(realizations)
      .where(inArray(realizations.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async remove(userId: string, id: string): Promise<void> {
    await dbOf(this.root)
      .update(realizations)
      .set({ deletedAt: new Date() })
      .where(and(live(userId), eq(realizations.id, id)));
  }
}
