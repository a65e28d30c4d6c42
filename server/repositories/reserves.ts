import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reserves } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { OwnedRowsRepository } from './owned-rows.ts';

export type ReserveRow = typeof reserves.$inferSelect;
export type ReserveStatus = ReserveRow['status'];

export interface ReserveValues {
  id: string;
  productId: string;
  count: number;
  price: number;
  /** A reserve entered afterwards: when it was made; absent — now. */
  createdAt?: Date;
  /** Made by a marketplace order line (docs/rules.md «Заказы маркетплейсов»): the line and its posting. */
  orderLineId?: string;
  postingMarketplace?: string;
  postingStoreId?: string;
  postingNumber?: string;
}

export type ReserveChanges = Partial<Pick<ReserveRow, 'count' | 'price' | 'status'>>;

/** Reserves: units set aside while active (the stock engine counts them as not free). */
export class ReservesRepository extends OwnedRowsRepository<typeof reserves, ReserveChanges> {
  constructor(root: Db) {
    super(root, reserves);
  }

  async insert(userId: string, values: ReserveValues): Promise<ReserveRow> {
    const [row] = await dbOf(this.root)
      .insert(reserves)
      .values({ ...values, userId, status: 'active' })
      .returning();
    return row!;
  }

  /** Every live reserve of the product, whatever its status; newest first. */
  ofProduct(userId: string, productId: string): Promise<ReserveRow[]> {
    return dbOf(this.root)
      .select()
      .from(reserves)
      .where(and(this.rows.live(userId), eq(reserves.productId, productId)))
      .orderBy(desc(reserves.createdAt), desc(reserves.id));
  }
}
