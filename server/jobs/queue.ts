import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '../../api/ws.ts';
import type { LiveHub } from '../live/hub.ts';
import { Problem } from '../lib/problem.ts';
import type { JobRow, JobsRepository } from '../repositories/jobs.ts';

export interface JobContext {
  job: JobRow;
  /** Aborted when the server shuts down; the job then goes back to the queue. */
  signal: AbortSignal;
  /** Records progress (0–99) and sends it to the owner's live channel; 100 is sent on success. */
  progress(value: number): Promise<void>;
  notify(kind: NotificationKind, text: string): void;
}

export type JobHandler = (ctx: JobContext) => Promise<unknown>;

export interface JobQueueOptions {
  pollMs: number;
  leaseSeconds: number;
  /** Delay before the first retry; each further retry doubles it (with jitter). */
  retryBaseMs?: number;
  /** How long stop() waits for a handler that ignores the abort signal before giving its job up. */
  stopTimeoutMs?: number;
  /** Workers on this instance: jobs of different users run side by side. */
  concurrency?: number;
  /** Jobs one user may have running at once, on every instance together. */
  perUser?: number;
  /** Jobs one user may have waiting; past it enqueue is refused with 429. */
  queueLimit?: number;
  log: FastifyBaseLogger;
}

export interface EnqueueOptions {
  maxAttempts?: number;
  /**
   * What makes two jobs the same work: while one with this key waits, enqueue answers it instead of a new
   * one (a running one does not count: what it read may have changed since it started). A store's id, or
   * '' for one job a user.
   */
  dedupeKey?: string;
}

/** The job queued, or the same work found already waiting (`created` false). */
export interface Enqueued {
  job: JobRow;
  created: boolean;
}

/** When a full queue is worth trying again: by then a few of its jobs have usually run. */
const QUEUE_FULL_RETRY_SECONDS = 30;

class ShutdownAbort extends Error {}

/**
 * Thrown by a handler for a failure no retry can fix (a refused key, a deleted store): the job
 * fails at once, whatever attempts remain, and the user is told its message.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

const MAX_RETRY_DELAY_MS = 600_000;

/** One claimed job being executed; `abandoned` once stop() gave up waiting for it. */
interface Run {
  job: JobRow;
  abandoned: boolean;
  heartbeat: NodeJS.Timeout;
}

/**
 * Runs queued jobs on `concurrency` workers of this instance, users taking turns and each user's jobs
 * limited to `perUser` at once across instances (the claim's, server/repositories/job-claim.ts). Jobs
 * live in the database, so they survive a restart: one cut short by a shutdown is released, one whose
 * instance died is queued again once its lease runs out. Failures retry with exponential backoff and
 * jitter.
 */
export class JobQueue {
  readonly worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly controller = new AbortController();
  private loops?: Promise<void>;
  /**
   * Idle workers. One of them (the poller) wakes every pollMs to look for work; the others sleep until
   * woken, so an idle instance asks the database once a poll however many workers it has.
   */
  private readonly sleepers = new Set<() => void>();
  private polling = false;
  private readonly runs = new Set<Run>();
  private lastSweep = 0;

  constructor(
    private readonly repo: JobsRepository,
    private readonly live: LiveHub,
    private readonly options: JobQueueOptions,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
    this.wakeAll();
  }

