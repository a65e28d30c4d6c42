import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { otherRealizations } from '../db/schema/index.ts';
import type { otherRealizationMarketplaces } from '../db/schema/stock.ts';
import { dbOf } from '../db/tx-context.ts';

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

const live = (userId: string) => and(eq(otherRealizations.userId, userId), isNull(otherRealizations.deletedAt));

/** Other realizations (removals outside the marketplaces' own flow). Their units move through the stock engine. */
export class OtherRealizationsRepository {
  constructor(private readonly root: Db) {}

  async insert(userId: string, values: OtherRealizationValues): Promise<OtherRealizationRow> {
    const [row] = await dbOf(this.root)
      .insert(otherRealizations)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  async update(userId: string, id: string, changes: OtherRealizationChanges): Promise<OtherRealizationRow | undefined> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return this.find(userId, id);
    const [row] = await dbOf(this.root)
      .update(otherRealizations)
      .set(set)
      .where(and(live(userId), eq(otherRealizations.id, id)))
      .returning();
    return row;
  }

  async find(userId: string, id: string, lock = false): Promise<OtherRealizationRow | undefined> {
    const [row] = await this.findMany(userId, [id], lock);
    return row;
  }

  /** Live rows among `ids`; with `lock`, held until the transaction ends so two edits of one row queue up. */
  async findMany(userId: string, ids: string[], lock = false): Promise<OtherRealizationRow[]> {
    if (ids.length === 0) return [];
    const query = dbOf(this.root)
      .select()
      .from(otherRealizations)
      .where(and(live(userId), inArray(otherRealizations.id, ids)));
    return lock ? query.for('update') : query;
  }

  /** Newest first, the way the product's history shows them. */
  ofProduct(userId: string, productId: string): Promise<OtherRealizationRow[]> {
    return dbOf(this.root)
      .select()
      .from(otherRealizations)
      .where(and(live(userId), eq(otherRealizations.productId, productId)))
      .orderBy(desc(otherRealizations.date), desc(otherRealizations.createdAt), desc(otherRealizations.id));
  }

  ofBatch(userId: string, batchId: string): Promise<OtherRealizationRow[]> {
    return dbOf(this.root)
      .select()
      .from(otherRealizations)
      .where(and(live(userId), eq(otherRealizations.batchId, batchId)))
      .orderBy(otherRealizations.createdAt, otherRealizations.id);
  }

  /** Ids among `ids` that name any row at all: another user's or a deleted one is not free to create. */
  async existing(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await dbOf(this.root)
      .select({ id: otherRealizations.id })
      .from(otherRealizations)
      .where(inArray(otherRealizations.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async remove(userId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await dbOf(this.root)
      .update(otherRealizations)
      .set({ deletedAt: new Date() })
      .where(and(live(userId), inArray(otherRealizations.id, ids)));
  }
}
