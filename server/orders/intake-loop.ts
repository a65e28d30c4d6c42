import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { IntakeClaim, OrderIntakeRepository } from '../repositories/order-intake.ts';
import { runStoreIntake, type StoreIntakeDeps, type StoreIntakeResult } from './store-intake.ts';

export interface IntakeLoopOptions {
  tickMs: number;
  leaseSeconds: number;
  concurrency: number;
  log: FastifyBaseLogger;
}

/**
 * The recurring order intake of every store that has it on (docs/rules.md «Заказы маркетплейсов»). Each instance
 * ticks, claims due stores in PostgreSQL (SKIP LOCKED: a store is run by one instance at a time, however many run)
 * and runs up to `concurrency` of them at once. A claim is a lease the run keeps extending: if this instance dies,
 * the lease runs out and another one takes the store over, re-reading from the last cursor it saved.
 */
export class OrderIntakeLoop {
  readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly controller = new AbortController();
  private readonly running = new Map<string, Promise<void>>();
  private loop?: Promise<void>;
  private wake?: () => void;

  constructor(
    private readonly deps: StoreIntakeDeps & { intake: OrderIntakeRepository },
    private readonly options: IntakeLoopOptions,
  ) {}

  start(): void {
    if (this.controller.signal.aborted) return;
    this.loop ??= this.tickForever();
  }

  /** Look for due stores now (a store was turned on or its key changed). */
  poke(): void {
    this.wake?.();
  }

  /**
   * Stops claiming, asks the running stores to stop, and hands their claims back. A run waiting on a marketplace's
   * rate limit does not see the signal until its wait ends: after `stopTimeoutMs` its claim is handed back anyway
   * (what it writes later is one order at a time, each complete), so a shutdown never hangs on a quota.
   */
  async stop(stopTimeoutMs = 5000): Promise<void> {
    this.controller.abort();
    this.wake?.();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      Promise.allSettled(this.running.values()).then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), stopTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (late)
      await Promise.allSettled(
        [...this.running.keys()].map((storeId) => this.deps.intake.release(storeId, this.owner)),
      );
  }

  private async tickForever(): Promise<void> {
    const { signal } = this.controller;
    while (!signal.aborted) {
      try {
        await this.claimAndRun();
      } catch (err) {
        if (signal.aborted) break;
        this.options.log.error({ err }, 'order intake tick failed');
      }
      await this.sleep();
    }
  }

  private async claimAndRun(): Promise<void> {
    const free = this.options.concurrency - this.running.size;
    if (free <= 0 || this.controller.signal.aborted) return;
    await this.deps.intake.ensureRows();
    const claims = await this.deps.intake.claimDue(this.owner, this.options.leaseSeconds, free);
    for (const claim of claims) {
      const run = this.runClaim(claim).finally(() => {
        this.running.delete(claim.storeId);
        this.wake?.();
      });
      this.running.set(claim.storeId, run);
    }
  }

  private async runClaim(claim: IntakeClaim): Promise<void> {
    const { intake } = this.deps;
    const { signal } = this.controller;
    // The lease is renewed on a timer, not only between pages: one feed call may wait on a marketplace's quota for
    // longer than a lease, and a second instance must not start the same store meanwhile.
    let held = true;
    const beat = setInterval(
      () =>
        void intake
          .extendLease(claim.storeId, this.owner, this.options.leaseSeconds)
          .then((ok) => (held &&= ok))
          .catch(() => undefined),
      Math.max(200, (this.options.leaseSeconds * 1000) / 3),
    );
    beat.unref();
    let result: StoreIntakeResult;
    try {
      result = await runStoreIntake(this.deps, claim, async () => held, signal);
    } catch (err) {
      if (signal.aborted) {
        await intake.release(claim.storeId, this.owner).catch(() => undefined);
        return;
      }
      this.options.log.error({ err, store: claim.storeId }, 'order intake run failed');
      await intake
        .finish(claim.storeId, this.owner, { ok: false, nextInSeconds: 30 })
        .catch((e: unknown) => this.options.log.error({ err: e }, 'order intake finish failed'));
      return;
    } finally {
      clearInterval(beat);
    }
    if (result.error) this.options.log.warn({ store: claim.storeId, error: result.error }, 'order intake refused');
    await intake.finish(claim.storeId, this.owner, result.outcome);
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.tickMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
