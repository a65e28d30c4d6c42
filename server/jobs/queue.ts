import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '../../api/ws.ts';
import type { LiveHub } from '../live/hub.ts';
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
  log: FastifyBaseLogger;
}

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
 * Runs queued jobs one at a time on this instance. Jobs live in the database, so they survive a
 * restart: one cut short by a shutdown is released, one whose instance died is queued again
 * once its lease runs out. Failures retry with exponential backoff and jitter.
 */
export class JobQueue {
  readonly worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly controller = new AbortController();
  private loop?: Promise<void>;
  private wake?: () => void;
  private current?: Run;

  constructor(
    private readonly repo: JobsRepository,
    private readonly live: LiveHub,
    private readonly options: JobQueueOptions,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
    this.wake?.();
  }

  async enqueue(userId: string, kind: string, payload: unknown, maxAttempts = 5): Promise<JobRow> {
    const job = await this.repo.enqueue({ userId, kind, payload, maxAttempts });
    this.wake?.();
    return job;
  }

  start(): void {
    if (this.controller.signal.aborted) return;
    this.loop ??= this.run();
  }

  /**
   * Asks the running handler to stop and waits for it. A handler that ignores the signal must not
   * hold the shutdown forever: after stopTimeoutMs its job is released for another instance and
   * whatever the handler does later is ignored.
   */
  async stop(): Promise<void> {
    this.controller.abort(new ShutdownAbort());
    this.wake?.();
    if (!this.loop) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<true>(
      (resolve) => (timer = setTimeout(() => resolve(true), this.options.stopTimeoutMs ?? 10_000)),
    );
    const late = await Promise.race([this.loop.then(() => false as const), timedOut]);
    clearTimeout(timer);
    const run = this.current;
    if (!late || !run) return;
    run.abandoned = true;
    clearInterval(run.heartbeat);
    this.options.log.warn({ job: run.job.id, kind: run.job.kind }, 'job handler ignored shutdown, releasing its job');
    await this.repo
      .release(run.job.id, this.worker)
      .catch((err) => this.options.log.error({ err }, 'job release failed'));
  }

  private async run(): Promise<void> {
    const { signal } = this.controller;
    while (!signal.aborted) {
      try {
        await this.repo.requeueExpired(this.options.leaseSeconds);
        const job = await this.repo.claim(this.worker, [...this.handlers.keys()]);
        if (job) await this.execute(job);
        else await this.idle();
      } catch (err) {
        if (signal.aborted) break;
        this.options.log.error({ err }, 'job loop failed');
        await this.idle();
      }
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
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
    this.current = run;

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
      if (this.current === run) this.current = undefined;
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
