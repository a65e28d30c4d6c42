// no database: the sandbox's stock calls (issue 15) against the official OpenAPI documents and their limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../server/sandbox/server.ts';
import { describeErrors, responseValidator, specsAvailable, specsDir } from './helpers/spec-validator.ts';

const stores = [
  { marketplace: 'OZON' as const, marketId: '777002', apiKey: 'ozon-stock', name: 'Озон' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-2', apiKey: 'wb-stock', name: 'ВБ' },
  { marketplace: 'YM' as const, marketId: '31000002', apiKey: 'ym-stock', name: 'Маркет' },
];
const ozon = { 'Client-Id': '777002', 'Api-Key': 'ozon-stock' };
const wb = { Authorization: 'wb-stock' };
const ym = { 'Api-Key': 'ym-stock' };
const MINUTE_MS = 1000;

let sandbox: Sandbox;

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(sandbox.url + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

/** The answer validates against the spec's schema for that status. */
async function conforms(
  spec: 'OZON' | 'WILDBERRIES' | 'YM',
  path: string,
  method: 'get' | 'post' | 'put',
  status: number | 'default',
  json: unknown,
) {
  const validate = await responseValidator(spec, path, method, status);
  expect(validate, `the spec declares ${method} ${path} ${status}`).toBeDefined();
  expect(validate!(json), describeErrors(validate!)).toBe(true);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!specsAvailable)(`sandbox stock calls validate against the official specs (${specsDir})`, () => {
  let offers: { ozon: { productId: number; offerId: string }; wbChrt: number; ym: string };
  let warehouses: { ozon: number; ozonArchived: number; wb: number };

  beforeAll(async () => {
    sandbox = await startSandbox({
      offersPerStore: 5,
      stores,
      stockLimits: { minuteMs: MINUTE_MS, ozonPerMinute: 3, wbPerMinute: 4, wbBurst: 3, ymSkusPerMinute: 4 },
    });
    const list = await call('POST', '/v1/warehouse/list', ozon, {});
    await conforms('OZON', '/v1/warehouse/list', 'post', 200, list.json);
    const [archived, active] = list.json!.result as Array<{ warehouse_id: number; status: string }>;
    expect([archived!.status, active!.status]).toEqual(['disabled', 'created']);
    const wbList = await call('GET', '/api/v3/warehouses', wb);
    expect(wbList.status).toBe(200);
    await conforms('WILDBERRIES', '/api/v3/warehouses', 'get', 200, wbList.json);
    const fbs = (wbList.json as unknown as Array<{ id: number; deliveryType: number }>).find(
      (w) => w.deliveryType === 1,
    )!;
    warehouses = { ozon: active!.warehouse_id, ozonArchived: archived!.warehouse_id, wb: fbs.id };
    const info = await call('POST', '/v3/product/list', ozon, { filter: { visibility: 'ALL' }, last_id: '', limit: 1 });
    const item = (info.json!.result as { items: Array<{ product_id: number; offer_id: string }> }).items[0]!;
    const card = await call('POST', '/content/v2/get/cards/list', wb, {
      settings: { cursor: { limit: 1 }, filter: { withPhoto: -1 } },
    });
    const wbCard = (card.json!.cards as Array<{ sizes: Array<{ chrtID: number }> }>)[0]!;
    offers = {
      ozon: { productId: item.product_id, offerId: item.offer_id },
      wbChrt: wbCard.sizes[0]!.chrtID,
      ym: `YM${0}`,
    };
    const mappings = await call(
      'POST',
      `/v2/businesses/${(await import('../../../server/sandbox/server.ts')).businessIdOf('ym-stock')}/offer-mappings?limit=1`,
      ym,
      {},
    );
    offers.ym = (
      mappings.json!.result as { offerMappings: Array<{ offer: { offerId: string } }> }
    ).offerMappings[0]!.offer.offerId;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('OZON /v2/products/stocks: takes a pair, answers per item, refuses bad shapes, a pair too soon and the 4th request a minute', async () => {
    await sleep(MINUTE_MS);
    const ok = await call('POST', '/v2/products/stocks', ozon, {
      stocks: [
        { offer_id: offers.ozon.offerId, product_id: offers.ozon.productId, stock: 7, warehouse_id: warehouses.ozon },
      ],
    });
    expect(ok.status).toBe(200);
    await conforms('OZON', '/v2/products/stocks', 'post', 200, ok.json);
    expect(ok.json!.result).toEqual([
      {
        offer_id: offers.ozon.offerId,
        product_id: offers.ozon.productId,
        warehouse_id: warehouses.ozon,
        updated: true,
        errors: [],
      },
    ]);
    expect(sandbox.stocks('OZON', '777002')).toMatchObject([
      { offerId: offers.ozon.offerId, amount: 7, warehouseId: String(warehouses.ozon) },
    ]);

    // Per item: a pair again within 30 s (half the sandbox's minute), an unknown product, an archived warehouse.
    const items = await call('POST', '/v2/products/stocks', ozon, {
      stocks: [
        { offer_id: offers.ozon.offerId, product_id: offers.ozon.productId, stock: 8, warehouse_id: warehouses.ozon },
        { product_id: 1, stock: 1, warehouse_id: warehouses.ozon },
        {
          offer_id: offers.ozon.offerId,
          product_id: offers.ozon.productId,
          stock: 1,
          warehouse_id: warehouses.ozonArchived,
        },
      ],
    });
    await conforms('OZON', '/v2/products/stocks', 'post', 200, items.json);
    const codes = (items.json!.result as Array<{ updated: boolean; errors: Array<{ code: string }> }>).map((r) => [
      r.updated,
      r.errors[0]?.code,
    ]);
    expect(codes).toEqual([
      [false, 'TOO_MANY_REQUESTS'],
      [false, 'NOT_FOUND'],
      [false, 'WAREHOUSE_NOT_FOUND'],
    ]);
    expect(sandbox.stocks('OZON', '777002')[0]!.amount).toBe(7);

    // The third request of the minute still goes, the fourth is 429 in OZON's rpcStatus.
    const bad = await call('POST', '/v2/products/stocks', ozon, {
      stocks: [{ product_id: offers.ozon.productId, stock: -1, warehouse_id: warehouses.ozon }],
    });
    expect(bad.status).toBe(400);
    await conforms('OZON', '/v2/products/stocks', 'post', 400, bad.json);
    const limited = await call('POST', '/v2/products/stocks', ozon, { stocks: [] });
    expect(limited.status).toBe(429);
    // 429 is not in the spec (reference §1): its body is the rpcStatus every declared error has.
    await conforms('OZON', '/v2/products/stocks', 'post', 400, limited.json);
    await sleep(MINUTE_MS);
    for (const body of [
      {},
      { stocks: [] },
      { stocks: Array.from({ length: 101 }, () => ({ product_id: 1, stock: 1, warehouse_id: 1 })) },
    ]) {
      await sleep(MINUTE_MS / 3);
      const refused = await call('POST', '/v2/products/stocks', ozon, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.json).toMatchObject({ code: 3 });
    }
  });

  it('OZON stocks-by-warehouse: present counts the reserved units on top of the stock sent', async () => {
    const info = await call('POST', '/v3/product/info/list', ozon, { offer_id: [offers.ozon.offerId] });
    const sku = String((info.json!.items as Array<{ sku: number }>)[0]!.sku);
    const read = await call('POST', '/v1/product/info/stocks-by-warehouse/fbs', ozon, { sku: [sku] });
    expect(read.status).toBe(200);
    await conforms('OZON', '/v1/product/info/stocks-by-warehouse/fbs', 'post', 200, read.json);
    const [row] = read.json!.result as Array<{ present: number; reserved: number; warehouse_id: number }>;
    expect(row!.present - row!.reserved).toBe(7);
    expect(row!.warehouse_id).toBe(warehouses.ozon);
    expect((await call('POST', '/v1/product/info/stocks-by-warehouse/fbs', ozon, {})).status).toBe(400);
  });

  it('WB PUT /api/v3/stocks/{warehouseId}: 204, 409 naming the refused size by barcode (nothing applied), 400, 404, 429 past the burst', async () => {
    await sleep(MINUTE_MS);
    const ok = await call('PUT', `/api/v3/stocks/${warehouses.wb}`, wb, {
      stocks: [{ chrtId: offers.wbChrt, amount: 5 }],
    });
    expect(ok).toEqual({ status: 204, json: undefined });
    expect(sandbox.stocks('WILDBERRIES', 'wb-2')).toMatchObject([{ amount: 5 }]);
    const read = await call('POST', `/api/v3/stocks/${warehouses.wb}`, wb, { chrtIds: [offers.wbChrt] });
    await conforms('WILDBERRIES', '/api/v3/stocks/{warehouseId}', 'post', 200, read.json);
    expect(read.json).toEqual({ stocks: [{ chrtId: offers.wbChrt, amount: 5 }] });

    const conflict = await call('PUT', `/api/v3/stocks/${warehouses.wb}`, wb, {
      stocks: [
        { chrtId: offers.wbChrt, amount: 6 },
        { chrtId: 1, amount: 1 },
      ],
    });
    expect(conflict.status).toBe(409);
    await conforms('WILDBERRIES', '/api/v3/stocks/{warehouseId}', 'put', 409, conflict.json);
    expect(sandbox.stocks('WILDBERRIES', 'wb-2')[0]!.amount).toBe(5);
    // The 409 cost ten requests: the bucket is empty now.
    const limited = await call('PUT', `/api/v3/stocks/${warehouses.wb}`, wb, {
      stocks: [{ chrtId: offers.wbChrt, amount: 6 }],
    });
    expect(limited.status).toBe(429);
    await conforms('WILDBERRIES', '/api/v3/stocks/{warehouseId}', 'put', 429, limited.json);

    await sleep(3 * MINUTE_MS);
    for (const body of [
      {},
      { stocks: [] },
      { stocks: [{ sku: 'barcode', amount: 1 }] },
      { stocks: [{ chrtId: offers.wbChrt, amount: -1 }] },
    ]) {
      await sleep(MINUTE_MS / 4);
      const bad = await call('PUT', `/api/v3/stocks/${warehouses.wb}`, wb, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      await conforms('WILDBERRIES', '/api/v3/stocks/{warehouseId}', 'put', 400, bad.json);
    }
    await sleep(MINUTE_MS / 4);
    const missing = await call('PUT', '/api/v3/stocks/1', wb, { stocks: [{ chrtId: offers.wbChrt, amount: 1 }] });
    expect(missing.status).toBe(404);
    await conforms('WILDBERRIES', '/api/v3/stocks/{warehouseId}', 'put', 404, missing.json);
    expect(
      (await call('PUT', `/api/v3/stocks/${warehouses.wb}`, { Authorization: 'nope' }, { stocks: [] })).status,
    ).toBe(401);
  });

  it('YM updateStocks: OK, 400 naming the unknown SKU (nothing applied), 400 for a duplicate, 420 past the SKUs of a minute; getStocks reads it back', async () => {
    const put = (skus: unknown) => call('PUT', '/v2/campaigns/31000002/offers/stocks', ym, { skus });
    const ok = await put([{ sku: offers.ym, items: [{ count: 4, updatedAt: '2026-01-05T10:00:00+03:00' }] }]);
    expect(ok.status).toBe(200);
    await conforms('YM', '/v2/campaigns/{campaignId}/offers/stocks', 'put', 200, ok.json);
    const unknown = await put([
      { sku: offers.ym, items: [{ count: 9 }] },
      { sku: 'no-such-sku', items: [{ count: 1 }] },
    ]);
    expect(unknown.status).toBe(400);
    await conforms('YM', '/v2/campaigns/{campaignId}/offers/stocks', 'put', 400, unknown.json);
    expect(unknown.json).toEqual({
      status: 'ERROR',
      errors: [{ code: 'OFFER_NOT_FOUND', message: 'Offer not found: no-such-sku' }],
    });
    const read = await call('POST', '/v2/campaigns/31000002/offers/stocks', ym, { offerIds: [offers.ym] });
    await conforms('YM', '/v2/campaigns/{campaignId}/offers/stocks', 'post', 200, read.json);
    const offer = (
      read.json!.result as { warehouses: Array<{ offers: Array<{ stocks: Array<{ type: string; count: number }> }> }> }
    ).warehouses[0]!.offers[0]!;
    expect(offer.stocks.find((s) => s.type === 'AVAILABLE')!.count).toBe(4);
    // 1 + 2 SKUs of 4 spent: two more are one too many.
    const limited = await put([
      { sku: offers.ym, items: [{ count: 1 }] },
      { sku: `${offers.ym} `, items: [{ count: 1 }] },
    ]);
    expect(limited.status).toBe(420);
    await conforms('YM', '/v2/campaigns/{campaignId}/offers/stocks', 'put', 420, limited.json);
    await sleep(MINUTE_MS);
    const duplicate = await put([
      { sku: offers.ym, items: [{ count: 1 }] },
      { sku: ` ${offers.ym}`, items: [{ count: 2 }] },
    ]);
    expect(duplicate.json).toMatchObject({ status: 'ERROR', errors: [{ code: 'DUPLICATE_OFFER' }] });
    await sleep(MINUTE_MS);
    for (const skus of [undefined, [], [{ sku: offers.ym, items: [] }], [{ sku: offers.ym, items: [{ count: -1 }] }]]) {
      await sleep(MINUTE_MS / 3);
      const bad = await put(skus);
      expect(bad.status, JSON.stringify(skus)).toBe(400);
      await conforms('YM', '/v2/campaigns/{campaignId}/offers/stocks', 'put', 400, bad.json);
    }
    expect((await call('PUT', '/v2/campaigns/1/offers/stocks', ym, { skus: [] })).status).toBe(403);
  });

  it('tests read the stocks over HTTP too, and can make the sandbox refuse an article', async () => {
    const listed = await fetch(`${sandbox.url}/__sandbox/stocks/ym?store=31000002`).then((r) => r.json());
    expect(listed.stocks).toMatchObject([{ marketplace: 'YM', offerId: offers.ym, amount: 4 }]);
    const refused = await fetch(`${sandbox.url}/__sandbox/stocks/YM/refuse`, {
      method: 'POST',
      body: JSON.stringify({ offer_id: offers.ym }),
    });
    expect(refused.status).toBe(200);
    await sleep(MINUTE_MS);
    const put = await call('PUT', '/v2/campaigns/31000002/offers/stocks', ym, {
      skus: [{ sku: offers.ym, items: [{ count: 1 }] }],
    });
    expect(put.json).toMatchObject({ errors: [{ code: 'OFFER_NOT_FOUND' }] });
  });
});
