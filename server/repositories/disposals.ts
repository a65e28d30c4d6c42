import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { disposals } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';

export type DisposalRow = typeof disposals.$inferSelect;

export interface DisposalValues {
  id: string;
  productId: string;
  count: number;
  price: number;
  description: string;
}

export type DisposalChanges = Partial<Omit<DisposalValues, 'id'>>;

const live = (userId: string) => and(eq(disposals.userId, userId), isNull(disposals.deletedAt));

/** Disposals (write-offs). Their units move through the stock engine; deleted rows stay as tombstones. */
export class DisposalsRepository {
  constructor(private readonly root: Db) {}

  async insert(userId: string, values: DisposalValues): Promise<DisposalRow> {
    const [row] = await dbOf(this.root)
      .insert(disposals)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  async update(userId: string, id: string, changes: DisposalChanges): Promise<DisposalRow | undefined> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return this.find(userId, id);
    const [row] = await dbOf(this.root)
      .update(disposals)
      .set(set)
      .where(and(live(userId), eq(disposals.id, id)))
      .returning();
    return row;
  }

  async find(userId: string, id: string): Promise<DisposalRow | undefined> {
    const [row] = await this.findMany(userId, [id]);
    return row;
  }

  findMany(userId: string, ids: string[]): Promise<DisposalRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select()
      .from(disposals)
      .where(and(live(userId), inArray(disposals.id, ids)));
  }

  /** Live rows among `ids`, locked until the transaction ends: an edit and a deletion of one row queue up. */
  lockMany(userId: string, ids: string[]): Promise<DisposalRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select()
      .from(disposals)
      .where(and(live(userId), inArray(disposals.id, ids)))
      .for('update');
  }

  /** One page of the product's disposals, newest first. */
  async ofProduct(
    userId: string,
    productId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: DisposalRow[]; total: number }> {
    const where = and(live(userId), eq(disposals.productId, productId));
    const db = dbOf(this.root);
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(disposals)
        .where(where)
        .orderBy(desc(disposals.datetime), desc(disposals.createdAt), desc(disposals.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(disposals)
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Ids among `ids` that name any row at all: another user's or a deleted one is not free to create. */
  async existing(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await dbOf(this.root).select({ id: disposals.id }).from(disposals).where(inArray(disposals.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async remove(userId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await dbOf(this.root)
      .update(disposals)
      .set({ deletedAt: new Date() })
      .where(and(live(userId), inArray(disposals.id, ids)));
  }
}
