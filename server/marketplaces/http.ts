import type { Pacer } from './pacing.ts';
import { answersOfText, explainAnswers, type Refusal } from './refusals/index.ts';
import {
  MarketplaceAuthError,
  MarketplaceRefusedError,
  MarketplaceUnavailableError,
  type MarketplaceCode,
  type StoreCredentials,
} from './types.ts';

export interface RetryOptions {
  /** Per attempt; a hung socket must not stall a whole import. */
  timeoutMs?: number;
  /** Bounded so a dead marketplace ends the store's import instead of looping forever. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A marketplace asking to wait longer than this (e.g. an hourly quota) ends the import now. */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaults = {
  timeoutMs: 30_000,
  maxAttempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryWaitMs: 120_000,
};

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface JsonRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The answer is a file (a label's PDF): its bytes come back as a Uint8Array, not parsed. */
  binary?: boolean;
  /**
   * Error statuses whose body the caller reads itself instead of an exception: the per-item refusals
   * of a batch (WB 409 of the stocks, YM 400 of updateStocks).
   */
  accept?: readonly number[];
}

export interface CallContext {
  marketplace: MarketplaceCode;
  store: StoreCredentials;
  retry?: RetryOptions;
  pacer?: Pacer;
}

/** Seconds or an HTTP date, as Retry-After and YM's X-RateLimit-Resource-Until carry them. */
function parseWait(value: string | null, now: number): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How long the marketplace itself asked us to wait, if it said so. */
export function requestedWaitMs(headers: Headers, now = Date.now()): number | undefined {
  return (
    parseWait(headers.get('retry-after'), now) ??
    // WB: X-Ratelimit-Retry is the wait for one request; X-Ratelimit-Reset the wait for a full burst.
    parseWait(headers.get('x-ratelimit-retry'), now) ??
    parseWait(headers.get('x-ratelimit-reset'), now) ??
    // YM: the resource window's end matters only once it is used up; a 420 for parallelism has quota left.
    (headers.get('x-ratelimit-resource-remaining') === '0'
      ? parseWait(headers.get('x-ratelimit-resource-until'), now)
      : undefined)
  );
}

function backoffMs(attempt: number, base: number, max: number): number {
  // Full jitter keeps several stores' imports from retrying in lockstep.
  const ceiling = Math.min(max, base * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function isRetryable(status: number, marketplace: MarketplaceCode): boolean {
  return status === 429 || status >= 500 || (marketplace === 'YM' && status === 420);
}

/** POST/GET JSON with pacing, timeout and bounded retries; maps refusals to MarketplaceAuthError. */
export async function requestJson<T>(ctx: CallContext, req: JsonRequest): Promise<T> {
  return (await requestAnswer(ctx, req)).body as T;
}

/** An answer with its status: 2xx, or one of `req.accept`; an empty body (WB's 204) is undefined. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** requestJson that also hands back the statuses of `req.accept` with their bodies. */
export async function requestAnswer(ctx: CallContext, req: JsonRequest): Promise<JsonAnswer> {
  const opts = { ...defaults, ...ctx.retry };
  const doFetch = ctx.retry?.fetch ?? fetch;
  const sleep = ctx.retry?.sleep ?? sleepReal;
  const { marketplace, store } = ctx;
  let lastReason = 'нет ответа';
  let lastStatus: number | undefined;

  for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
    await ctx.pacer?.take();
    let response: Response;
    try {
      response = await doFetch(req.url, {
        method: req.method,
        headers: {
          Accept: 'application/json',
          ...req.headers,
          ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (error) {
      lastReason =
        error instanceof Error && error.name === 'TimeoutError' ? 'превышено время ожидания ответа' : 'ошибка сети';
      lastStatus = undefined;
      if (attempt < opts.maxAttempts) await sleep(backoffMs(attempt, opts.baseDelayMs, opts.maxDelayMs));
      continue;
    }

    if (response.ok || req.accept?.includes(response.status)) {
      if (req.binary && response.ok)
        return { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
      try {
        const text = await response.text();
        return { status: response.status, body: text.trim() === '' ? undefined : (JSON.parse(text) as unknown) };
      } catch (error) {
        throw new MarketplaceUnavailableError(
          marketplace,
          store.name,
          'его ответ не удалось прочитать, повторите позже',
          response.status,
          {
            cause: error,
          },
        );
      }
    }

    const text = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 403) {
      throw new MarketplaceAuthError(marketplace, store.name, response.status, {
        cause: new Error(text.slice(0, 500)),
        marketplaceError: refusalOf(marketplace, response.status, text).marketplaceError,
      });
    }
    if (!isRetryable(response.status, marketplace)) {
      const refusal = refusalOf(marketplace, response.status, text);
      throw new MarketplaceRefusedError(marketplace, store.name, response.status, refusal.error, {
        marketplaceError: refusal.marketplaceError,
      });
    }

    lastStatus = response.status;
    lastReason = response.status >= 500 ? `ошибка сервера (HTTP ${response.status})` : 'превышен лимит запросов';
    if (attempt === opts.maxAttempts) break;
    const asked = requestedWaitMs(response.headers);
    if (asked !== undefined && asked > opts.maxRetryWaitMs) {
      const until = new Date(Date.now() + asked).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });
      throw new MarketplaceUnavailableError(
        marketplace,
        store.name,
        `лимит запросов исчерпан, повторите после ${until}`,
        response.status,
      );
    }
    // Honour the marketplace's own wait, but never less than our backoff, plus jitter against lockstep.
    const wait = Math.max(asked ?? 0, backoffMs(attempt, opts.baseDelayMs, opts.maxDelayMs));
    await sleep(Math.min(wait + Math.random() * opts.baseDelayMs, opts.maxRetryWaitMs));
  }
  throw new MarketplaceUnavailableError(
    marketplace,
    store.name,
    `${lastReason}; попыток: ${opts.maxAttempts}. Повторите через несколько минут.`,
    lastStatus,
  );
}

/**
 * A refused answer explained: its errors from the marketplace's table, its text kept (with the status when it names
 * none).
 */
function refusalOf(marketplace: MarketplaceCode, status: number, text: string): Refusal {
  const refusal = explainAnswers(marketplace, answersOfText(text));
  const own = refusal.marketplaceError ?? text.trim().slice(0, 300);
  return { error: refusal.error, marketplaceError: `HTTP ${status}${own ? ` — ${own}` : ''}` };
}

/** Joins a configured base URL (with or without a trailing slash or path prefix) and an API path. */
export function joinUrl(base: string, path: string, query?: Record<string, string | number | undefined>): string {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}
