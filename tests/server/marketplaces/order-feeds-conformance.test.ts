// no database: every request the order feeds send, and the sandbox's new answers (OZON /v3/posting/fbs/get),
// against the marketplaces' official OpenAPI documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryOptions } from '../../../server/marketplaces/http.ts';
import { OzonAdapter } from '../../../server/marketplaces/ozon.ts';
import type { OrderFeedAdapter, StoreCredentials } from '../../../server/marketplaces/types.ts';
import { WildberriesAdapter } from '../../../server/marketplaces/wildberries.ts';
import { YandexMarketAdapter } from '../../../server/marketplaces/yandex-market.ts';
import { startSandbox, type Sandbox, type SandboxMarketplace } from '../../../server/sandbox/server.ts';
import {
  describeErrors,
  queryParameters,
  requestBodyValidator,
  responseValidator,
  specsAvailable,
} from './helpers/spec-validator.ts';

const stores: Record<SandboxMarketplace, StoreCredentials> = {
  OZON: { marketId: '5550031', apiKey: 'ozon-feed-spec', name: 'Озон Спека' },
  WILDBERRIES: { marketId: 'wb-feed-spec', apiKey: 'wb-feed-spec-token', name: 'ВБ Спека' },
  YM: { marketId: '41000031', apiKey: 'ym-feed-spec', name: 'Маркет Спека' },
};
const specOf = { OZON: 'OZON', WILDBERRIES: 'WILDBERRIES_ORDERS', YM: 'YM' } as const;
/** The operations the feeds may call, as the specs name their paths. */
const operations: Record<SandboxMarketplace, Array<{ path: string; pattern: RegExp }>> = {
  OZON: [
    { path: '/v3/posting/fbs/list', pattern: /^\/v3\/posting\/fbs\/list$/ },
    { path: '/v3/posting/fbs/get', pattern: /^\/v3\/posting\/fbs\/get$/ },
  ],
  WILDBERRIES: [
    { path: '/api/v3/orders/new', pattern: /^\/api\/v3\/orders\/new$/ },
    { path: '/api/v3/orders/status', pattern: /^\/api\/v3\/orders\/status$/ },
    { path: '/api/v3/orders', pattern: /^\/api\/v3\/orders$/ },
  ],
  YM: [
    { path: '/v2/campaigns', pattern: /^\/v2\/campaigns$/ },
    { path: '/v1/businesses/{businessId}/orders', pattern: /^\/v1\/businesses\/\d+\/orders$/ },
  ],
};

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

let sandbox: Sandbox;
const sent: Sent[] = [];
const recording: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  sent.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  return fetch(input, init);
};
const retry: RetryOptions = { baseDelayMs: 5, maxDelayMs: 40, fetch: recording };
const adapters: Record<SandboxMarketplace, () => OrderFeedAdapter> = {
  OZON: () => new OzonAdapter({ baseUrl: sandbox.url, postingsPageSize: 2, retry }),
  WILDBERRIES: () =>
    new WildberriesAdapter({
      marketplaceUrl: sandbox.url,
      ordersPageSize: 2,
      ordersRequestsPerMinute: 60_000,
      ordersBurst: 100,
      retry,
    }),
  YM: () =>
    new YandexMarketAdapter({ baseUrl: sandbox.url, ordersPageSize: 2, ordersRequestsPerHour: 3_600_000, retry }),
};

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: 20,
    postingsPerStore: 12,
    stockLimits: { wbPerMinute: 60_000, wbBurst: 100 },
    stores: (Object.entries(stores) as [SandboxMarketplace, StoreCredentials][]).map(([marketplace, s]) => ({
      marketplace,
      ...s,
    })),
  });
});
afterAll(async () => {
  await sandbox?.close();
});

