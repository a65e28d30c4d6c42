import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControl, readBody, send, type ControlContext } from './control.ts';
import { generateOffers, generateReturns, tinyPng, type SandboxOffer, type SandboxReturn } from './data.ts';
import { ozonSandbox } from './ozon.ts';
import { ozonReturnSandbox } from './ozon-returns.ts';
import { ozonStockSandbox } from './ozon-stocks.ts';
import { SandboxStocks, type SandboxStockLimits, type SandboxStockView } from './stocks.ts';
import { wildberriesReturnSandbox } from './wildberries-returns.ts';
import { wildberriesStockSandbox } from './wildberries-stocks.ts';
import { yandexMarketReturnSandbox } from './yandex-market-returns.ts';
import { yandexMarketStockSandbox } from './yandex-market-stocks.ts';
import { generatePostings, isPostingStatus, viewOf, type SandboxPosting, type SandboxPostingView } from './postings.ts';
import type {
  SandboxMarketplace,
  SandboxMarketplaceModule,
  SandboxRequest,
  SandboxResponse,
  SandboxState,
  SandboxStore,
} from './types.ts';
import { wildberriesSandbox } from './wildberries.ts';
import { yandexMarketSandbox } from './yandex-market.ts';

export type { SandboxMarketplace, SandboxStore } from './types.ts';
export type { SandboxPostingView } from './postings.ts';
export type { SandboxStockLimits, SandboxStockView } from './stocks.ts';
export { postingStatuses } from './postings.ts';
export { businessIdOf } from './yandex-market.ts';

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
  /** The stock calls' limits (stocks.ts); the specs' own by default. */
  stockLimits?: SandboxStockLimits;
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
  /** Moves an order to `status`, written the marketplace's way (postings.ts); throws RangeError for an unknown posting or status. */
  setPostingStatus(marketplace: SandboxMarketplace, postingNumber: string, status: string): SandboxPostingView;
  /**
   * The stocks the stores were sent, as the marketplace keeps them (of one store: OZON Client-Id, WB
   * marketId, YM campaign id); also GET /__sandbox/stocks/{marketplace}[?store=] for other processes.
   */
  stocks(marketplace: SandboxMarketplace, storeId?: string): SandboxStockView[];
  /**
   * From now on the marketplace refuses this article's stock as it would an unknown offer (OZON a
   * per-item error, WB 409 NotFound, YM 400 OFFER_NOT_FOUND); also POST /__sandbox/stocks/{marketplace}/refuse {"offer_id"}.
   */
  refuseStock(marketplace: SandboxMarketplace, offerId: string): void;
  close(): Promise<void>;
}

// The returns and stock modules come after their marketplace's own: allPostings finds a marketplace's first module.
const modules: SandboxMarketplaceModule[] = [
  ozonSandbox,
  wildberriesSandbox,
  yandexMarketSandbox,
  ozonReturnSandbox,
  wildberriesReturnSandbox,
  yandexMarketReturnSandbox,
  ozonStockSandbox,
  wildberriesStockSandbox,
  yandexMarketStockSandbox,
];

export const defaultSandboxStores: SandboxStore[] = [
  { marketplace: 'OZON', marketId: '1200345', apiKey: 'ozon-sandbox-key-1200345', name: 'Песочница OZON' },
  {
    marketplace: 'WILDBERRIES',
    marketId: 'wb-sandbox',
    apiKey: 'wb-sandbox-token-0001',
    name: 'Песочница Wildberries',
  },
  { marketplace: 'YM', marketId: '21000001', apiKey: 'ym-sandbox-key-0001', name: 'Песочница Яндекс Маркет' },
];

