import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockPushRepository } from '../repositories/stock-push.ts';
import { AutoPush } from './auto-push.ts';

/*
 * The automatic push's timing, on fake timers: when a burst of `changes` becomes a push job. The repository is a
 * stand-in holding one listing's quantity, what its marketplace last accepted and whether a push is queued or running;
 * the real repository, job and sandbox run in tests/server/stock-push-auto.test.ts.
 */

const DEBOUNCE = 2000;
const MAX_WAIT = 10_000;
const POLL = 500;

interface World {
  autoPush: boolean;
  /** A push job queued or running. */
  pending: boolean;
  onHand: number;
  /** The quantity the marketplace last accepted; undefined before any push. */
  accepted: number | undefined;
  /** Fake-clock moments at which a push job was queued. */
  queued: number[];
}

function setUp(world: Partial<World> = {}) {
  const w: World = { autoPush: true, pending: false, onHand: 5, accepted: undefined, queued: [], ...world };
  const repo = {
    autoPush: async () => w.autoPush,
    pending: async () => w.pending,
    connectedStores: async () => [{ marketId: 'store-1', marketplace: 'OZON', name: 'Озон' }],
    listings: async () => [
      {
        productMpId: 'listing-1',
        productId: 'product-1',
        offerId: 'A-1',
        externalId: null,
        extra: {},
        name: 'Кружка',
        onHand: w.onHand,
        reserved: 0,
        awaitingPackaging: 0,
      },
    ],
    lastAccepted: async () =>
      new Map(w.accepted === undefined ? [] : [['listing-1', { quantity: w.accepted, warehouseId: 'wh' }]]),
  } as unknown as StockPushRepository;
  const jobs = {
    enqueue: vi.fn(async () => {
      w.queued.push(Date.now());
      w.pending = true;
      return {} as never;
    }),
  };
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  const auto = new AutoPush({ repo, jobs, log, debounceMs: DEBOUNCE, maxWaitMs: MAX_WAIT, busyPollMs: POLL });
  /** The queued job runs to its end: the marketplace now holds the quantity. */
  const finishPush = () => {
    w.pending = false;
    w.accepted = w.onHand;
  };
  return { w, auto, jobs, log, finishPush, t0: Date.now() };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-02T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('AutoPush timing', () => {
  it('pushes one change after the quiet time, not before', async () => {
    const { w, auto, t0 } = setUp();
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(w.queued).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.queued).toEqual([t0 + DEBOUNCE]);
  });

  it('coalesces a burst into one push, the quiet time counted from its last change', async () => {
    const { w, auto, jobs, t0 } = setUp();
    for (let i = 0; i < 20; i++) {
      auto.changed('u1');
      await vi.advanceTimersByTimeAsync(100);
    }
    // The last change was at t0 + 1900.
    await vi.advanceTimersByTimeAsync(DEBOUNCE * 3);
    expect(jobs.enqueue).toHaveBeenCalledTimes(1);
    expect(w.queued).toEqual([t0 + 1900 + DEBOUNCE]);
  });

  it('a steady stream of changes (an order every second) still pushes, at most the maximum wait after the burst began', async () => {
    const { w, auto, finishPush, t0 } = setUp();
    // 35 s of a change every second: quiet never comes.
    for (let s = 0; s < 35; s++) {
      auto.changed('u1');
      w.onHand -= 1;
      await vi.advanceTimersByTimeAsync(1000);
      // Each push takes under a second here.
      if (w.pending) finishPush();
    }
    expect(w.queued[0]).toBe(t0 + MAX_WAIT);
    expect(w.queued.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < w.queued.length; i++) expect(w.queued[i]! - w.queued[i - 1]!).toBeLessThanOrEqual(MAX_WAIT);
  });

  it('a change while a push is queued or running waits for it, then goes right after it', async () => {
    const { w, auto, jobs, finishPush, t0 } = setUp();
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(w.queued).toEqual([t0 + DEBOUNCE]);

    // The push runs for 20 s; the stock changes 1 s into it, after the job read its quantities.
    await vi.advanceTimersByTimeAsync(1000);
    w.onHand = 3;
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(19_000);
    // Never a second job beside the running one, however long it runs.
    expect(jobs.enqueue).toHaveBeenCalledTimes(1);
    w.pending = false;
    w.accepted = 5;
    const finishedAt = Date.now();
    await vi.advanceTimersByTimeAsync(POLL);
    expect(w.queued).toHaveLength(2);
    expect(w.queued[1]! - finishedAt).toBeLessThanOrEqual(POLL);

    // That push carried the change: a later burst with nothing new queues nothing.
    finishPush();
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(MAX_WAIT);
    expect(jobs.enqueue).toHaveBeenCalledTimes(2);
  });

  it('changes made while a burst waits for a running push form the next burst, pushed right after that one', async () => {
    const { w, auto, finishPush } = setUp({ pending: true });
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    // The burst fired and waits for the push already running; changes keep coming for 12 s meanwhile.
    for (let i = 0; i < 12; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      w.onHand -= 1;
      auto.changed('u1');
    }
    finishPush();
    w.onHand -= 1;
    await vi.advanceTimersByTimeAsync(POLL);
    expect(w.queued).toHaveLength(1);
    // The next burst began over the maximum wait ago: it goes the moment that job finishes, without a quiet time.
    w.pending = false;
    w.accepted = w.onHand + 1;
    const finishedAt = Date.now();
    await vi.advanceTimersByTimeAsync(POLL);
    expect(w.queued).toHaveLength(2);
    expect(w.queued[1]! - finishedAt).toBeLessThanOrEqual(POLL);
  });

  it('queues nothing when every quantity is what the marketplace accepted, or the automatic push is off', async () => {
    const same = setUp({ accepted: 5 });
    same.auto.changed('u1');
    await vi.advanceTimersByTimeAsync(MAX_WAIT);
    expect(same.jobs.enqueue).not.toHaveBeenCalled();

    const off = setUp({ autoPush: false });
    off.auto.changed('u1');
    await vi.advanceTimersByTimeAsync(MAX_WAIT);
    expect(off.jobs.enqueue).not.toHaveBeenCalled();
  });

  it('keeps users apart, and stop() drops what waits', async () => {
    const { w, auto, jobs } = setUp();
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(1000);
    auto.changed('u2');
    await vi.advanceTimersByTimeAsync(1000);
    expect(jobs.enqueue.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['u1']);
    w.pending = false;
    auto.stop();
    auto.changed('u3');
    await vi.advanceTimersByTimeAsync(MAX_WAIT);
    expect(jobs.enqueue).toHaveBeenCalledTimes(1);
  });

  it('a failing check is logged and the next change still pushes', async () => {
    const { auto, jobs, log, w } = setUp();
    let failing = true;
    jobs.enqueue.mockImplementationOnce(async () => {
      if (failing) throw new Error('база недоступна');
      return {} as never;
    });
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(log.warn).toHaveBeenCalledTimes(1);
    failing = false;
    auto.changed('u1');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(w.queued).toHaveLength(1);
  });
});
