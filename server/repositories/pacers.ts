import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Advisory lock class of a windowed quota's key (the second number is the key's hash). */
const WINDOW_LOCK = 7101;

const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`;

/**
 * The marketplace quotas' pace, kept for every instance (server/marketplaces/shared-pacing.ts). Every
 * moment is the database's clock_timestamp(): instances on hosts whose clocks differ still agree, and
 * now() would stand still inside a transaction. Keys arrive hashed: they name marketplace tokens.
 */
export class PacersRepository {
  constructor(private readonly db: Db) {}

  /**
   * A token bucket run as GCRA, decided at the moment of sending: when the key's theoretical arrival
   * time less the burst tolerance is not after now, the send goes and the time moves on by one interval
   * from itself or from now, whichever is later (one statement, the row locked). Answers 0 when the
   * caller may send now, or the milliseconds until it may ask again. Deciding at the send, not reserving
   * a later slot, keeps the limit even when a caller wakes late (a stalled process would otherwise send
   * its old slot among the next callers' ones).
   */
  async trySend(key: string, intervalMs: number, toleranceMs: number): Promise<number> {
    const sent = (await this.db.execute(sql`
      with clock as (select clock_timestamp() as now)
      insert into pacer_buckets as b (key, tat)
      select ${key}, clock.now + ${ms(intervalMs)} from clock
      on conflict (key) do update set tat = greatest(b.tat, (select now from clock)) + ${ms(intervalMs)}
        where b.tat - ${ms(toleranceMs)} <= (select now from clock)
      returning 1 as sent
    `)) as unknown as { rows: unknown[] };
    if (sent.rows.length > 0) return 0;
    const { rows } = (await this.db.execute(sql`
      select (extract(epoch from tat - clock_timestamp()) * 1000 - ${toleranceMs}::float8)::float8 as wait_ms
      from pacer_buckets where key = ${key}
    `)) as unknown as { rows: Array<{ wait_ms: number | string }> };
    return Math.max(1, Math.ceil(Number(rows[0]?.wait_ms ?? 1)));
  }

  /**
   * Spends `units` of a window of `limit` units per `windowMs` if they fit, under a lock per key so two
   * instances never both take the last room. Answers 0 when spent, or the milliseconds until enough of
   * the window's spending has left it (nothing spent then: the caller waits and asks again).
   */
  async spendInWindow(key: string, limit: number, windowMs: number, units: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WINDOW_LOCK}, hashtext(${key}))`);
      await tx.execute(sql`delete from pacer_spends where key = ${key} and at <= clock_timestamp() - ${ms(windowMs)}`);
      const { rows } = (await tx.execute(sql`
        select units, (extract(epoch from at - clock_timestamp()) * 1000 + ${windowMs}::float8)::float8 as leaves_in_ms
        from pacer_spends where key = ${key} order by at, id
      `)) as unknown as { rows: Array<{ units: number; leaves_in_ms: number | string }> };
      let free = limit - rows.reduce((n, r) => n + Number(r.units), 0);
      if (free >= units) {
        // Stamped as late as possible, just before the commit that lets the caller send.
        await tx.execute(sql`insert into pacer_spends (key, at, units) values (${key}, clock_timestamp(), ${units})`);
        return 0;
      }
      // The oldest spending leaves first: wait until enough has gone to make room.
      let until = 0;
      for (const r of rows) {
        free += Number(r.units);
        until = Number(r.leaves_in_ms);
        if (free >= units) break;
      }
      return Math.max(1, Math.ceil(until) + 1);
    });
  }
}
