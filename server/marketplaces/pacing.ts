export type Sleep = (ms: number) => Promise<void>;

const sleepReal: Sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket's pacer: shared by every request that counts against one quota (OZON: per Client-Id
 * across all methods). Pacing up front is cheaper than collecting 429s, which OZON may punish by cutting
 * access. In this process's memory (MemoryRatePacer) or in the database for every instance
 * (shared-pacing.ts).
 */
export interface RatePacer {
  /** Resolves when the caller may send; rejects when the pace cannot be known (the caller retries later). */
  take(): Promise<void>;
}

/**
 * At most `limit` units in any window: in this process's memory (MemoryWindowPacer) or in the database
 * for every instance (shared-pacing.ts).
 */
export interface WindowPacer {
  take(units?: number): Promise<void>;
}

/** A token bucket in this process's memory: enough for one instance, and for the sandbox's own code. */
export class MemoryRatePacer implements RatePacer {
  private tokens: number;
  private last = Date.now();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number = Math.max(1, Math.floor(perSecond)),
    private readonly sleep: Sleep = sleepReal,
  ) {
    this.tokens = burst;
  }

  /** Resolves when the caller may send; callers are served in arrival order. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      this.refill();
      if (this.tokens < 1) {
        await this.sleep(((1 - this.tokens) / this.perSecond) * 1000);
        this.refill();
      }
      this.tokens -= 1;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private refill() {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }
}

/**
 * At most `limit` units in any `windowMs`, the way OZON ("80 requests a minute") and YM ("100,000 SKUs a
 * minute") state their limits: a token bucket would let a burst plus a full minute's rate through in one
 * window. A take larger than the limit waits for an empty window and goes alone.
 */
export class MemoryWindowPacer implements WindowPacer {
  private spent: Array<{ at: number; units: number }> = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly sleep: Sleep = sleepReal,
  ) {}

  take(units = 1): Promise<void> {
    const need = Math.min(Math.max(1, units), this.limit);
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = Date.now();
        this.spent = this.spent.filter((s) => s.at > now - this.windowMs);
        let free = this.limit - this.spent.reduce((n, s) => n + s.units, 0);
        if (free >= need) break;
        // Wait for the oldest sends to leave the window until enough room is free.
        let until = now;
        for (const s of this.spent) {
          free += s.units;
          until = s.at + this.windowMs;
          if (free >= need) break;
        }
        await this.sleep(Math.max(1, until - now + 1));
      }
      this.spent.push({ at: Date.now(), units: need });
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** What requestJson waits on before each attempt: a RatePacer, a WindowPacer take, or several. */
export interface Pacer {
  take(): Promise<void>;
}

/** The in-memory pacers under their long-standing names, for code and tests that build one directly. */
export const RatePacer = MemoryRatePacer;
export const WindowPacer = MemoryWindowPacer;

/**
 * Where a quota's pace is kept. The pool asks it once per key; the key names whose quota it is (it may
 * carry a marketplace token: a store that keeps keys outside this process must not keep them readable).
 */
export interface PacerStore {
  rate(key: string, perSecond: number, burst: number): RatePacer;
  /** `sleep` is a test's clock for the in-memory window; a store paced by another clock may ignore it. */
  window(key: string, limit: number, windowMs: number, sleep?: Sleep): WindowPacer;
}

/** Each quota paced in this process alone: right for one instance, for unit tests and for the sandbox. */
export const memoryPacerStore: PacerStore = {
  rate: (_key, perSecond, burst) => new MemoryRatePacer(perSecond, burst),
  window: (_key, limit, windowMs, sleep) => new MemoryWindowPacer(limit, windowMs, sleep),
};

/**
 * Every pacer of the marketplace calls, in one pool keyed by whose quota it counts: OZON per Client-Id
 * (all methods, and /v2/products/stocks on its own), Wildberries per token and API category (Content,
 * analytics, marketplace), Yandex Market per key and resource (returns, orders) and per shop for
 * updateStocks' SKUs a minute. The imports and the stock push ask the same pool, so one seller's quota
 * is counted once however many jobs spend it. A quota's limits are the ones its first caller names: the
 * app builds every adapter from one configuration, so they agree. The app's pool keeps the pace in the
 * database (shared-pacing.ts), so several instances together stay within each limit; without a store the
 * pace lives in this process.
 */
export class PacerPool {
  private readonly rates = new Map<string, RatePacer>();
  private readonly windows = new Map<string, WindowPacer>();

  constructor(private readonly store: PacerStore = memoryPacerStore) {}

  /** OZON: 50 requests a second per Client-Id across all methods (reference §1). */
  ozon(clientId: string, perSecond = 50): RatePacer {
    return this.rate(`OZON:${clientId}`, perSecond);
  }

  /** OZON /v2/products/stocks: 80 requests a minute per Client-Id (description of the method). */
  ozonStocks(clientId: string, perMinute = 80, minuteMs = 60_000, sleep?: Sleep): WindowPacer {
    return this.window(`OZON:${clientId}:stocks`, perMinute, minuteMs, sleep);
  }

  /** Wildberries Content: 100 requests a minute with a burst of 5 per token (reference §2). */
  wildberriesContent(token: string, perMinute = 100, burst = 5): RatePacer {
    return this.rate(`WB:${token}:content`, perMinute / 60, burst);
  }

  /** Wildberries analytics (goods-return): 1 request a minute with a burst of 10 per token (reference §2). */
  wildberriesAnalytics(token: string, perMinute = 1, burst = 10): RatePacer {
    return this.rate(`WB:${token}:analytics`, perMinute / 60, burst);
  }

  /** Wildberries marketplace category (assembly tasks, warehouses, stocks): 300 a minute, burst 20, per token. */
  wildberriesMarketplace(token: string, perMinute = 300, burst = 20, minuteMs = 60_000): RatePacer {
    return this.rate(`WB:${token}:marketplace`, perMinute / (minuteMs / 1000), burst);
  }

  /** Yandex Market getReturns: 5,000 an hour (x-resource-limit-config), counted per key here. */
  yandexMarketReturns(apiKey: string, perHour = 5000, burst = 20): RatePacer {
    return this.rate(`YM:${apiKey}:returns`, perHour / 3600, burst);
  }

  /** Yandex Market getBusinessOrders: 10,000 an hour (x-resource-limit-config), per key. */
  yandexMarketOrders(apiKey: string, perHour = 10_000, burst = 20): RatePacer {
    return this.rate(`YM:${apiKey}:orders`, perHour / 3600, burst);
  }

  /** Yandex Market updateStocks: 100,000 SKUs a minute per shop (campaign). */
  yandexMarketStockSkus(apiKey: string, campaignId: number, perMinute = 100_000, minuteMs = 60_000): WindowPacer {
    return this.window(`YM:${apiKey}:${campaignId}:stock-skus`, perMinute, minuteMs);
  }

  private rate(key: string, perSecond: number, burst = Math.max(1, Math.floor(perSecond))): RatePacer {
    let pacer = this.rates.get(key);
    if (!pacer) this.rates.set(key, (pacer = this.store.rate(key, perSecond, burst)));
    return pacer;
  }

  private window(key: string, limit: number, windowMs: number, sleep?: Sleep): WindowPacer {
    let pacer = this.windows.get(key);
    if (!pacer) this.windows.set(key, (pacer = this.store.window(key, limit, windowMs, sleep)));
    return pacer;
  }
}
