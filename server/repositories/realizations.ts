import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { realizations } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { OwnedRowsRepository } from './owned-rows.ts';

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
  /** A sale entered afterwards: its date (and the row's created_at); absent — now. */
  datetime?: Date;
  createdAt?: Date;
  /** Made by a marketplace order line (docs/rules.md «Заказы маркетплейсов»): the line and its posting. */
  orderLineId?: string;
  postingMarketplace?: string;
  postingStoreId?: string;
  postingNumber?: string;
}

export type RealizationChanges = Partial<
  Pick<RealizationRow, 'count' | 'price' | 'enteredPrice' | 'realizationPrice' | 'status'>
>;

/** Realizations (sales): their units move through the stock engine while completed. */
export class RealizationsRepository extends OwnedRowsRepository<typeof realizations, RealizationChanges> {
  constructor(root: Db) {
    super(root, realizations);
  }

  async insert(userId: string, values: RealizationValues): Promise<RealizationRow> {
    const [row] = await dbOf(this.root)
      .insert(realizations)
      .values({ ...values, userId, status: 'completed' })
      .returning();
    return row!;
  }

  /** Every live realization of the product, cancelled ones included; newest first. */
  ofProduct(userId: string, productId: string): Promise<RealizationRow[]> {
    return dbOf(this.root)
      .select()
      .from(realizations)
      .where(and(this.rows.live(userId), eq(realizations.productId, productId)))
      .orderBy(desc(realizations.datetime), desc(realizations.createdAt), desc(realizations.id));
  }
}
