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
  log: FastifyBaseLogger;
}

class ShutdownAbort extends Error {}

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
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.controller.abort(new ShutdownAbort());
    this.wake?.();
    await this.loop;
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
    const handler = this.handlers.get(job.kind)!;
    const { signal } = this.controller;
    const publishProgress = (value: number) => this.live.publish(job.userId, { type: 'progress', value, job_id: job.id });
    const ctx: JobContext = {
      job,
      signal,
      progress: async (value) => {
        const clamped = Math.max(0, Math.min(99, Math.round(value)));
        await this.repo.progress(job.id, this.worker, clamped);
        publishProgress(clamped);
      },
      notify: (type, text) => this.live.publish(job.userId, { type: 'notification', value: { type, text } }),
    };
    try {
      const result = await handler(ctx);
      await this.repo.complete(job.id, result);
      publishProgress(100);
    } catch (err) {
      if (signal.aborted) {
        await this.repo.release(job.id);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempts < job.maxAttempts) {
        const delay = Math.min(600_000, 1000 * 2 ** job.attempts) * (0.5 + Math.random());
        await this.repo.retryLater(job.id, message, new Date(Date.now() + delay));
      } else {
        await this.repo.fail(job.id, message);
        publishProgress(100);
        ctx.notify('error', `Задача не выполнена: ${message}`);
      }
      this.options.log.warn({ err, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
    }
  }
}
