import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, jobTurns } from '../db/schema/index.ts';
import type { JobRow } from './jobs.ts';

/** Users tried per claim: more than one, so a user another instance is claiming for right now is skipped. */
const CANDIDATES = 8;

/**
 * Claims one job fairly. Users take turns: among users with a due job of these kinds and fewer than
 * `perUser` jobs running (on any instance), the one whose jobs were last given a worker longest ago goes
 * first (one never served before everyone), and gets its oldest due job. So a user with 300 jobs waiting
 * holds back another user's job by one job's duration at most.
 *
 * The decision for a user is taken under a transaction-scoped advisory lock on that user (namespace 7003;
 * 7000 migrations, 7001 row versions, 7002 postings): two instances claiming at once cannot both see the
 * user below the cap. The lock is only tried, never waited for: an instance finding it taken moves on to
 * the next user, as SKIP LOCKED does for rows — claims for different users never wait on each other.
 */
export async function claimFairly(
  root: Db,
  worker: string,
  kinds: readonly string[],
  perUser: number,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const found = (await root.execute(sql`
    select due.user_id from (
      select user_id, min(run_at) as first_due from jobs
       where status = 'queued' and run_at <= now() and kind in (${kindList})
       group by user_id
    ) due
    left join job_turns turn on turn.user_id = due.user_id
    where (select count(*) from jobs busy where busy.user_id = due.user_id and busy.status = 'running') < ${perUser}
    order by turn.last_claimed_at asc nulls first, due.first_due asc
    limit ${CANDIDATES}`)) as unknown as { rows: { user_id: string }[] };
  for (const { user_id: userId } of found.rows) {
    const job = await root.transaction((tx) => claimFor(tx, userId, worker, kinds, perUser));
    if (job) return job;
  }
  return undefined;
}

async function claimFor(
  tx: Db,
  userId: string,
  worker: string,
  kinds: readonly string[],
  perUser: number,
): Promise<JobRow | undefined> {
  const lock = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(7003, hashtext(${userId})) as locked`,
  )) as unknown as { rows: { locked: boolean }[] };
  if (!lock.rows[0]?.locked) return undefined;
  // Counted again under the lock: the list was read before it, and another instance may have claimed since.
  const [running] = await tx
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.status, 'running')));
  if ((running?.n ?? 0) >= perUser) return undefined;
  const next = tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        eq(jobs.status, 'queued'),
        lte(jobs.runAt, sql`now()`),
        inArray(jobs.kind, [...kinds]),
        // The same work never runs twice at once (two pushes of one store would race at the marketplace).
        sql`not exists (select 1 from jobs twin where twin.status = 'running' and twin.user_id = jobs.user_id
              and twin.kind = jobs.kind and twin.dedupe_key = jobs.dedupe_key)`,
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await tx
    .update(jobs)
    .set({ status: 'running', lockedBy: worker, lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, next))
    .returning();
  if (!row) return undefined;
  // clock_timestamp, not now(): turns taken by claims in flight together still order by when they happened.
  await tx
    .insert(jobTurns)
    .values({ userId, lastClaimedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: jobTurns.userId, set: { lastClaimedAt: sql`clock_timestamp()` } });
  return row;
}
