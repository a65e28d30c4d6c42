import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { markets, type StoreMarketplace } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { definedFields, liveRows } from './owned-rows.ts';

export type MarketRow = typeof markets.$inferSelect;

export interface MarketValues {
  name: string;
  description: string;
  marketplace: StoreMarketplace;
  accessTokenEnc: string | null;
  orderIntake: boolean;
  orderIntakeInterval: number;
}

const live = (userId: string) => liveRows(markets, userId);

/** Stores of one user. Deleted stores stay as tombstones for sync and are invisible here. */
export class MarketsRepository {
  constructor(private readonly root: Db) {}

  list(userId: string): Promise<MarketRow[]> {
    return dbOf(this.root).select().from(markets).where(live(userId)).orderBy(asc(markets.createdAt), asc(markets.id));
  }

  async find(userId: string, marketId: string): Promise<MarketRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(markets)
      .where(and(live(userId), eq(markets.marketId, marketId)));
    return row;
  }

  async create(userId: string, values: MarketValues & { id?: string; marketId: string }): Promise<MarketRow> {
    const [row] = await dbOf(this.root)
      .insert(markets)
      .values({ ...values, userId })
      .returning();
    return row!;
  }

  async update(userId: string, marketId: string, values: Partial<MarketValues>): Promise<MarketRow | undefined> {
    // A PATCH that changes nothing (empty, or only the key's mask) must not reach Drizzle, which refuses an empty SET.
    const changes = definedFields(values);
    if (Object.keys(changes).length === 0) return this.find(userId, marketId);
    const [row] = await dbOf(this.root)
      .update(markets)
      .set(changes)
      .where(and(live(userId), eq(markets.marketId, marketId)))
      .returning();
    return row;
  }

  async remove(userId: string, marketId: string): Promise<boolean> {
    const rows = await dbOf(this.root)
      .update(markets)
      .set({ deletedAt: new Date() })
      .where(and(live(userId), eq(markets.marketId, marketId)))
      .returning({ id: markets.id });
    return rows.length === 1;
  }
}
