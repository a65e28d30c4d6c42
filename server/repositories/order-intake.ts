import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { markets, orderIntake } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import { liveRows } from './owned-rows.ts';

export type OrderIntakeRow = typeof orderIntake.$inferSelect;

/** A store whose intake this instance has claimed: its bookkeeping row. */
export type IntakeClaim = OrderIntakeRow;

export interface IntakeOutcome {
  /** Where the next run reads from; undefined keeps the old one (a failed run). */
  cursor?: Date;
  ok: boolean;
  /** Seconds until the store's next run. */
  nextInSeconds: number;
}

/**
 * The intake's claims on stores (docs/rules.md «Заказы маркетплейсов»), all in PostgreSQL so any number of instances
 * share them: a store is run by whoever claims its due row first (`FOR UPDATE SKIP LOCKED`), for the length of a lease
 * the run keeps extending; a dead instance's lease runs out and another takes the store over. No in-process flag
 * decides who runs a store.
 */
export class OrderIntakeRepository {
  constructor(private readonly root: Db) {}

  /** Every store whose intake is on gets its row; a store turned on starts at once. */
  async ensureRows(): Promise<void> {
    await dbOf(this.root).execute(sql`
      insert into order_intake (store_id, user_id)
      select m.id, m.user_id from markets m
      where m.order_intake and m.deleted_at is null and m.marketplace <> '-' and m.access_token_enc is not null
      on conflict (store_id) do nothing`);
  }

  /**
   * Claims up to `limit` due stores for `owner` for `leaseSeconds`: stores with intake on, connected, live, whose next
   * run has come and whose lease (if any) has run out. Two instances never claim the same store.
   */
  async claimDue(owner: string, leaseSeconds: number, limit: number): Promise<IntakeClaim[]> {
    const result = (await dbOf(this.root).execute(sql`
      update order_intake oi
         set lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${leaseSeconds}), last_run_at = now()
        from (
          select i.store_id from order_intake i
            join markets m on m.id = i.store_id
           where m.order_intake and m.deleted_at is null and m.marketplace <> '-' and m.access_token_enc is not null
             and i.next_run_at <= now() and (i.lease_until is null or i.lease_until < now())
           order by i.next_run_at
           limit ${limit}
           for update of i skip locked
        ) due
       where oi.store_id = due.store_id
      returning oi.*`)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map(toIntakeRow);
  }

  /** Keeps the claim alive during a long run; false when it was lost (then the run must stop writing). */
  async extendLease(storeId: string, owner: string, leaseSeconds: number): Promise<boolean> {
    const rows = await dbOf(this.root)
      .update(orderIntake)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(orderIntake.storeId, storeId), eq(orderIntake.leaseOwner, owner)))
      .returning({ storeId: orderIntake.storeId });
    return rows.length === 1;
  }

  /** Ends the run: the cursor moves on (a failed run keeps the old one) and the store is due again after a while. */
  async finish(storeId: string, owner: string, outcome: IntakeOutcome): Promise<void> {
    await dbOf(this.root)
      .update(orderIntake)
      .set({
        ...(outcome.cursor ? { cursor: outcome.cursor } : {}),
        // A «run now» that came during the run (a new key, intake turned on) is kept, not overwritten.
        nextRunAt: sql`case when ${orderIntake.nextRunAt} > ${orderIntake.lastRunAt} then ${orderIntake.nextRunAt}
          else now() + make_interval(secs => ${outcome.nextInSeconds}) end`,
        leaseOwner: null,
        leaseUntil: null,
        ...(outcome.ok ? { lastOkAt: sql`now()`, failures: 0 } : { failures: sql`${orderIntake.failures} + 1` }),
      })
      .where(and(eq(orderIntake.storeId, storeId), eq(orderIntake.leaseOwner, owner)));
  }

  /** A shutdown hands the store back at once instead of waiting for the lease to run out. */
  async release(storeId: string, owner: string): Promise<void> {
    await dbOf(this.root)
      .update(orderIntake)
      .set({ leaseOwner: null, leaseUntil: null, nextRunAt: sql`now()` })
      .where(and(eq(orderIntake.storeId, storeId), eq(orderIntake.leaseOwner, owner)));
  }

  /** The store's next run comes now (its key changed, intake turned on, a link was made). */
  async runSoon(storeId: string): Promise<void> {
    await dbOf(this.root)
      .update(orderIntake)
      .set({ nextRunAt: sql`now()` })
      .where(eq(orderIntake.storeId, storeId));
  }

  async state(userId: string, storeId: string): Promise<OrderIntakeRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(orderIntake)
      .where(and(eq(orderIntake.userId, userId), eq(orderIntake.storeId, storeId)));
    return row;
  }

  /** The store's intake error as the seller reads it on the store; unchanged text writes nothing (no sync churn). */
  async setStoreError(userId: string, storeId: string, error: string | null): Promise<void> {
    await dbOf(this.root)
      .update(markets)
      .set({ orderIntakeError: error })
      .where(
        and(
          liveRows(markets, userId),
          eq(markets.id, storeId),
          sql`${markets.orderIntakeError} is distinct from ${error}`,
        ),
      );
  }
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** A raw row of `returning oi.*` in the schema's shape. */
function toIntakeRow(r: Record<string, unknown>): IntakeClaim {
  return {
    storeId: r.store_id as string,
    userId: r.user_id as string,
    cursor: date(r.cursor),
    nextRunAt: date(r.next_run_at)!,
    leaseOwner: (r.lease_owner as string | null) ?? null,
    leaseUntil: date(r.lease_until),
    lastRunAt: date(r.last_run_at),
    lastOkAt: date(r.last_ok_at),
    failures: Number(r.failures ?? 0),
    startedAt: date(r.started_at)!,
  };
}
