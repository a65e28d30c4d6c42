import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dbOf } from '../db/tx-context.ts';
import { jobs } from '../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * The job queue's SQL. Claims use FOR UPDATE SKIP LOCKED so each job runs on one instance only.
 * Every change a worker makes to a claimed job is conditional on still holding it (locked_by), so
 * a worker that lost its lease, or gave a job up at shutdown, cannot overwrite the next holder.
 */
export class JobsRepository {
  constructor(private readonly root: Db) {}

  /** Joins the request's transaction if there is one: a job enqueued by a write commits or rolls back with it. */
  async enqueue(values: { userId: string; kind: string; payload: unknown; maxAttempts?: number }): Promise<JobRow> {
    const [row] = await dbOf(this.root).insert(jobs).values(values).returning();
    return row!;
  }

  async find(userId: string, id: string): Promise<JobRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.id, id)));
    return row;
  }

  async claim(worker: string, kinds: string[]): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const next = this.root
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.kind, kinds)))
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.root
      .update(jobs)
      .set({ status: 'running', lockedBy: worker, lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, next))
      .returning();
    return row;
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
      .set({ status: 'queued', lockedBy: null, lockedAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
      .where(this.held(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Jobs whose instance died mid-run (no heartbeat within the lease) are queued again. */
  async requeueExpired(leaseSeconds: number): Promise<number> {
    const rows = await this.root
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedAt: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, sql`now() - make_interval(secs => ${leaseSeconds})`)))
      .returning({ id: jobs.id });
    return rows.length;
  }

  private held(id: string, worker: string) {
    return and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, worker));
  }
}
