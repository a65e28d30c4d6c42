import type { IncomingHttpHeaders } from 'node:http';
import { seedOf, type SandboxOffer, type SandboxReturn } from './data.ts';
import type { SandboxAssemblyBook } from './assembly-book.ts';
import type { SandboxOrderLimits } from './order-limits.ts';
import type { SandboxPosting } from './postings.ts';
import type { SandboxStocks } from './stocks.ts';

export type SandboxMarketplace = 'OZON' | 'WILDBERRIES' | 'YM';

export interface SandboxStore {
  marketplace: SandboxMarketplace;
  /** OZON: Client-Id; WB: a label only (the token is the identity); YM: campaign id. */
  marketId: string;
  apiKey: string;
  name?: string;
  /** YM only: the shop's model (FBS by default); an FBY shop's orders ship from Yandex's warehouses. */
  placementType?: 'FBS' | 'FBY';
}

export interface SandboxRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface SandboxResponse {
  status: number;
  /** JSON, or the bytes of a file (a label's PDF) sent as they are under `headers`' Content-Type. */
  body: unknown;
  headers?: Record<string, string>;
}

/** What a marketplace module may read from the running sandbox. */
export interface SandboxState {
  /** Absolute base URL, for the image links the catalogs carry. */
  readonly url: string;
  readonly stores: readonly SandboxStore[];
  /** The catalog behind a key (`catalogKey` per marketplace), generated once and cached. */
  offers(catalogKey: string, prefix: string): SandboxOffer[];
  /** The returns behind a key (a store, or a YM campaign), generated once from `offers` and cached. */
  returns(returnsKey: string, offers: SandboxOffer[], prefix: string): SandboxReturn[];
  /**
   * Returns of a store's own orders (posting-returns.ts; the store as its postings name it: OZON Client-Id, WB
   * marketId, YM campaign id), listed after its generated returns.
   */
  postingReturns(marketplace: SandboxMarketplace, storeId: string): SandboxReturn[];
  /** A store's current orders (postings.ts), generated once from `offers` and cached; statuses change in place. */
  postings(marketplace: SandboxMarketplace, storeId: string, offers: SandboxOffer[]): SandboxPosting[];
  /**
   * The stocks the stores were sent, the limits' counters (stock and order calls) and the articles tests made it
   * refuse.
   */
  readonly stocks: SandboxStocks;
  /** The order calls' limits (order-limits.ts). */
  readonly orderLimits: Required<SandboxOrderLimits>;
  /**
   * Moves a store's order the way the marketplace's own calls do (assembly: OZON ship, WB supplies, YM status), so
   * every listing sees the new status (order-book.ts setStatus). Throws RangeError for an unknown posting or status.
   */
  movePosting(marketplace: SandboxMarketplace, postingNumber: string, status: string): SandboxPosting;
  /** What the assembly calls keep besides statuses: WB supplies, YM box layouts (assembly-book.ts). */
  readonly assembly: SandboxAssemblyBook;
}

export interface SandboxRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  pattern: RegExp;
  /** Labels are drawn asynchronously (pdf-lib), so a handler may answer with a promise. */
  handle(req: SandboxRequest, state: SandboxState, match: RegExpMatchArray): SandboxResponse | Promise<SandboxResponse>;
}

export interface SandboxMarketplaceModule {
  marketplace: SandboxMarketplace;
  routes: SandboxRoute[];
  /** The marketplace's own "too many requests" answer: its status, headers and body shape. */
  limited(waitSeconds: number): SandboxResponse;
  /** The store's postings, generated if need be: lets the control API find a posting before any listing. */
  postingsOf(state: SandboxState, store: SandboxStore): SandboxPosting[];
}

export function header(req: SandboxRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Base64url of a JSON value: the opaque cursors the real APIs hand out look like this. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(token: string): T | undefined {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A short stable label for a secret, so catalogs keyed by token never echo the token itself. */
export const seedOfKey = (key: string): string => seedOf(key).toString(36);