/** Starts the sandbox marketplace: OZON, Wildberries and Yandex Market catalog and returns endpoints on one port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const offersPerStore = options.offersPerStore ?? 2000;
  const stores = options.stores ?? defaultSandboxStores;
  const catalogs = new Map<string, SandboxOffer[]>();
  const returnLists = new Map<string, SandboxReturn[]>();
  const returnsPerStore = options.returnsPerStore ?? 60;
  const returnsUntil = options.returnsUntil ?? new Date().toISOString().slice(0, 10);
  const pending = new Map<SandboxMarketplace, { count: number; status?: number; waitSeconds: number }>();
  const every = new Map<SandboxMarketplace, number>(
    Object.entries(options.rateLimitEvery ?? {}) as [SandboxMarketplace, number][],
  );
  const counters = new Map<SandboxMarketplace, number>();
  const requests: SandboxRequestLog[] = [];
  const latencyMs = options.latencyMs ?? 0;
  const postingsPerStore = options.postingsPerStore ?? 40;
  const postingLists = new Map<string, SandboxPosting[]>();
  /** `${marketplace}:${postingNumber}` → posting, for the control API. */
  const postingIndex = new Map<string, SandboxPosting>();
  const stocks = new SandboxStocks(options.stockLimits);

  const state: SandboxState = {
    url: '',
    stores,
    stocks,
    offers(catalogKey, prefix) {
      let offers = catalogs.get(catalogKey);
      if (!offers) catalogs.set(catalogKey, (offers = generateOffers(catalogKey, offersPerStore, prefix)));
      return offers;
    },
    returns(returnsKey, offers, prefix) {
      let list = returnLists.get(returnsKey);
      if (!list)
        returnLists.set(
          returnsKey,
          (list = generateReturns(returnsKey, offers, prefix, returnsPerStore, returnsUntil)),
        );
      return list;
    },
    postings(marketplace, storeId, offers) {
      const key = `${marketplace}:${storeId}`;
      let list = postingLists.get(key);
      if (!list) {
        postingLists.set(key, (list = generatePostings(marketplace, storeId, offers, postingsPerStore, Date.now())));
        for (const p of list) postingIndex.set(`${marketplace}:${p.postingNumber}`, p);
      }
      return list;
    },
  };

  function allPostings(marketplace: SandboxMarketplace, storeId?: string): SandboxPosting[] {
    const module = modules.find((m) => m.marketplace === marketplace)!;
    return stores
      .filter((s) => s.marketplace === marketplace)
      .flatMap((s) => module.postingsOf(state, s))
      .filter((p) => storeId === undefined || p.storeId === storeId);
  }

  function setPostingStatus(
    marketplace: SandboxMarketplace,
    postingNumber: string,
    status: string,
  ): SandboxPostingView {
    allPostings(marketplace);
    const posting = postingIndex.get(`${marketplace}:${postingNumber}`);
    if (!posting) throw new RangeError(`sandbox: no ${marketplace} posting ${postingNumber}`);
    if (!isPostingStatus(marketplace, status)) throw new RangeError(`sandbox: ${marketplace} has no status ${status}`);
    posting.status = status;
    return viewOf(posting);
  }

  const controlContext: ControlContext = {
    known: (marketplace) => modules.some((m) => m.marketplace === marketplace),
    stocks,
    allPostings,
    setPostingStatus,
  };

  /** An injected failure for this request, if one is due. */
  function injected(module: SandboxMarketplaceModule): SandboxResponse | undefined {
    const mp = module.marketplace;
    const seen = (counters.get(mp) ?? 0) + 1;
    counters.set(mp, seen);
    const queued = pending.get(mp);
    if (queued && queued.count > 0) {
      queued.count -= 1;
      const limited = module.limited(queued.waitSeconds);
      return queued.status ? { ...limited, status: queued.status } : limited;
    }
    const n = every.get(mp) ?? 0;
    return n > 0 && seen % n === 0 ? module.limited(0) : undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const image = /^\/images\/(\d+)\.png$/.exec(url.pathname);
    if (req.method === 'GET' && image) {
      requests.push({ marketplace: 'images', method: 'GET', path: url.pathname, status: 200, at: Date.now() });
      res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' });
      res.end(tinyPng(Number(image[1])));
      return;
    }
    if (await handleControl(req, res, url, controlContext)) return;
    const arrived = Date.now();
    for (const module of modules) {
      for (const route of module.routes) {
        const match = url.pathname.match(route.pattern);
        if (!match || route.method !== req.method) continue;
        let reply = injected(module);
        if (!reply) {
          let body: unknown;
          try {
            body = await readBody(req);
          } catch {
            reply = { status: 400, body: { message: 'Request body can not be decoded' } };
          }
          const request: SandboxRequest = {
            method: req.method,
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            body,
          };
          reply ??= route.handle(request, state, match);
        }
        if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
        requests.push({
          marketplace: module.marketplace,
          method: req.method,
          path: url.pathname,
          status: reply.status,
          at: arrived,
        });
        send(res, reply);
        return;
      }
    }
    send(res, { status: 404, body: { message: `sandbox: no such endpoint ${req.method} ${url.pathname}` } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: { message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;
  (state as { url: string }).url = url;

  const control: SandboxControl = {
    failNext(marketplace, count = 1, opts = {}) {
      pending.set(marketplace, { count, status: opts.status, waitSeconds: opts.waitSeconds ?? 0 });
    },
    rateLimitEvery(marketplace, n) {
      every.set(marketplace, n);
    },
    requests,
    reset() {
      pending.clear();
      every.clear();
      counters.clear();
      requests.length = 0;
    },
  };

  return {
    url,
    stores,
    control,
    postings: (marketplace, storeId) => allPostings(marketplace, storeId).map(viewOf),
    setPostingStatus,
    stocks: (marketplace, storeId) => stocks.list(marketplace, storeId),
    refuseStock: (marketplace, offerId) => stocks.refuse(marketplace, offerId),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
