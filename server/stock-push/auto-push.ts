import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue.ts';
import { STOCK_PUSH, type StockPushRepository } from '../repositories/stock-push.ts';
import type { StockPushPayload } from './job.ts';
import { changedOnly, planStores } from './plan.ts';

export interface AutoPushOptions {
  repo: StockPushRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  log: FastifyBaseLogger;
  /** Quiet time after the last change before one push is queued. */
  debounceMs: number;
}

/**
 * The automatic push, for users who turned it on (off by default): every `changes` message of the live
 * channel restarts the user's timer, and once changes have been quiet for `debounceMs` one push job is
 * queued — if a quantity differs from what the marketplace last accepted and no push is already waiting
 * or running (then the timer starts again, so a change made during a push is not lost).
 */
export class AutoPush {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly options: AutoPushOptions) {}

  changed(userId: string): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(userId));
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      this.fire(userId).catch((err: unknown) =>
        this.options.log.warn({ err, userId }, 'automatic stock push not queued'),
      );
    }, this.options.debounceMs);
    timer.unref();
    this.timers.set(userId, timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async fire(userId: string): Promise<void> {
    const { repo } = this.options;
    if (this.stopped || !(await repo.autoPush(userId))) return;
    if (await repo.pending(userId)) {
      this.changed(userId);
      return;
    }
    const changed = await changedOnly(repo, userId, await planStores(repo, userId));
    if (changed.length === 0) return;
    const payload: StockPushPayload = { market_ids: null, trigger: 'auto' };
    await this.options.jobs.enqueue(userId, STOCK_PUSH, payload, 3);
  }
}
