import type { SandboxMarketplace } from './types.ts';

/**
 * The stock limits the sandbox enforces, as the specs state them. `minuteMs` is how long a "minute" is:
 * tests shorten it (with the app's STOCK_PUSH_MINUTE_MS) so pacing shows in seconds, not minutes.
 */
export interface SandboxStockLimits {
  minuteMs?: number;
  /** OZON /v2/products/stocks: 80 requests a minute per Client-Id; a pair once per half a minute (30 s). */
  ozonPerMinute?: number;
  /**
   * WB stocks, warehouses and assembly tasks (marketplace category): a token bucket of 300 a minute with a burst of 20.
   */
  wbPerMinute?: number;
  wbBurst?: number;
  /** YM updateStocks: 100,000 SKUs a minute. */
  ymSkusPerMinute?: number;
}

/** One stock the sandbox was sent, as tests read it. */
export interface SandboxStockView {
  marketplace: SandboxMarketplace;
  /** OZON Client-Id, WB store's marketId, YM campaign id. */
  storeId: string;
  warehouseId: string;
  offerId: string;
  amount: number;
  updatedAt: string;
}

/** Requests arriving this much earlier than the pacing allows still pass: local network jitter. */
const TOLERANCE_MS = 50;

/**
 * The stocks the sandbox keeps, its limit counters and the items tests told it to refuse. The counters
 * serve the order calls too (order-limits.ts): WB's marketplace category is one bucket for both.
 */
export class SandboxStocks {
  readonly limits: Required<SandboxStockLimits>;
  private readonly amounts = new Map<string, SandboxStockView>();
  private readonly windows = new Map<string, Array<{ at: number; units: number }>>();
  private readonly buckets = new Map<string, { tokens: number; last: number }>();
  private readonly pairs = new Map<string, number>();
  private readonly refused = new Map<string, string | undefined>();
  private readonly rateRefused = new Map<string, number>();

  constructor(limits: SandboxStockLimits = {}) {
    this.limits = {
      minuteMs: limits.minuteMs ?? 60_000,
      ozonPerMinute: limits.ozonPerMinute ?? 80,
      wbPerMinute: limits.wbPerMinute ?? 300,
      wbBurst: limits.wbBurst ?? 20,
      ymSkusPerMinute: limits.ymSkusPerMinute ?? 100_000,
    };
  }

  set(view: Omit<SandboxStockView, 'updatedAt'>): void {
    this.amounts.set(key(view), { ...view, updatedAt: new Date().toISOString() });
  }

  get(
    marketplace: SandboxMarketplace,
    storeId: string,
    warehouseId: string,
    offerId: string,
  ): SandboxStockView | undefined {
    return this.amounts.get(key({ marketplace, storeId, warehouseId, offerId }));
  }

  list(marketplace?: SandboxMarketplace, storeId?: string): SandboxStockView[] {
    return [...this.amounts.values()]
      .filter((v) => (!marketplace || v.marketplace === marketplace) && (!storeId || v.storeId === storeId))
      .sort((a, b) => a.storeId.localeCompare(b.storeId) || a.offerId.localeCompare(b.offerId));
  }

  /** From now on the marketplace refuses this article, as it would an offer it does not know. */
  refuse(marketplace: SandboxMarketplace, offerId: string, reason?: string): void {
    this.refused.set(`${marketplace}:${offerId}`, reason);
  }

  isRefused(marketplace: SandboxMarketplace, offerId: string): boolean {
    return this.refused.has(`${marketplace}:${offerId}`);
  }

  /**
   * At most `limit` units within a minute (OZON requests, YM SKUs), or within `windowMs` (YM's hourly
   * order quotas); false (nothing counted) when over.
   */
  window(id: string, limit: number, units = 1, windowMs = this.limits.minuteMs): boolean {
    const now = Date.now();
    const spent = (this.windows.get(id) ?? []).filter((s) => s.at > now - windowMs + TOLERANCE_MS);
    this.windows.set(id, spent);
    if (spent.reduce((n, s) => n + s.units, 0) + units > limit) return this.refusedForRate(id);
    spent.push({ at: now, units });
    return true;
  }

  /** What a window has spent, and when its oldest spending leaves it (now when nothing is spent). */
  windowUse(id: string, windowMs = this.limits.minuteMs): { spent: number; freesAt: number } {
    const now = Date.now();
    const spent = (this.windows.get(id) ?? []).filter((s) => s.at > now - windowMs + TOLERANCE_MS);
    return { spent: spent.reduce((n, s) => n + s.units, 0), freesAt: spent[0] ? spent[0].at + windowMs : now };
  }

  /** WB's token bucket: false when empty; `cost` > 1 charges a refused request as several (409 = 10). */
  bucket(id: string, perMinute: number, burst: number, cost = 1): boolean {
    const now = Date.now();
    const rate = perMinute / this.limits.minuteMs;
    const b = this.buckets.get(id) ?? { tokens: burst, last: now };
    b.tokens = Math.min(burst, b.tokens + (now - b.last) * rate);
    b.last = now;
    this.buckets.set(id, b);
    if (b.tokens < 1 - TOLERANCE_MS * rate) return this.refusedForRate(id);
    b.tokens -= cost;
    return true;
  }

  /** The tokens a bucket holds now (its burst when never used: the caller's next request fills it). */
  bucketLeft(id: string, perMinute: number, burst: number): number {
    const b = this.buckets.get(id);
    if (!b) return burst;
    return Math.min(burst, b.tokens + (Date.now() - b.last) * (perMinute / this.limits.minuteMs));
  }

  /** Charges more of a request already let through (WB's 409 costs 10). */
  charge(id: string, extra: number): void {
    const b = this.buckets.get(id);
    if (b) b.tokens -= extra;
  }

  /**
   * The requests refused for a rate limit (a window or a bucket over its limit), per counter id, since the
   * start or the last reset: what a test of the callers' pacing reads. Injected failures are not counted.
   */
  rateRefusals(): Record<string, number> {
    return Object.fromEntries(this.rateRefused);
  }

  clearRateRefusals(): void {
    this.rateRefused.clear();
  }

  private refusedForRate(id: string): false {
    this.rateRefused.set(id, (this.rateRefused.get(id) ?? 0) + 1);
    return false;
  }

  /** OZON: a product-warehouse pair changes at most once per half a minute; true when this change comes too soon. */
  pairTooSoon(id: string): boolean {
    const now = Date.now();
    const last = this.pairs.get(id);
    if (last !== undefined && now - last < this.limits.minuteMs / 2 - TOLERANCE_MS) return true;
    this.pairs.set(id, now);
    return false;
  }
}

const key = (v: Pick<SandboxStockView, 'marketplace' | 'storeId' | 'warehouseId' | 'offerId'>) =>
  `${v.marketplace}:${v.storeId}:${v.warehouseId}:${v.offerId}`;
