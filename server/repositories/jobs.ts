import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dbOf } from '../db/tx-context.ts';
import { jobs } from '../db/schema/index.ts';
import { claimFairly } from './job-claim.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  userId: string;
  kind: string;
  payload: unknown;
  maxAttempts?: number;
  /** What makes two jobs the same work (a store's id, '' for one per user); null or absent: none. */
  dedupeKey?: string | null;
}

/** What offering a job gave: a new job, the same work already waiting, or a full queue. */
export type Offered = { job: JobRow; created: boolean } | { full: true };

/**
 * A job leaving `running` for `queued` again keeps its key unless the same work was queued meanwhile (a
 * second push started while this one ran): the unique index would refuse it, and the waiting twin will do
 * the work anyway — without the key both wait and run, one after the other.
 */
const requeuedKey = sql`case when exists (select 1 from jobs twin where twin.status = 'queued'
  and twin.user_id = jobs.user_id and twin.kind = jobs.kind and twin.dedupe_key = jobs.dedupe_key
  and twin.id <> jobs.id) then null else jobs.dedupe_key end`;

/**
 * The job queue's SQL. Claims use FOR UPDATE SKIP LOCKED so each job runs on one instance only, and take
 * users in turn under a per-user lock (job-claim.ts) so no user runs more than the cap anywhere.
 * Every change a worker makes to a claimed job is conditional on still holding it (locked_by), so
 * a worker that lost its lease, or gave a job up at shutdown, cannot overwrite the next holder.
 */
export class JobsRepository {
  constructor(private readonly root: Db) {}

  /** Joins the request's transaction if there is one: a job enqueued by a write commits or rolls back with it. */
  async enqueue(values: NewJob): Promise<JobRow> {
    const [row] = await dbOf(this.root).insert(jobs).values(values).returning();
    return row!;
  }

  /**
   * Queues a job unless the same work already waits (then that job is the answer) or the user already has
   * `queueLimit` jobs waiting. The database decides the first: the insert meets jobs_pending_key, and under
   * READ COMMITTED a racing insert of the twin makes this one wait for its commit and then do nothing, so
   * however many arrive at once one job is queued. The limit is counted before the insert, so requests
   * racing at the very edge may pass it by their number; it bounds a flood, not an exact figure.
   */
  async offer(values: NewJob, queueLimit: number): Promise<Offered> {
    const db = dbOf(this.root);
    const key = values.dedupeKey ?? null;
    // A few rounds at most: each one that finds no twin and inserts nothing saw the twin claimed in between.
    for (let round = 0; round < 5; round++) {
      if (key !== null) {
        const [waiting] = await db
          .select()
          .from(jobs)
          .where(
            and(
              eq(jobs.userId, values.userId),
              eq(jobs.kind, values.kind),
              eq(jobs.dedupeKey, key),
              eq(jobs.status, 'queued'),
            ),
          );
        if (waiting) return { job: waiting, created: false };
      }
      const [queued] = await db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.userId, values.userId), eq(jobs.status, 'queued')));
      if ((queued?.n ?? 0) >= queueLimit) return { full: true };
      if (key === null) return { job: await this.enqueue(values), created: true };
      const [row] = await db
        .insert(jobs)
        .values({ ...values, dedupeKey: key })
        .onConflictDoNothing({
          target: [jobs.userId, jobs.kind, jobs.dedupeKey],
          where: sql`${jobs.status} = 'queued' and ${jobs.dedupeKey} is not null`,
        })
        .returning();
      if (row) return { job: row, created: true };
    }
    throw new Error(`job ${values.kind} of ${values.userId}: the waiting twin kept vanishing`);
  }

  async find(userId: string, id: string): Promise<JobRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.id, id)));
    return row;
  }

  /**
   * Claims the next job for `worker` among `kinds`, fairly between users and at most `perUser` running per
   * user on all instances together (server/repositories/job-claim.ts).
   */
  async claim(worker: string, kinds: string[], perUser: number): Promise<JobRow | undefined> {
    return claimFairly(this.root, worker, kinds, perUser);
  }

  /** Progress doubles as a heartbeat. False: the job is no longer this worker's. */
  async progress(id: string, worker: string, value: number): Promise<boolean> {
    const rows = await this.root
      .update(jobs)
      .set({ progress: value, lockedAt: sql`now()` })
      .where(this.held(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Keeps the lease of a job that runs long without reporting progress. */
  async heartbeat(id: string, worker: string): Promise<boolean> {
    const rows = await this.root
      .update(jobs)
      .set({ lockedAt: sql`now()` })
      .where(this.held(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async complete(id: string, worker: string, result: unknown): Promise<boolean> {
    const rows = await this.root
      .update(jobs)
      .set({ status: 'done', progress: 100, result: result ?? null, lockedBy: null, lockedAt: null, error: null })
      .where(this.held(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** The delay is added to the database's clock, the one claim() compares against, not this host's. */
  async retryLater(id: string, worker: string, error: string, delayMs: number): Promise<boolean> {
    const rows = await this.root
      .update(jobs)
      .set({
        status: 'queued',
        error,
        runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
        lockedBy: null,
        lockedAt: null,
        dedupeKey: requeuedKey,
      })
      .where(this.held(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async fail(id: string, worker: string, error: string): Promise<boolean> {
    const rows = await this.root
      .update(jobs)
      .set({ status: 'failed', error, lockedBy: null, lockedAt: null })
      .where(this.held(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** A job interrupted by a shutdown goes back to the queue without spending an attempt. */
  async release(id: string, worker: string): Promise<boolean> {
    const rows = await this.root
      .update(jobs)
      .set({
        status: 'queued',
        lockedBy: null,
        lockedAt: null,
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        dedupeKey: requeuedKey,
      })
      .where(this.held(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Jobs whose instance died mid-run (no heartbeat within the lease) are queued again. */
  async requeueExpired(leaseSeconds: number): Promise<number> {
    const rows = await this.root
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedAt: null, dedupeKey: requeuedKey })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, sql`now() - make_interval(secs => ${leaseSeconds})`)))
      .returning({ id: jobs.id });
    return rows.length;
  }

  private held(id: string, worker: string) {
    return and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, worker));
  }
}
