import type { SandboxOrderRequest } from './order-book.ts';
import type { SandboxOrderLimits } from './order-limits.ts';
import type { SandboxReturnRequest, SandboxReturnView } from './posting-returns.ts';
import type { SandboxPostingView } from './postings.ts';
import type { SandboxStockLimits, SandboxStockView } from './stocks.ts';
import type { SandboxTrickleSettings, SandboxTrickleView } from './trickle.ts';
import type { SandboxMarketplace, SandboxStore } from './types.ts';

/** What startSandbox() (server.ts) takes and answers. */

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  offersPerStore?: number;
  /** Customer returns per store (per YM campaign), spread over the 90 days up to `returnsUntil`; 60 by default. */
  returnsPerStore?: number;
  /** YYYY-MM-DD, the newest returns' day; today (UTC) by default. Tests fix it so dates do not move. */
  returnsUntil?: string;
  /** Current orders per store (per YM campaign), cycling through every status (postings.ts); 40 by default. */
  postingsPerStore?: number;
  stores?: SandboxStore[];
  /** Every Nth request to a marketplace is rate-limited; 0 turns it off. */
  rateLimitEvery?: Partial<Record<SandboxMarketplace, number>>;
  /**
   * Milliseconds every marketplace API answer is held back, as a real marketplace's round trip
   * would; 0 (the default) answers at once. Lets a UI test watch an import while it runs.
   */
  latencyMs?: number;
  /**
   * The stock calls' limits (stocks.ts); the specs' own by default. Wildberries' marketplace category
   * (wbPerMinute, wbBurst) also pays for its order calls, and `minuteMs` is the clock of every limit.
   */
  stockLimits?: SandboxStockLimits;
  /** The order calls' limits (order-limits.ts); the references' own by default. */
  orderLimits?: SandboxOrderLimits;
}

export interface SandboxRequestLog {
  marketplace: SandboxMarketplace | 'images';
  method: string;
  path: string;
  status: number;
  /** When it arrived (ms since the epoch): tests read the pacing from it. */
  at: number;
}

export interface SandboxControl {
  /**
   * The next `count` requests to `marketplace` get its rate-limit answer (OZON/WB 429, YM 420) asking
   * to wait `waitSeconds`, or the given `status` (e.g. 503) instead.
   */
  failNext(marketplace: SandboxMarketplace, count?: number, options?: { status?: number; waitSeconds?: number }): void;
  rateLimitEvery(marketplace: SandboxMarketplace, n: number): void;
  /** Every request served, oldest first; tests read paging and retries from it. */
  readonly requests: SandboxRequestLog[];
  reset(): void;
}

export interface Sandbox {
  url: string;
  stores: SandboxStore[];
  control: SandboxControl;
  /** The current orders of a marketplace (of one store: its marketId, YM campaign id), by store then creation. */
  postings(marketplace: SandboxMarketplace, storeId?: string): SandboxPostingView[];
  /**
   * A new order awaiting packaging, listed by the marketplace's calls from now on (postings.ts): one
   * posting, or on Wildberries a task per unit. Throws RangeError for an unknown store or offer, a
   * quantity that is not a whole number ≥ 1, a price that is not above 0.
   */
  createOrder(marketplace: SandboxMarketplace, order: SandboxOrderRequest): SandboxPostingView[];
  /**
   * Moves an order to `status`, written the marketplace's way (postings.ts), its change time to now;
   * throws RangeError for an unknown posting or status.
   */
  setPostingStatus(marketplace: SandboxMarketplace, postingNumber: string, status: string): SandboxPostingView;
  /**
   * The marketplace forgets the order: no call lists or finds it from now on (also POST
   * /__sandbox/postings/{marketplace}/{postingNumber}/vanish); throws RangeError for an unknown posting.
   */
  vanishPosting(marketplace: SandboxMarketplace, postingNumber: string): SandboxPostingView;
  /**
   * The buyer returns a line of a handed-over order: the marketplace's returns call lists it from now on
   * (posting-returns.ts; also POST /__sandbox/returns/{marketplace}). Throws RangeError for an unknown
   * posting or offer, a posting not handed over, a quantity beyond the line's.
   */
  createReturn(marketplace: SandboxMarketplace, request: SandboxReturnRequest): SandboxReturnView;
  /** Starts, restarts or (per_minute 0) stops the trickle of random orders (trickle.ts). */
  setTrickle(settings: SandboxTrickleSettings): SandboxTrickleView;
  trickle(): SandboxTrickleView;
  /**
   * The stocks the stores were sent, as the marketplace keeps them (of one store: OZON Client-Id, WB
   * marketId, YM campaign id); also GET /__sandbox/stocks/{marketplace}[?store=] for other processes.
   */
  stocks(marketplace: SandboxMarketplace, storeId?: string): SandboxStockView[];
  /**
   * From now on the marketplace refuses this article's stock as it would an unknown offer (OZON a
   * per-item error, WB 409 NotFound, YM 400 OFFER_NOT_FOUND); also POST /__sandbox/stocks/{marketplace}/refuse
   * {"offer_id"}.
   */
  refuseStock(marketplace: SandboxMarketplace, offerId: string): void;
  /**
   * How many requests each limit counter refused for rate (OZON/WB 429, YM 420 of the sandbox's own limits,
   * not injected failures) since the start or control.reset(); also GET /__sandbox/limits.
   */
  rateRefusals(): Record<string, number>;
  /** Stops the trickle and the server. */
  close(): Promise<void>;
}
