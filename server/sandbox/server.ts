import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox, SandboxControl, SandboxOptions, SandboxRequestLog } from './api.ts';
import { handleControl, type ControlContext } from './control.ts';
import { SandboxAssemblyBook } from './assembly-book.ts';
import { generateOffers, generateReturns, tinyPng, type SandboxOffer, type SandboxReturn } from './data.ts';
import { readBody, send } from './http.ts';
import { SandboxOrderBook, type SandboxOrderRequest } from './order-book.ts';
import { defaultOrderLimits } from './order-limits.ts';
import { ozonSandbox } from './ozon.ts';
import { ozonAssemblySandbox } from './ozon-assembly.ts';
import { ozonPostingSandbox } from './ozon-postings.ts';
import { ozonReturnSandbox } from './ozon-returns.ts';
import { ozonStockSandbox } from './ozon-stocks.ts';
import { SandboxPostingReturns, type SandboxReturnRequest, type SandboxReturnView } from './posting-returns.ts';
import { viewOf, type SandboxPosting, type SandboxPostingView } from './postings.ts';
import { SandboxStocks } from './stocks.ts';
import { SandboxTrickle } from './trickle.ts';
import type {
  SandboxMarketplace,
  SandboxMarketplaceModule,
  SandboxRequest,
  SandboxResponse,
  SandboxState,
  SandboxStore,
} from './types.ts';
import { wildberriesSandbox } from './wildberries.ts';
import { wildberriesAssemblySandbox } from './wildberries-assembly.ts';
import { wildberriesOrderSandbox } from './wildberries-orders.ts';
import { wildberriesReturnSandbox } from './wildberries-returns.ts';
import { wildberriesStockSandbox } from './wildberries-stocks.ts';
import { campaignIdOf, yandexMarketSandbox } from './yandex-market.ts';
import { yandexMarketAssemblySandbox } from './yandex-market-assembly.ts';
import { yandexMarketCampaignOrderSandbox } from './yandex-market-campaign-orders.ts';
import { yandexMarketOrderSandbox } from './yandex-market-orders.ts';
import { yandexMarketReturnSandbox } from './yandex-market-returns.ts';
import { yandexMarketStockSandbox } from './yandex-market-stocks.ts';

export type { Sandbox, SandboxControl, SandboxOptions, SandboxRequestLog } from './api.ts';
export type { SandboxOrderRequest } from './order-book.ts';
export type { SandboxOrderLimits } from './order-limits.ts';
export type { SandboxMarketplace, SandboxStore } from './types.ts';
export type { SandboxPostingView } from './postings.ts';
export type { SandboxReturnRequest, SandboxReturnView } from './posting-returns.ts';
export type { SandboxStockLimits, SandboxStockView } from './stocks.ts';
export type { SandboxTrickleSettings, SandboxTrickleView } from './trickle.ts';
export { newPostingStatus, postingStatuses } from './postings.ts';
export { businessIdOf } from './yandex-market.ts';

