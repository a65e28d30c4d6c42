// no database: the sandbox's assembly answers (JSON ones) against the marketplaces' official specs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxMarketplace } from '../../../server/sandbox/server.ts';
import { describeErrors, responseValidator, specsAvailable, specsDir } from './helpers/spec-validator.ts';

const stores = [
  { marketplace: 'OZON' as const, marketId: '5550041', apiKey: 'ozon-asm-spec' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-asm-spec', apiKey: 'wb-asm-spec-token' },
  { marketplace: 'YM' as const, marketId: '41000041', apiKey: 'ym-asm-spec' },
];
const specOf = { OZON: 'OZON', WILDBERRIES: 'WILDBERRIES_ORDERS', YM: 'YM' } as const;
const auth = {
  OZON: { 'Client-Id': '5550041', 'Api-Key': 'ozon-asm-spec' },
  WILDBERRIES: { Authorization: 'wb-asm-spec-token' },
  YM: { 'Api-Key': 'ym-asm-spec' },
};

let sandbox: Sandbox;

async function check(
  mp: SandboxMarketplace,
  method: 'get' | 'post' | 'put',
  specPath: string,
  path: string,
  body: unknown,
  status: number,
  schemaOf: number | 'default' = status,
) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: method.toUpperCase(),
    headers: { ...auth[mp], ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(json)).toBe(status);
  const validate = await responseValidator(specOf[mp], specPath, method, schemaOf);
  expect(validate, `the spec declares ${specPath} ${schemaOf}`).toBeDefined();
  expect(validate!(json), describeErrors(validate!)).toBe(true);
  return json as Record<string, unknown>;
}

const newOrder = (mp: SandboxMarketplace) => {
  const store = stores.find((s) => s.marketplace === mp)!;
  const offerId = sandbox.postings(mp, store.marketId)[0]!.items[0]!.offerId;
  return sandbox.createOrder(mp, { offerId, quantity: 1, price: 300, store: store.marketId })[0]!;
};

describe.skipIf(!specsAvailable)(`sandbox assembly answers validate against the official specs (${specsDir})`, () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ offersPerStore: 10, postingsPerStore: 4, stores });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('OZON /v4/posting/fbs/ship: 200, and the refusal of a second ship (rpcStatus)', async () => {
    const p = newOrder('OZON');
    const body = {
      posting_number: p.postingNumber,
      packages: [{ products: [{ product_id: Number(p.items[0]!.externalProductId), quantity: 1 }] }],
    };
    const ok = await check('OZON', 'post', '/v4/posting/fbs/ship', '/v4/posting/fbs/ship', body, 200);
    expect(ok.result).toEqual([p.postingNumber]);
    const again = await check('OZON', 'post', '/v4/posting/fbs/ship', '/v4/posting/fbs/ship', body, 400, 'default');
    expect(again.message).toBe('POSTING_ALREADY_SHIPPED');
  });

  it('WB supplies: create 201, read 200; stickers 200 and 400', async () => {
    const created = await check('WILDBERRIES', 'post', '/api/v3/supplies', '/api/v3/supplies', { name: 'Спека' }, 201);
    const id = String(created.id);
    await check('WILDBERRIES', 'get', '/api/v3/supplies/{supplyId}', `/api/v3/supplies/${id}`, undefined, 200);
    const task = newOrder('WILDBERRIES');
    const added = await fetch(`${sandbox.url}/api/marketplace/v3/supplies/${id}/orders`, {
      method: 'PATCH',
      headers: { ...auth.WILDBERRIES, 'Content-Type': 'application/json' },
      body: JSON.stringify({ orders: [Number(task.postingNumber)] }),
    });
    expect(added.status).toBe(204);
    const stickers = await check(
      'WILDBERRIES',
      'post',
      '/api/v3/orders/stickers',
      '/api/v3/orders/stickers?type=png&width=58&height=40',
      { orders: [Number(task.postingNumber)] },
      200,
    );
    expect(stickers.stickers).toHaveLength(1);
    await check(
      'WILDBERRIES',
      'post',
      '/api/v3/orders/stickers',
      '/api/v3/orders/stickers?type=pdf&width=58&height=40',
      { orders: [Number(task.postingNumber)] },
      400,
    );
  });

  it('YM getOrder, boxes and status 200; boxes of a packed order 400', async () => {
    const o = newOrder('YM');
    const base = `/v2/campaigns/41000041/orders/${o.postingNumber}`;
    const got = await check('YM', 'get', '/v2/campaigns/{campaignId}/orders/{orderId}', base, undefined, 200);
    const items = (got.order as { items: Array<{ id: number; count: number }> }).items;
    const layout = { boxes: [{ items: items.map((i) => ({ id: i.id, fullCount: i.count })) }] };
    await check('YM', 'put', '/v2/campaigns/{campaignId}/orders/{orderId}/boxes', `${base}/boxes`, layout, 200);
    const status = { order: { status: 'PROCESSING', substatus: 'READY_TO_SHIP' } };
    await check('YM', 'put', '/v2/campaigns/{campaignId}/orders/{orderId}/status', `${base}/status`, status, 200);
    await check('YM', 'put', '/v2/campaigns/{campaignId}/orders/{orderId}/boxes', `${base}/boxes`, layout, 400);
  });
});
