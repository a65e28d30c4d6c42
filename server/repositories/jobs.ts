import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

/** The job queue's SQL. Claims use FOR UPDATE SKIP LOCKED so each job runs on one instance only. */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  async enqueue(values: { userId: string; kind: string; payload: unknown; maxAttempts?: number }): Promise<JobRow> {
    const [row] = await this.db.insert(jobs).values(values).returning();
    return row!;
  }

  async find(userId: string, id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(and(eq(jobs.userId, userId), eq(jobs.id, id)));
    return row;
  }

  async claim(worker: string, kinds: string[]): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.kind, kinds)))
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'running', lockedBy: worker, lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, next))
      .returning();
    return row;
  }

  /** Progress doubles as the heartbeat that keeps the lease. */
  async progress(id: string, worker: string, value: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ progress: value, lockedAt: sql`now()` })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
  }

  async complete(id: string, result: unknown): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'done', progress: 100, result: result ?? null, lockedBy: null, lockedAt: null, error: null })
      .where(eq(jobs.id, id));
  }

  async retryLater(id: string, error: string, runAt: Date): Promise<void> {
    await this.db.update(jobs).set({ status: 'queued', error, runAt, lockedBy: null, lockedAt: null }).where(eq(jobs.id, id));
  }

  async fail(id: string, error: string): Promise<void> {
    await this.db.update(jobs).set({ status: 'failed', error, lockedBy: null, lockedAt: null }).where(eq(jobs.id, id));
  }

  /** A job interrupted by a shutdown goes back to the queue without spending an attempt. */
  async release(id: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
      .where(eq(jobs.id, id));
  }

  /** Jobs whose instance died mid-run (no heartbeat within the lease) are queued again. */
  async requeueExpired(leaseSeconds: number): Promise<number> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedAt: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, sql`now() - make_interval(secs => ${leaseSeconds})`)))
      .returning({ id: jobs.id });
    return rows.length;
  }
}