describe.skipIf(!specsAvailable).each(['OZON', 'WILDBERRIES', 'YM'] as const)('%s order feed requests', (mp) => {
  it('are each an operation of the spec, with declared query parameters and a body its schema accepts', async () => {
    const store = stores[mp];
    const offerId = sandbox.postings(mp, store.marketId)[0]!.items[0]!.offerId;
    const made = sandbox.createOrder(mp, { offerId, quantity: 3, price: 120 });
    const [gone] = sandbox.createOrder(mp, { offerId, quantity: 1, price: 120 });
    sandbox.vanishPosting(mp, gone!.postingNumber);
    const open = [...made.map((p) => p.postingNumber), gone!.postingNumber];
    // A wide window so listings page; the open ones include one the marketplace forgot (the lookups by id).
    sent.length = 0;
    let missing: string[] = [];
    for await (const page of adapters[mp]().listOrderChanges(store, {
      since: new Date(Date.now() - 3 * 86_400_000),
      open,
    }))
      missing = [...missing, ...(page.missing ?? [])];
    expect(missing).toEqual([gone!.postingNumber]);
    expect(sent.length).toBeGreaterThanOrEqual(2);

    for (const request of sent) {
      const operation = operations[mp].find((o) => o.pattern.test(request.url.pathname));
      expect(operation, `${request.method} ${request.url.pathname}`).toBeDefined();
      const method = request.method.toLowerCase() as 'get' | 'post';
      const declared = queryParameters(specOf[mp], operation!.path, method);
      for (const name of request.url.searchParams.keys())
        expect(declared.has(name), `${operation!.path} ?${name}`).toBe(true);
      for (const [name, p] of declared)
        if (p.required) expect(request.url.searchParams.has(name), `${operation!.path} needs ?${name}`).toBe(true);
      const validate = await requestBodyValidator(specOf[mp], operation!.path, method);
      if (request.body === undefined) continue;
      expect(validate, `${operation!.path} takes a body`).toBeDefined();
      // The schema is strict enough to catch drift: a field the spec does not have fails.
      expect(validate!({ ...(request.body as object), invented_field: 1 })).toBe(false);
      const ok = validate!(request.body);
      expect(ok, `${operation!.path}: ${JSON.stringify(request.body)}\n${ok ? '' : describeErrors(validate!)}`).toBe(
        true,
      );
    }
  });
});

describe.skipIf(!specsAvailable)('sandbox OZON /v3/posting/fbs/get', () => {
  const headers = {
    'Client-Id': stores.OZON.marketId,
    'Api-Key': stores.OZON.apiKey,
    'Content-Type': 'application/json',
  };
  const get = (postingNumber: string) =>
    fetch(`${sandbox.url}/v3/posting/fbs/get`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ posting_number: postingNumber }),
    });

  it('answers a posting by number as the spec has it, cancelled after packing with cancelled_after_ship', async () => {
    const offerId = sandbox.postings('OZON', stores.OZON.marketId)[0]!.items[0]!.offerId;
    const [p] = sandbox.createOrder('OZON', { offerId, quantity: 1, price: 99 });
    sandbox.setPostingStatus('OZON', p!.postingNumber, 'awaiting_deliver');
    sandbox.setPostingStatus('OZON', p!.postingNumber, 'cancelled');
    const res = await get(p!.postingNumber);
    expect(res.status).toBe(200);
    const json = (await res.json()) as { result: { posting_number: string; cancellation: Record<string, unknown> } };
    const validate = (await responseValidator('OZON', '/v3/posting/fbs/get', 'post', 200))!;
    expect(validate(json), describeErrors(validate)).toBe(true);
    expect(json.result.posting_number).toBe(p!.postingNumber);
    expect(json.result.cancellation.cancelled_after_ship).toBe(true);
  });

  it('answers 404 rpcStatus for a posting it does not know, and 400 without a number', async () => {
    const res = await get('00000000-0000-9');
    expect(res.status).toBe(404);
    const validate = (await responseValidator('OZON', '/v3/posting/fbs/get', 'post', 404))!;
    const json: unknown = await res.json();
    expect(validate(json), describeErrors(validate)).toBe(true);
    expect((await get('')).status).toBe(400);
  });

  it('forgets a posting on POST /__sandbox/postings/{mp}/{number}/vanish, 404 for an unknown one', async () => {
    const offerId = sandbox.postings('OZON', stores.OZON.marketId)[0]!.items[0]!.offerId;
    const [p] = sandbox.createOrder('OZON', { offerId, quantity: 1, price: 99 });
    const vanish = (n: string) =>
      fetch(`${sandbox.url}/__sandbox/postings/ozon/${encodeURIComponent(n)}/vanish`, { method: 'POST' });
    expect((await vanish(p!.postingNumber)).status).toBe(200);
    expect((await get(p!.postingNumber)).status).toBe(404);
    expect(sandbox.postings('OZON').map((x) => x.postingNumber)).not.toContain(p!.postingNumber);
    expect((await vanish(p!.postingNumber)).status).toBe(404);
  });
});
