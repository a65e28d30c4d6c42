import { createHash } from 'node:crypto';
import type { PacersRepository } from '../repositories/pacers.ts';
import type { PacerStore, RatePacer, WindowPacer } from './pacing.ts';

/**
 * The marketplace quotas paced in the database, so that every instance of the server spends one quota
 * together: two instances pacing alone would send up to twice a marketplace's limit. The database's
 * clock decides every moment (PacersRepository); this side only sleeps the waits it is told.
 */

/** Why a take failed: the pace could not be read, so nothing may be sent now; the job retries later. */
export class PacingUnavailableError extends Error {
  override readonly name = 'PacingUnavailableError';
  constructor(cause: unknown) {
    super('не удалось согласовать частоту запросов к маркетплейсу (база данных недоступна), повторим позже', {
      cause,
    });
  }
}

/** Why a take ended without sending: the server is shutting down. */
export class PacingClosedError extends Error {
  override readonly name = 'PacingClosedError';
  constructor() {
    super('сервер останавливается, запрос к маркетплейсу не отправлен');
  }
}

// A quota's key carries the seller's marketplace token: the database sees only its digest.
const digest = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Sleeps `ms`, or rejects as soon as `signal` aborts (the store closed). */
function sleepUnlessClosed(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new PacingClosedError());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new PacingClosedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs a database step of a take; its failure means "unknown pace", never "send anyway". */
async function paced<T>(step: () => Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) throw new PacingClosedError();
  try {
    return await step();
  } catch (error) {
    throw signal.aborted ? new PacingClosedError() : new PacingUnavailableError(error);
  }
}

/** A token bucket of `perSecond` with `burst` sends at once, as GCRA in the database. */
class SharedRatePacer implements RatePacer {
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  // This instance's takes ask in turn (arrival order): one of them at a time waits on the database.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly pacers: PacersRepository,
    private readonly key: string,
    perSecond: number,
    burst: number,
    private readonly closed: AbortSignal,
  ) {
    this.intervalMs = 1000 / perSecond;
    this.toleranceMs = (Math.max(1, burst) - 1) * this.intervalMs;
  }

  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const wait = await paced(() => this.pacers.trySend(this.key, this.intervalMs, this.toleranceMs), this.closed);
        if (wait <= 0) return;
        await sleepUnlessClosed(wait, this.closed);
      }
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** At most `limit` units in any `windowMs` across every instance; a take above the limit waits for an empty window. */
class SharedWindowPacer implements WindowPacer {
  // This instance's takes ask in turn (arrival order), so they do not all wake at once to race for room.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly pacers: PacersRepository,
    private readonly key: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly closed: AbortSignal,
  ) {}

  take(units = 1): Promise<void> {
    const need = Math.min(Math.max(1, units), this.limit);
    const turn = this.queue.then(async () => {
      for (;;) {
        const wait = await paced(
          () => this.pacers.spendInWindow(this.key, this.limit, this.windowMs, need),
          this.closed,
        );
        if (wait <= 0) return;
        await sleepUnlessClosed(wait, this.closed);
      }
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** The app's store of pacers (PacerPool's backing store): the pace of every quota kept in the database. */
export class SharedPacerStore implements PacerStore {
  private readonly controller = new AbortController();

  constructor(private readonly pacers: PacersRepository) {}

  rate(key: string, perSecond: number, burst: number): RatePacer {
    return new SharedRatePacer(this.pacers, digest(key), perSecond, burst, this.controller.signal);
  }

  window(key: string, limit: number, windowMs: number): WindowPacer {
    return new SharedWindowPacer(this.pacers, digest(key), limit, windowMs, this.controller.signal);
  }

  /** Ends every waiting take and refuses new ones: called when the app closes, before its database does. */
  close(): void {
    this.controller.abort();
  }
}