// The order, returns and stock modules come after their marketplace's own: allPostings finds a marketplace's first
// module.
const modules: SandboxMarketplaceModule[] = [
  ozonSandbox,
  wildberriesSandbox,
  yandexMarketSandbox,
  ozonPostingSandbox,
  wildberriesOrderSandbox,
  yandexMarketOrderSandbox,
  yandexMarketCampaignOrderSandbox,
  ozonReturnSandbox,
  wildberriesReturnSandbox,
  yandexMarketReturnSandbox,
  ozonStockSandbox,
  wildberriesStockSandbox,
  yandexMarketStockSandbox,
  ozonAssemblySandbox,
  wildberriesAssemblySandbox,
  yandexMarketAssemblySandbox,
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

/**
 * Starts the sandbox marketplace: OZON, Wildberries and Yandex Market catalog, order, returns and stock
 * endpoints on one port, with the control endpoints under /__sandbox/ (control.ts).
 */
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
  const orders = new SandboxOrderBook(options.postingsPerStore ?? 40);
  const stocks = new SandboxStocks(options.stockLimits);
  const postingReturns = new SandboxPostingReturns();

  const state: SandboxState = {
    url: '',
    stores,
    stocks,
    orderLimits: { ...defaultOrderLimits, ...options.orderLimits },
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
    postingReturns: (marketplace, storeId) => postingReturns.of(marketplace, storeId),
    postings: (marketplace, storeId, offers) => orders.postings(marketplace, storeId, offers),
    movePosting: (marketplace, postingNumber, status) => orders.setStatus(marketplace, postingNumber, status),
    assembly: new SandboxAssemblyBook(),
  };

  /** The id its postings carry: OZON Client-Id, WB marketId, YM campaign id. */
  const storeIdOf = (s: SandboxStore) => (s.marketplace === 'YM' ? String(campaignIdOf(s)) : s.marketId);
  const known = (marketplace: SandboxMarketplace) => modules.some((m) => m.marketplace === marketplace);

  /** The marketplace's stores (one, by its id), each with its orders generated. */
  function storesOf(marketplace: SandboxMarketplace, storeId?: string): SandboxStore[] {
    const module = modules.find((m) => m.marketplace === marketplace);
    if (!module) return [];
    const chosen = stores.filter(
      (s) => s.marketplace === marketplace && (storeId === undefined || storeIdOf(s) === storeId),
    );
    for (const s of chosen) module.postingsOf(state, s);
    return chosen;
  }

  function allPostings(marketplace: SandboxMarketplace, storeId?: string): SandboxPosting[] {
    return storesOf(marketplace, storeId).flatMap((s) => orders.postings(marketplace, storeIdOf(s), []));
  }

  function setPostingStatus(marketplace: SandboxMarketplace, postingNumber: string, status: string) {
    allPostings(marketplace);
    return viewOf(orders.setStatus(marketplace, postingNumber, status));
  }

  function vanishPosting(marketplace: SandboxMarketplace, postingNumber: string) {
    allPostings(marketplace);
    return viewOf(orders.vanish(marketplace, postingNumber));
  }

  function createReturn(marketplace: SandboxMarketplace, request: SandboxReturnRequest): SandboxReturnView {
    if (!known(marketplace)) throw new RangeError(`sandbox: no marketplace ${String(marketplace)}`);
    allPostings(marketplace);
    const posting = orders.find(marketplace, request.postingNumber);
    if (!posting) throw new RangeError(`sandbox: no ${marketplace} posting ${request.postingNumber}`);
    return postingReturns.create(posting, request);
  }

  function createOrder(marketplace: SandboxMarketplace, order: SandboxOrderRequest): SandboxPostingView[] {
    if (!known(marketplace)) throw new RangeError(`sandbox: no marketplace ${String(marketplace)}`);
    const [store] = storesOf(marketplace, order.store);
    if (!store) throw new RangeError(`sandbox: no ${marketplace} store ${order.store ?? ''}`.trim());
    return orders.create(marketplace, storeIdOf(store), order).map(viewOf);
  }

  const trickle = new SandboxTrickle((marketplaces) =>
    marketplaces.flatMap((mp) =>
      storesOf(mp).map((s) => ({
        marketplace: mp,
        storeId: storeIdOf(s),
        offers: orders.offers(mp, storeIdOf(s)) ?? [],
        create: (offer: SandboxOffer, quantity: number, price: number) =>
          orders.create(mp, storeIdOf(s), { offerId: offer.offerId, quantity, price }),
      })),
    ),
  );

  const controlContext: ControlContext = {
    known,
    stocks,
    allPostings,
    createOrder,
    setPostingStatus,
    vanishPosting,
    createReturn,
    setTrickle: (settings) => trickle.set(settings),
    trickle: () => trickle.view(),
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
          reply ??= await route.handle(request, state, match);
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
      stocks.clearRateRefusals();
    },
  };

  return {
    url,
    stores,
    control,
    postings: (marketplace, storeId) => allPostings(marketplace, storeId).map(viewOf),
    createOrder,
    setPostingStatus,
    vanishPosting,
    createReturn,
    setTrickle: (settings) => trickle.set(settings),
    trickle: () => trickle.view(),
    stocks: (marketplace, storeId) => stocks.list(marketplace, storeId),
    refuseStock: (marketplace, offerId) => stocks.refuse(marketplace, offerId),
    rateRefusals: () => stocks.rateRefusals(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        trickle.stop();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
