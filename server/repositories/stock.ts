import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lots, productsWh, reserves, stockMovements } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { liveRows, OwnedRows } from './owned-rows.ts';

export type LotRow = typeof lots.$inferSelect;
export type MovementRow = typeof stockMovements.$inferSelect;

/** What an outflow row is, in the ledger: the table it lives in and its id. */
export interface StockSource {
  table: 'lots' | 'disposals' | 'markdowns' | 'realizations' | 'other_realizations' | 'returns';
  id: string;
}

export const movementReasons = [
  'receipt',
  'correction',
  'removal',
  'disposal',
  'markdown',
  'realization',
  'other_realization',
  'reversal',
] as const;
export type MovementReason = (typeof movementReasons)[number];

export interface MovementValues {
  productId: string;
  lotId: string;
  delta: number;
  reason: MovementReason;
  source: StockSource;
  unitCost: number;
  /** When it happened, for an outflow entered afterwards; absent — now. */
  at?: Date;
}

export interface NewLot {
  id?: string;
  productId: string;
  count: number;
  price: number;
  receivedAt?: Date;
  batchId?: string | null;
  isReturn?: boolean;
  returnId?: string | null;
  /** A stock count's surplus (server/stock/post-count.ts). */
  countId?: string | null;
}

/** Lots and the stock ledger: the only code that changes a lot's remaining units. */
export class StockRepository {
  private readonly lotRows: OwnedRows<typeof lots>;

  constructor(private readonly root: Db) {
    this.lotRows = new OwnedRows(root, lots);
  }

  /** Locks the product row: every stock change of one product queues behind this lock. */
  async lockProduct(userId: string, productId: string): Promise<boolean> {
    const rows = await dbOf(this.root)
      .select({ id: productsWh.id })
      .from(productsWh)
      .where(and(liveRows(productsWh, userId), eq(productsWh.id, productId)))
      .for('update');
    return rows.length === 1;
  }

  lotsOfProduct(userId: string, productId: string): Promise<LotRow[]> {
    return dbOf(this.root)
      .select()
      .from(lots)
      .where(and(liveRows(lots, userId), eq(lots.productId, productId)))
      .orderBy(asc(lots.receivedAt), asc(lots.id)); // domain/fifo.ts fifoCompare: the device orders the same way
  }

  lotsByIds(userId: string, ids: string[]): Promise<LotRow[]> {
    return this.lotRows.findMany(userId, ids);
  }

  async reservedCount(userId: string, productId: string, exceptReserveId?: string): Promise<number> {
    const [row] = await dbOf(this.root)
      .select({ n: sql<number>`coalesce(sum(${reserves.count}), 0)`.mapWith(Number) })
      .from(reserves)
      .where(
        and(
          liveRows(reserves, userId),
          eq(reserves.productId, productId),
          eq(reserves.status, 'active'),
          exceptReserveId ? ne(reserves.id, exceptReserveId) : undefined,
        ),
      );
    return row?.n ?? 0;
  }

  async insertLot(userId: string, values: NewLot): Promise<LotRow> {
    const [row] = await dbOf(this.root)
      .insert(lots)
      .values({ ...values, userId, countMax: values.count })
      .returning();
    return row!;
  }

  async updateLot(
    userId: string,
    id: string,
    changes: Partial<
      Pick<
        LotRow,
        'count' | 'countMax' | 'price' | 'receivedAt' | 'batchId' | 'countMaxEdited' | 'priceEdited' | 'deletedAt'
      >
    >,
  ): Promise<void> {
    await dbOf(this.root)
      .update(lots)
      .set(changes)
      .where(and(eq(lots.userId, userId), eq(lots.id, id)));
  }

  /** Adds each delta to its lot's remaining units in one statement. */
  async shiftCounts(userId: string, deltas: { lotId: string; delta: number }[]): Promise<void> {
    if (deltas.length === 0) return;
    const values = sql.join(
      deltas.map((d) => sql`(${d.lotId}::uuid, ${d.delta}::int)`),
      sql`, `,
    );
    await dbOf(this.root).execute(sql`update lots set count = lots.count + d.delta
      from (values ${values}) as d(id, delta) where lots.id = d.id and lots.user_id = ${userId}`);
  }

  async recordMovements(userId: string, movements: MovementValues[]): Promise<void> {
    if (movements.length === 0) return;
    await dbOf(this.root)
      .insert(stockMovements)
      .values(
        movements.map((m) => ({
          userId,
          productId: m.productId,
          lotId: m.lotId,
          delta: m.delta,
          reason: m.reason,
          sourceTable: m.source.table,
          sourceId: m.source.id,
          unitCost: m.unitCost,
          createdAt: m.at,
        })),
      );
  }

  /** Units an outflow still holds, per lot: what putting it back must return. */
  async heldBy(
    userId: string,
    source: StockSource,
  ): Promise<{ lotId: string; productId: string; count: number; unitCost: number }[]> {
    const rows = await dbOf(this.root)
      .select({
        lotId: stockMovements.lotId,
        productId: lots.productId,
        taken: sql<number>`-sum(${stockMovements.delta})`.mapWith(Number),
        unitCost: lots.price,
      })
      .from(stockMovements)
      .innerJoin(lots, eq(lots.id, stockMovements.lotId))
      .where(
        and(
          eq(stockMovements.userId, userId),
          eq(stockMovements.sourceTable, source.table),
          eq(stockMovements.sourceId, source.id),
        ),
      )
      .groupBy(stockMovements.lotId, lots.productId, lots.price)
      .having(sql`sum(${stockMovements.delta}) <> 0`);
    return rows.map((r) => ({ lotId: r.lotId, productId: r.productId, count: r.taken, unitCost: r.unitCost }));
  }

  /** Units of the lot that outflows still hold (taken and not put back): they return to it one day. */
  async heldFromLot(userId: string, lotId: string): Promise<number> {
    const [row] = await dbOf(this.root)
      .select({ held: sql<number>`coalesce(-sum(${stockMovements.delta}), 0)`.mapWith(Number) })
      .from(stockMovements)
      .where(
        and(eq(stockMovements.userId, userId), eq(stockMovements.lotId, lotId), ne(stockMovements.sourceTable, 'lots')),
      );
    return row?.held ?? 0;
  }

  /** Lots among `ids` that some outflow has taken from (ledger rows from another source than the lot). */
  async lotsWithOutflows(userId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await dbOf(this.root)
      .selectDistinct({ lotId: stockMovements.lotId })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.userId, userId),
          inArray(stockMovements.lotId, ids),
          ne(stockMovements.sourceTable, 'lots'),
        ),
      );
    return rows.map((r) => r.lotId);
  }

  movementsOfProduct(userId: string, productId: string, limit: number, offset: number, before?: Date) {
    const where = and(
      eq(stockMovements.userId, userId),
      eq(stockMovements.productId, productId),
      before ? lt(stockMovements.createdAt, before) : undefined,
    );
    const db = dbOf(this.root);
    return Promise.all([
      db
        .select()
        .from(stockMovements)
        .where(where)
        .orderBy(sql`${stockMovements.createdAt} desc, ${stockMovements.version} desc`)
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(stockMovements)
        .where(where)
        .then((r) => r[0]?.n ?? 0),
    ]);
  }
}
