import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue.ts';
import { STOCK_PUSH, type StockPushRepository } from '../repositories/stock-push.ts';
import type { StockPushPayload } from './job.ts';
import { STOCK_PUSH_KEY } from './push-key.ts';
import { changedOnly, planStores } from './plan.ts';

export interface AutoPushOptions {
  repo: StockPushRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  log: FastifyBaseLogger;
  /** Quiet time after the last change of a burst before its push is queued. */
  debounceMs: number;
  /** The longest a burst waits after its first change, however steadily changes keep coming. */
  maxWaitMs: number;
  /** How often a burst that found a push queued or running asks again whether it has finished. */
  busyPollMs?: number;
}

/** The changes of a user not yet handed to a push: when the burst began and when it last grew. */
interface Burst {
  firstAt: number;
  lastAt: number;
  timer?: NodeJS.Timeout;
}

const DEFAULT_BUSY_POLL_MS = 500;

/**
 * The automatic push, for users who turned it on (off by default). Every `changes` message of the live channel joins
 * the user's burst; the burst is pushed once changes have been quiet for `debounceMs`, and never later than
 * `maxWaitMs` after its first change — a steady stream of orders (one every few seconds) would otherwise keep
 * restarting the quiet time and never push. A burst becomes one push job, queued only if some listing's available
 * quantity differs from what its marketplace last accepted. While a push is queued or running, the next burst waits
 * for it to finish and then goes at once: the running job read its quantities when it started, so a change made
 * since must not be lost, and a second job beside it would only race it. The marketplaces' pacing is the job's (its
 * adapters'); nothing here sends a request.
 */
export class AutoPush {
  private readonly bursts = new Map<string, Burst>();
  /** Users whose burst is being turned into a job right now; a change meanwhile starts the next burst. */
  private readonly firing = new Set<string>();
  private stopped = false;

  constructor(private readonly options: AutoPushOptions) {}

  changed(userId: string): void {
    if (this.stopped) return;
    const now = Date.now();
    const burst = this.bursts.get(userId) ?? { firstAt: now, lastAt: now };
    burst.lastAt = now;
    this.bursts.set(userId, burst);
    // The burst being fired re-arms this one when it is done.
    if (!this.firing.has(userId)) this.arm(userId, burst);
  }

  stop(): void {
    this.stopped = true;
    for (const burst of this.bursts.values()) clearTimeout(burst.timer);
    this.bursts.clear();
  }

  private arm(userId: string, burst: Burst): void {
    clearTimeout(burst.timer);
    const { debounceMs, maxWaitMs } = this.options;
    const due = Math.min(burst.lastAt + debounceMs, burst.firstAt + maxWaitMs);
    burst.timer = setTimeout(() => void this.fire(userId), Math.max(0, due - Date.now()));
    burst.timer.unref();
  }

  private async fire(userId: string): Promise<void> {
    this.bursts.delete(userId);
    this.firing.add(userId);
    try {
      await this.push(userId);
    } catch (err) {
      this.options.log.warn({ err, userId }, 'automatic stock push not queued');
    } finally {
      this.firing.delete(userId);
      const next = this.bursts.get(userId);
      if (next && !this.stopped) this.arm(userId, next);
    }
  }

  private async push(userId: string): Promise<void> {
    const { repo } = this.options;
    if (this.stopped || !(await repo.autoPush(userId))) return;
    while (await repo.pending(userId)) {
      await new Promise((resolve) => setTimeout(resolve, this.options.busyPollMs ?? DEFAULT_BUSY_POLL_MS).unref());
      if (this.stopped) return;
    }
    const changed = await changedOnly(repo, userId, await planStores(repo, userId));
    if (changed.length === 0 || this.stopped) return;
    const payload: StockPushPayload = { market_ids: null, trigger: 'auto' };
    // A push started by hand meanwhile is waiting: it covers this burst's changes, so it is the answer.
    await this.options.jobs.enqueue(userId, STOCK_PUSH, payload, { maxAttempts: 3, dedupeKey: STOCK_PUSH_KEY });
  }
}
