import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { disposals } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { OwnedRowsRepository } from './owned-rows.ts';

export type DisposalRow = typeof disposals.$inferSelect;

export interface DisposalValues {
  id: string;
  productId: string;
  count: number;
  price: number;
  description: string;
  /** A write-off entered afterwards: its date (and the row's created_at); absent — now. */
  datetime?: Date;
  createdAt?: Date;
}

export type DisposalChanges = Partial<Omit<DisposalValues, 'id'>>;

/** Disposals (write-offs). Their units move through the stock engine; deleted rows stay as tombstones. */
export class DisposalsRepository extends OwnedRowsRepository<typeof disposals, DisposalChanges> {
  constructor(root: Db) {
    super(root, disposals);
  }

  async insert(userId: string, values: DisposalValues): Promise<DisposalRow> {
    const [row] = await dbOf(this.root)
      .insert(disposals)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  /** One page of the product's disposals, newest first. */
  async ofProduct(
    userId: string,
    productId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: DisposalRow[]; total: number }> {
    const where = and(this.rows.live(userId), eq(disposals.productId, productId));
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
}