  /**
   * Queues a job (in the request's transaction if there is one). With a dedupeKey, the same work already
   * waiting is the answer instead (`created` false). A user with queueLimit jobs waiting is refused: 429.
   */
  async enqueue(userId: string, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<Enqueued> {
    const { maxAttempts = 5, dedupeKey } = options;
    const offered = await this.repo.offer(
      { userId, kind, payload, maxAttempts, dedupeKey },
      this.options.queueLimit ?? Number.POSITIVE_INFINITY,
    );
    if ('full' in offered)
      throw new Problem(
        429,
        'job_queue_full',
        'Слишком много задач в очереди: дождитесь, пока выполнятся уже поставленные',
        undefined,
        { 'retry-after': String(QUEUE_FULL_RETRY_SECONDS) },
      );
    if (offered.created) this.wakeOne();
    return offered;
  }

  start(): void {
    if (this.controller.signal.aborted) return;
    this.loops ??= Promise.all(Array.from({ length: this.options.concurrency ?? 1 }, () => this.run())).then(
      () => undefined,
    );
  }

  /**
   * Asks the running handler to stop and waits for it. A handler that ignores the signal must not
   * hold the shutdown forever: after stopTimeoutMs its job is released for another instance and
   * whatever the handler does later is ignored.
   */
  async stop(): Promise<void> {
    this.controller.abort(new ShutdownAbort());
    this.wakeAll();
    if (!this.loops) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<true>(
      (resolve) => (timer = setTimeout(() => resolve(true), this.options.stopTimeoutMs ?? 10_000)),
    );
    const late = await Promise.race([this.loops.then(() => false as const), timedOut]);
    clearTimeout(timer);
    if (!late) return;
    await Promise.all([...this.runs].map((run) => this.abandon(run)));
  }

  private async abandon(run: Run): Promise<void> {
    run.abandoned = true;
    clearInterval(run.heartbeat);
    this.runs.delete(run);
    this.options.log.warn({ job: run.job.id, kind: run.job.kind }, 'job handler ignored shutdown, releasing its job');
    await this.repo
      .release(run.job.id, this.worker)
      .catch((err) => this.options.log.error({ err }, 'job release failed'));
  }

  /** One worker: claims, runs, and claims again until stopped; idle, it sleeps until the next poll or a wake. */
  private async run(): Promise<void> {
    const { signal } = this.controller;
    while (!signal.aborted) {
      try {
        await this.sweep();
        const job = await this.repo.claim(this.worker, [...this.handlers.keys()], this.options.perUser ?? 1);
        if (!job) {
          await this.idle();
          continue;
        }
        // There may be more: another worker looks (and, finding nothing, becomes the poller).
        this.wakeOne();
        await this.execute(job);
      } catch (err) {
        if (signal.aborted) break;
        this.options.log.error({ err }, 'job loop failed');
        await this.idle();
      }
    }
  }

  /** Expired leases are looked for once a poll by the instance, not by every worker. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < this.options.pollMs) return;
    this.lastSweep = now;
    await this.repo.requeueExpired(this.options.leaseSeconds);
  }

  private idle(): Promise<void> {
    if (this.controller.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const polls = !this.polling;
      if (polls) this.polling = true;
      const timer = polls ? setTimeout(() => done(), this.options.pollMs) : undefined;
      const done = () => {
        clearTimeout(timer);
        if (polls) this.polling = false;
        this.sleepers.delete(done);
        resolve();
      };
      this.sleepers.add(done);
    });
  }

  private wakeOne(): void {
    const [first] = this.sleepers;
    first?.();
  }

  private wakeAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  private async execute(job: JobRow): Promise<void> {
    const { signal } = this.controller;
    // Claimed while stop() was being called: hand it straight back.
    if (signal.aborted) {
      await this.repo.release(job.id, this.worker);
      return;
    }
    const handler = this.handlers.get(job.kind)!;
    // Without progress reports a long job would look dead after the lease and run twice.
    const beatMs = Math.max(100, (this.options.leaseSeconds * 1000) / 3);
    const heartbeat = setInterval(() => void this.repo.heartbeat(job.id, this.worker).catch(() => undefined), beatMs);
    heartbeat.unref();
    const run: Run = { job, abandoned: false, heartbeat };
    this.runs.add(run);

    const publishProgress = (value: number) =>
      this.live.publish(job.userId, { type: 'progress', value, job_id: job.id });
    const ctx: JobContext = {
      job,
      signal,
      progress: async (value) => {
        if (run.abandoned) return;
        const clamped = Math.max(0, Math.min(99, Math.round(value)));
        if (await this.repo.progress(job.id, this.worker, clamped)) publishProgress(clamped);
      },
      notify: (type, text) => {
        if (!run.abandoned) this.live.publish(job.userId, { type: 'notification', value: { type, text } });
      },
    };
    try {
      let result: unknown;
      try {
        result = await handler(ctx);
      } catch (err) {
        if (!run.abandoned) await this.failed(job, err, signal, ctx);
        return;
      }
      if (!run.abandoned && (await this.repo.complete(job.id, this.worker, result))) publishProgress(100);
    } finally {
      clearInterval(heartbeat);
      this.runs.delete(run);
    }
  }

  private async failed(job: JobRow, err: unknown, signal: AbortSignal, ctx: JobContext): Promise<void> {
    if (signal.aborted) {
      await this.repo.release(job.id, this.worker);
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    this.options.log.warn({ err, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
    if (job.attempts < job.maxAttempts && !(err instanceof PermanentJobError)) {
      // attempts counts this run, so the first retry waits about retryBaseMs.
      const base = this.options.retryBaseMs ?? 1000;
      const delay = Math.min(MAX_RETRY_DELAY_MS, base * 2 ** (job.attempts - 1)) * (0.5 + Math.random());
      await this.repo.retryLater(job.id, this.worker, message, delay);
    } else if (await this.repo.fail(job.id, this.worker, message)) {
      this.live.publish(job.userId, { type: 'progress', value: 100, job_id: job.id });
      ctx.notify('error', `Задача не выполнена: ${message}`);
    }
  }
}
