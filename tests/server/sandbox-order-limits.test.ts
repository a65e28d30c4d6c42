// no database: the sandbox's order calls refuse past the marketplaces' limits, as a benchmark needs them to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIdOf, startSandbox, type Sandbox } from '../../server/sandbox/server.ts';

/*
 * The limits are the references' (server/sandbox/order-limits.ts), shrunk here so a few requests reach
 * them: OZON 3 order requests a second per Client-Id, Wildberries' marketplace category 2 at once and one
 * a second (shared by the order and the stock calls), Yandex Market 3 requests an hour per resource.
 */

const stores = [
  { marketplace: 'OZON' as const, marketId: '777701', apiKey: 'ozon-limits', name: 'Озон' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-limits', apiKey: 'wb-limits-token', name: 'ВБ' },
  { marketplace: 'YM' as const, marketId: '31000701', apiKey: 'ym-limits', name: 'Маркет' },
];

let sandbox: Sandbox;

async function call(path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(sandbox.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  sandbox = await startSandbox({
    offersPerStore: 20,
    postingsPerStore: 8,
    stores,
    orderLimits: { ozonPerSecond: 3, ymOrdersPerHour: 3 },
    stockLimits: { wbPerMinute: 60, wbBurst: 2 },
  });
});
afterAll(() => sandbox?.close());

describe('order calls within the marketplaces’ limits', () => {
  it('OZON: past the Client-Id’s requests of a second, 429 with rpcStatus code 8, then served again', async () => {
    const headers = { 'Client-Id': '777701', 'Api-Key': 'ozon-limits' };
    const body = {
      filter: { since: new Date(Date.now() - 86_400_000 * 60).toISOString(), to: new Date().toISOString() },
      limit: 5,
      offset: 0,
    };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('/v3/posting/fbs/list', headers, body)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call('/v3/posting/fbs/list', headers, body);
    expect(refused.json).toEqual({ code: 8, message: 'You have reached request rate limit per second', details: [] });
    await sleep(400);
    expect((await call('/v3/posting/fbs/list', headers, body)).status).toBe(200);
  });

  it('Wildberries: the order and stock calls share the marketplace category’s bucket; 429 names the wait', async () => {
    const headers = { Authorization: 'wb-limits-token' };
    const first = await call('/api/v3/orders/new', headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await call('/api/v3/warehouses', headers)).status).toBe(200);
    const refused = await call('/api/v3/orders/status', headers, { orders: [1] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-retry')).toBe('1');
    expect((await call('/api/v3/orders?limit=1&next=0', headers)).status).toBe(429);
    await sleep(1100);
    expect((await call('/api/v3/orders?limit=1&next=0', headers)).status).toBe(200);
  });

  it('Yandex Market: each order resource counts its hour apart; 420 with the quota spent and when it frees', async () => {
    const headers = { 'Api-Key': 'ym-limits' };
    const url = `/v1/businesses/${businessIdOf('ym-limits')}/orders`;
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(url, headers, {});
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-resource-limit')).toBe('3');
      remaining.push(res.headers.get('x-ratelimit-resource-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await call(url, headers, {});
    expect(refused.status).toBe(420);
    expect(refused.json).toEqual({
      status: 'ERROR',
      errors: [{ code: 'LIMIT_EXCEEDED', message: 'Hit rate limit of 3 requests per period for resource 283' }],
    });
    const until = Date.parse(refused.headers.get('x-ratelimit-resource-until')!);
    expect(until).toBeGreaterThan(Date.now() + 55 * 60_000);
    // getOrders of the shop is another resource, with its own hour.
    const campaign = await call('/v2/campaigns/31000701/orders', headers);
    expect(campaign.status).toBe(200);
    expect(campaign.headers.get('x-ratelimit-resource-remaining')).toBe('2');
  });

  it('the control endpoints pass whatever the quotas: an order is made while its marketplace refuses', async () => {
    const headers = { 'Api-Key': 'ym-limits' };
    const url = `/v1/businesses/${businessIdOf('ym-limits')}/orders`;
    expect((await call(url, headers, {})).status).toBe(420);
    const offerId = sandbox.postings('YM')[0]!.items[0]!.offerId;
    const res = await fetch(`${sandbox.url}/__sandbox/postings/YM`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ offer_id: offerId, quantity: 1, price: 100 }),
    });
    expect(res.status).toBe(201);
  });
});
