import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { productsWh } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';

/*
 * What every repository of rows owned by a user repeats: the live (not deleted) filter, reads and
 * row locks of the user's live rows by id, a tombstone for a deletion, an update of only the fields
 * given, the ids already taken, and the ILIKE search over a product's name and articles.
 */

/** A table whose rows belong to one user and are tombstoned (deleted_at), never deleted, so sync can mirror them. */
export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; deletedAt: AnyPgColumn };

/** The user's rows that are not deleted: where every read and write of owned rows starts. */
export const liveRows = (table: OwnedTable, userId: string): SQL =>
  and(eq(table.userId, userId), isNull(table.deletedAt))!;

/** Only the fields given a value: the rest stay as they are (and Drizzle refuses an empty SET). */
export const definedFields = <T extends object>(changes: T): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;

/** `text` anywhere in a value, for ILIKE: its own %, _ and \ match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The product's name or one of its live listings' articles (offer_id) contains `text`, or `text` is
 * one of its barcodes exactly (a scan into the search box). The query must join products_wh;
 * `productId` is the column that names the product in the row searched. The listings are those of
 * `userId` only: PostgreSQL reads them once into a hash (an OR'ed subquery), and without the owner it
 * read every business's listings for each search (tests/bench/year-pg.ts: 19 ms over 10,000 listings).
 */
export function productMatches(productId: AnyPgColumn | SQL, text: string, userId: string): SQL {
  const pattern = likePattern(text);
  return or(
    sql`${productsWh.name} ilike ${pattern}`,
    sql`${productId} in (select mp.product_wh_id from products_mp mp where mp.user_id = ${userId}
      and mp.deleted_at is null and mp.offer_id ilike ${pattern})`,
    // One probe of the (business, code) key; product_barcodes holds live products' codes only.
    sql`exists (select 1 from product_barcodes pb where pb.user_id = ${productsWh.userId}
      and pb.code = ${text} and pb.product_id = ${productId})`,
  )!;
}

/**
 * The ids of the business's products `productMatches` finds, as one set made of three parts: names, live
 * listings' articles, barcodes. Each part walks an index of its own (on PostgreSQL a trigram index answers the
 * substring searches, migration 0014), where the OR of productMatches tested every product of the business
 * in turn — 45 ms over 4,000 products (tests/bench/year-pg.ts). For `id in (…)` over products_wh.
 */
export function matchingProductIds(text: string, userId: string): SQL {
  const pattern = likePattern(text);
  return sql`(select p.id from products_wh p where p.user_id = ${userId} and p.deleted_at is null
      and p.name ilike ${pattern}
    union select mp.product_wh_id from products_mp mp where mp.user_id = ${userId} and mp.deleted_at is null
      and mp.offer_id ilike ${pattern}
    union select pb.product_id from product_barcodes pb where pb.user_id = ${userId} and pb.code = ${text})`;
}

/** The reads and writes by id of one owned table, always within the user's live rows. */
export class OwnedRows<T extends OwnedTable> {
  constructor(
    private readonly root: Db,
    private readonly table: T,
  ) {}

  live(userId: string): SQL {
    return liveRows(this.table, userId);
  }

  async find(userId: string, id: string, lock = false): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.findMany(userId, [id], lock);
    return row;
  }

  /**
   * The user's live rows among `ids`. With `lock`, each is held until the transaction ends, so two
   * changes of one row queue up and the second sees what the first did; rows are locked in id
   * order, so two requests locking the same rows never deadlock.
   */
  async findMany(userId: string, ids: readonly string[], lock = false): Promise<T['$inferSelect'][]> {
    if (ids.length === 0) return [];
    const query = dbOf(this.root)
      .select()
      .from(this.table as PgTable)
      .where(and(this.live(userId), inArray(this.table.id, [...ids])));
    return (lock ? await query.orderBy(this.table.id).for('update') : await query) as T['$inferSelect'][];
  }

  lock(userId: string, id: string): Promise<T['$inferSelect'] | undefined> {
    return this.find(userId, id, true);
  }

  lockMany(userId: string, ids: readonly string[]): Promise<T['$inferSelect'][]> {
    return this.findMany(userId, ids, true);
  }

  /** Sets the fields given a value; answers the row as it is now (undefined: not a live row of the user's). */
  async update(
    userId: string,
    id: string,
    changes: Partial<T['$inferInsert']>,
  ): Promise<T['$inferSelect'] | undefined> {
    const set = definedFields(changes);
    if (Object.keys(set).length === 0) return this.find(userId, id);
    const [row] = (await dbOf(this.root)
      .update(this.table as PgTable)
      .set(set as PgUpdateSetSource<PgTable>)
      .where(and(this.live(userId), eq(this.table.id, id)))
      .returning()) as T['$inferSelect'][];
    return row;
  }

  /** Tombstones the user's live rows among `ids`. */
  async remove(userId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await dbOf(this.root)
      .update(this.table as PgTable)
      .set({ deletedAt: new Date() } as PgUpdateSetSource<PgTable>)
      .where(and(this.live(userId), inArray(this.table.id, [...ids])));
  }

  /** Ids among `ids` that name any row at all: another user's or a deleted one is not free to create. */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await dbOf(this.root)
      .select({ id: this.table.id })
      .from(this.table as PgTable)
      .where(inArray(this.table.id, [...ids]));
    return new Set(rows.map((r) => r.id as string));
  }
}

/**
 * A repository of one owned table: reads, locks, updates, tombstones and taken ids by id come from
 * here. `C` is what an update may change, so a route cannot set a column the table's calls never do.
 */
export abstract class OwnedRowsRepository<T extends OwnedTable, C extends Partial<T['$inferInsert']>> {
  protected readonly rows: OwnedRows<T>;

  constructor(
    protected readonly root: Db,
    table: T,
  ) {
    this.rows = new OwnedRows(root, table);
  }

  /** With `lock`, held until the transaction ends: an edit and a deletion of one row queue up. */
  find(userId: string, id: string, lock = false): Promise<T['$inferSelect'] | undefined> {
    return this.rows.find(userId, id, lock);
  }

  findMany(userId: string, ids: readonly string[], lock = false): Promise<T['$inferSelect'][]> {
    return this.rows.findMany(userId, ids, lock);
  }

  /** The row locked until the transaction ends, so two changes of it cannot both pass a check. */
  lock(userId: string, id: string): Promise<T['$inferSelect'] | undefined> {
    return this.rows.lock(userId, id);
  }

  lockMany(userId: string, ids: readonly string[]): Promise<T['$inferSelect'][]> {
    return this.rows.lockMany(userId, ids);
  }

  update(userId: string, id: string, changes: C): Promise<T['$inferSelect'] | undefined> {
    return this.rows.update(userId, id, changes);
  }

  remove(userId: string, ids: string | readonly string[]): Promise<void> {
    return this.rows.remove(userId, typeof ids === 'string' ? [ids] : ids);
  }

  /** Ids among `ids` that name any row at all: another user's or a deleted one is not free to create. */
  existing(ids: readonly string[]): Promise<Set<string>> {
    return this.rows.existing(ids);
  }
}
