import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { otherRealizations } from '../db/schema/index.ts';
import type { otherRealizationMarketplaces } from '../db/schema/stock.ts';
import { dbOf } from '../db/tx-context.ts';
import { OwnedRowsRepository } from './owned-rows.ts';

export type OtherRealizationRow = typeof otherRealizations.$inferSelect;

export interface OtherRealizationValues {
  id: string;
  productId: string;
  count: number;
  marketplace: (typeof otherRealizationMarketplaces)[number];
  realizationPrice: number;
  description: string;
  /** Unit cost of the units taken, computed by the stock engine. */
  price: number;
}

/** A marketplace of null means "not chosen", as rows may hold it. */
export type OtherRealizationChanges = Partial<
  Omit<OtherRealizationValues, 'id' | 'marketplace'> & {
    release: boolean;
    marketplace: OtherRealizationValues['marketplace'] | null;
  }
>;

/** Other realizations (removals outside the marketplaces' own flow). Their units move through the stock engine. */
export class OtherRealizationsRepository extends OwnedRowsRepository<
  typeof otherRealizations,
  OtherRealizationChanges
> {
  constructor(root: Db) {
    super(root, otherRealizations);
  }

  async insert(userId: string, values: OtherRealizationValues): Promise<OtherRealizationRow> {
    const [row] = await dbOf(this.root)
      .insert(otherRealizations)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  /** Newest first, the way the product's history shows them. */
  ofProduct(userId: string, productId: string): Promise<OtherRealizationRow[]> {
    return dbOf(this.root)
      .select()
      .from(otherRealizations)
      .where(and(this.rows.live(userId), eq(otherRealizations.productId, productId)))
      .orderBy(desc(otherRealizations.date), desc(otherRealizations.createdAt), desc(otherRealizations.id));
  }

  ofBatch(userId: string, batchId: string): Promise<OtherRealizationRow[]> {
    return dbOf(this.root)
      .select()
      .from(otherRealizations)
      .where(and(this.rows.live(userId), eq(otherRealizations.batchId, batchId)))
      .orderBy(otherRealizations.createdAt, otherRealizations.id);
  }
}
