// no database: the sandbox marketplace against the official OpenAPI documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIdOf, startSandbox, type Sandbox, type SandboxMarketplace } from '../../../server/sandbox/server.ts';
import { ozonSandbox } from '../../../server/sandbox/ozon.ts';
import { wildberriesSandbox } from '../../../server/sandbox/wildberries.ts';
import { yandexMarketSandbox } from '../../../server/sandbox/yandex-market.ts';
import { describeErrors, responseValidator, specFiles, specsAvailable, specsDir } from './helpers/spec-validator.ts';

const stores = [
  { marketplace: 'OZON' as const, marketId: '777001', apiKey: 'ozon-key', name: 'Озон-тест' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-1', apiKey: 'wb-token', name: 'ВБ-тест' },
  { marketplace: 'YM' as const, marketId: '31000001', apiKey: 'ym-key', name: 'Маркет-тест' },
];
const ozonHeaders = { 'Client-Id': '777001', 'Api-Key': 'ozon-key' };
const business = businessIdOf('ym-key');

interface Case {
  title: string;
  marketplace: SandboxMarketplace;
  /** The path as the spec writes it. */
  specPath: string;
  method: 'get' | 'post';
  /** A function where the URL or body needs the cursor an earlier case received. */
  url: string | (() => string);
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  /** Rate-limit answers are injected before the request. */
  inject?: boolean;
  /** For statuses the spec leaves out (OZON's 429), the declared status whose schema applies. */
  schemaOf?: number | 'default';
  /** The spec document, where the marketplace's default one does not hold the path (WB reports). */
  spec?: keyof typeof specFiles;
}

let sandbox: Sandbox;
const nextCursor: { wb?: unknown; ozon?: string; ym?: string; ozonReturns?: number; ymReturns?: string } = {};
const ymCampaign = 31000001;
const ozonReturnsFilter = { logistic_return_date: { time_from: '2025-12-31T21:00:00.000Z', time_to: '2026-03-31T20:59:59.999Z' } };

const cases: Case[] = [
  { title: 'OZON product/list, first page', marketplace: 'OZON', specPath: '/v3/product/list', method: 'post', url: '/v3/product/list', headers: ozonHeaders, body: { filter: { visibility: 'ALL' }, last_id: '', limit: 40 }, status: 200 },
  { title: 'OZON product/list, next page', marketplace: 'OZON', specPath: '/v3/product/list', method: 'post', url: '/v3/product/list', headers: ozonHeaders, body: () => ({ last_id: nextCursor.ozon, limit: 40 }), status: 200 },
  { title: 'OZON product/list, limit over 1000', marketplace: 'OZON', specPath: '/v3/product/list', method: 'post', url: '/v3/product/list', headers: ozonHeaders, body: { limit: 5000 }, status: 400 },
  { title: 'OZON product/list, bad key', marketplace: 'OZON', specPath: '/v3/product/list', method: 'post', url: '/v3/product/list', headers: { ...ozonHeaders, 'Api-Key': 'wrong' }, body: {}, status: 403 },
  { title: 'OZON product/list, rate limited', marketplace: 'OZON', specPath: '/v3/product/list', method: 'post', url: '/v3/product/list', headers: ozonHeaders, body: {}, status: 429, inject: true, schemaOf: 400 },
  { title: 'OZON product/info/list', marketplace: 'OZON', specPath: '/v3/product/info/list', method: 'post', url: '/v3/product/info/list', headers: ozonHeaders, body: { offer_id: ['OZ777001-00001', 'OZ777001-00050'], product_id: [], sku: [] }, status: 200 },
  { title: 'OZON product/info/list, over 1000 ids', marketplace: 'OZON', specPath: '/v3/product/info/list', method: 'post', url: '/v3/product/info/list', headers: ozonHeaders, body: { product_id: Array.from({ length: 1001 }, (_, i) => String(i)) }, status: 400 },
  { title: 'OZON product/info/list, bad key', marketplace: 'OZON', specPath: '/v3/product/info/list', method: 'post', url: '/v3/product/info/list', headers: { 'Client-Id': '1', 'Api-Key': 'ozon-key' }, body: {}, status: 403 },
  { title: 'WB cards/list, first page', marketplace: 'WILDBERRIES', specPath: '/content/v2/get/cards/list', method: 'post', url: '/content/v2/get/cards/list?locale=ru', headers: { Authorization: 'wb-token' }, body: { settings: { filter: { withPhoto: -1 }, cursor: { limit: 60 } } }, status: 200 },
  { title: 'WB cards/list, cursor page (Bearer)', marketplace: 'WILDBERRIES', specPath: '/content/v2/get/cards/list', method: 'post', url: '/content/v2/get/cards/list', headers: { Authorization: 'Bearer wb-token' }, body: () => ({ settings: { cursor: { limit: 60, ...(nextCursor.wb as object) } } }), status: 200 },
  { title: 'WB cards/list, limit over 100', marketplace: 'WILDBERRIES', specPath: '/content/v2/get/cards/list', method: 'post', url: '/content/v2/get/cards/list', headers: { Authorization: 'wb-token' }, body: { settings: { cursor: { limit: 1000 } } }, status: 400 },
  { title: 'WB cards/list, bad token', marketplace: 'WILDBERRIES', specPath: '/content/v2/get/cards/list', method: 'post', url: '/content/v2/get/cards/list', headers: { Authorization: 'nope' }, body: {}, status: 401 },
  { title: 'WB cards/list, rate limited', marketplace: 'WILDBERRIES', specPath: '/content/v2/get/cards/list', method: 'post', url: '/content/v2/get/cards/list', headers: { Authorization: 'wb-token' }, body: {}, status: 429, inject: true },
  { title: 'OZON returns/list, first page', marketplace: 'OZON', specPath: '/v1/returns/list', method: 'post', url: '/v1/returns/list', headers: ozonHeaders, body: { filter: ozonReturnsFilter, limit: 20, last_id: 0 }, status: 200 },
  { title: 'OZON returns/list, next page', marketplace: 'OZON', specPath: '/v1/returns/list', method: 'post', url: '/v1/returns/list', headers: ozonHeaders, body: () => ({ filter: ozonReturnsFilter, limit: 20, last_id: nextCursor.ozonReturns }), status: 200 },
  { title: 'OZON returns/list, two date filters', marketplace: 'OZON', specPath: '/v1/returns/list', method: 'post', url: '/v1/returns/list', headers: ozonHeaders, body: { filter: { ...ozonReturnsFilter, visual_status_change_moment: ozonReturnsFilter.logistic_return_date }, limit: 20 }, status: 400, schemaOf: 'default' },
  { title: 'OZON returns/list, limit over 500', marketplace: 'OZON', specPath: '/v1/returns/list', method: 'post', url: '/v1/returns/list', headers: ozonHeaders, body: { limit: 501 }, status: 400, schemaOf: 'default' },
  { title: 'OZON returns/list, bad key', marketplace: 'OZON', specPath: '/v1/returns/list', method: 'post', url: '/v1/returns/list', headers: { ...ozonHeaders, 'Api-Key': 'wrong' }, body: { limit: 10 }, status: 403, schemaOf: 'default' },
  { title: 'OZON returns/list, rate limited', marketplace: 'OZON', specPath: '/v1/returns/list', method: 'post', url: '/v1/returns/list', headers: ozonHeaders, body: { limit: 10 }, status: 429, inject: true, schemaOf: 'default' },
  { title: 'WB card search (textSearch by WB article)', marketplace: 'WILDBERRIES', specPath: '/content/v2/get/cards/list', method: 'post', url: '/content/v2/get/cards/list?locale=ru', headers: { Authorization: 'wb-token' }, body: { settings: { filter: { withPhoto: -1, textSearch: 'WBwb-1-00007' }, cursor: { limit: 100 } } }, status: 200 },
  { title: 'WB goods-return, 31 days', marketplace: 'WILDBERRIES', spec: 'WILDBERRIES_REPORTS', specPath: '/api/v1/analytics/goods-return', method: 'get', url: '/api/v1/analytics/goods-return?dateFrom=2026-03-01&dateTo=2026-03-31', headers: { Authorization: 'wb-token' }, status: 200 },
  { title: 'WB goods-return, over 31 days', marketplace: 'WILDBERRIES', spec: 'WILDBERRIES_REPORTS', specPath: '/api/v1/analytics/goods-return', method: 'get', url: '/api/v1/analytics/goods-return?dateFrom=2026-01-01&dateTo=2026-03-31', headers: { Authorization: 'Bearer wb-token' }, status: 400 },
  { title: 'WB goods-return, no dateTo', marketplace: 'WILDBERRIES', spec: 'WILDBERRIES_REPORTS', specPath: '/api/v1/analytics/goods-return', method: 'get', url: '/api/v1/analytics/goods-return?dateFrom=2026-01-01', headers: { Authorization: 'wb-token' }, status: 400 },
  { title: 'WB goods-return, bad token', marketplace: 'WILDBERRIES', spec: 'WILDBERRIES_REPORTS', specPath: '/api/v1/analytics/goods-return', method: 'get', url: '/api/v1/analytics/goods-return?dateFrom=2026-03-01&dateTo=2026-03-31', headers: { Authorization: 'nope' }, status: 401 },
  { title: 'WB goods-return, rate limited', marketplace: 'WILDBERRIES', spec: 'WILDBERRIES_REPORTS', specPath: '/api/v1/analytics/goods-return', method: 'get', url: '/api/v1/analytics/goods-return?dateFrom=2026-03-01&dateTo=2026-03-31', headers: { Authorization: 'wb-token' }, status: 429, inject: true },
  { title: 'YM returns, first page', marketplace: 'YM', specPath: '/v2/campaigns/{campaignId}/returns', method: 'get', url: `/v2/campaigns/${ymCampaign}/returns?fromDate=2026-01-01&toDate=2026-03-31&limit=20`, headers: { 'Api-Key': 'ym-key' }, status: 200 },
  { title: 'YM returns, next page', marketplace: 'YM', specPath: '/v2/campaigns/{campaignId}/returns', method: 'get', url: () => `/v2/campaigns/${ymCampaign}/returns?fromDate=2026-01-01&toDate=2026-03-31&limit=20&page_token=${nextCursor.ymReturns}`, headers: { 'Api-Key': 'ym-key' }, status: 200 },
  { title: 'YM returns, bad date', marketplace: 'YM', specPath: '/v2/campaigns/{campaignId}/returns', method: 'get', url: `/v2/campaigns/${ymCampaign}/returns?fromDate=01-01-2026`, headers: { 'Api-Key': 'ym-key' }, status: 400 },
  { title: 'YM returns, bad key', marketplace: 'YM', specPath: '/v2/campaigns/{campaignId}/returns', method: 'get', url: `/v2/campaigns/${ymCampaign}/returns`, headers: { 'Api-Key': 'nope' }, status: 401 },
  { title: 'YM returns, foreign campaign', marketplace: 'YM', specPath: '/v2/campaigns/{campaignId}/returns', method: 'get', url: '/v2/campaigns/42/returns', headers: { 'Api-Key': 'ym-key' }, status: 403 },
  { title: 'YM returns, limited', marketplace: 'YM', specPath: '/v2/campaigns/{campaignId}/returns', method: 'get', url: `/v2/campaigns/${ymCampaign}/returns`, headers: { 'Api-Key': 'ym-key' }, status: 420, inject: true },
  { title: 'YM campaigns', marketplace: 'YM', specPath: '/v2/campaigns', method: 'get', url: '/v2/campaigns', headers: { 'Api-Key': 'ym-key' }, status: 200 },
  { title: 'YM campaigns, bad key', marketplace: 'YM', specPath: '/v2/campaigns', method: 'get', url: '/v2/campaigns', headers: { 'Api-Key': 'nope' }, status: 401 },
  { title: 'YM campaigns, limited', marketplace: 'YM', specPath: '/v2/campaigns', method: 'get', url: '/v2/campaigns', headers: { 'Api-Key': 'ym-key' }, status: 420, inject: true },
  { title: 'YM offer-mappings, first page', marketplace: 'YM', specPath: '/v2/businesses/{businessId}/offer-mappings', method: 'post', url: `/v2/businesses/${business}/offer-mappings?limit=70`, headers: { 'Api-Key': 'ym-key' }, body: {}, status: 200 },
  { title: 'YM offer-mappings, next page', marketplace: 'YM', specPath: '/v2/businesses/{businessId}/offer-mappings', method: 'post', url: () => `/v2/businesses/${business}/offer-mappings?limit=70&page_token=${nextCursor.ym}`, headers: { 'Api-Key': 'ym-key' }, status: 200 },
  { title: 'YM offer-mappings, by offerIds', marketplace: 'YM', specPath: '/v2/businesses/{businessId}/offer-mappings', method: 'post', url: `/v2/businesses/${business}/offer-mappings`, headers: { 'Api-Key': 'ym-key' }, body: { offerIds: [`YM${business}-00050`, `YM${business}-00001`] }, status: 200 },
  { title: 'YM offer-mappings, bad page_token', marketplace: 'YM', specPath: '/v2/businesses/{businessId}/offer-mappings', method: 'post', url: `/v2/businesses/${business}/offer-mappings?page_token=%%%`, headers: { 'Api-Key': 'ym-key' }, status: 400 },
  { title: 'YM offer-mappings, Bearer prefix', marketplace: 'YM', specPath: '/v2/businesses/{businessId}/offer-mappings', method: 'post', url: `/v2/businesses/${business}/offer-mappings`, headers: { 'Api-Key': 'Bearer ym-key' }, status: 401 },
  { title: 'YM offer-mappings, foreign business', marketplace: 'YM', specPath: '/v2/businesses/{businessId}/offer-mappings', method: 'post', url: '/v2/businesses/42/offer-mappings', headers: { 'Api-Key': 'ym-key' }, status: 403 },
  { title: 'YM offer-mappings, limited', marketplace: 'YM', specPath: '/v2/businesses/{businessId}/offer-mappings', method: 'post', url: `/v2/businesses/${business}/offer-mappings`, headers: { 'Api-Key': 'ym-key' }, status: 420, inject: true },
];

async function call(c: Case) {
  const url = typeof c.url === 'function' ? c.url() : c.url;
  const body = typeof c.body === 'function' ? (c.body as () => unknown)() : c.body;
  if (c.inject) sandbox.control.failNext(c.marketplace, 1);
  const res = await fetch(sandbox.url + url, {
    method: c.method.toUpperCase(),
    headers: { ...c.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(!specsAvailable)(`sandbox answers validate against the official specs (${specsDir})`, () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ offersPerStore: 150, stores, returnsPerStore: 60, returnsUntil: '2026-03-31' });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  // Sequential on purpose: "next page" cases read the cursor the previous case received.
  for (const c of cases) {
    it(`${c.title} → ${c.status}`, async () => {
      const { res, json } = await call(c);
      expect(res.status, JSON.stringify(json)).toBe(c.status);
      const validate = await responseValidator(c.spec ?? c.marketplace, c.specPath, c.method, c.schemaOf ?? c.status);
      expect(validate, `the spec declares ${c.specPath} ${c.schemaOf ?? c.status}`).toBeDefined();
      expect(validate!(json), describeErrors(validate!)).toBe(true);
      if (c.status !== 200) return;
      const result = json.result as Record<string, unknown> | undefined;
      if (c.title.startsWith('OZON product/list')) {
        expect((result?.items as unknown[]).length).toBeGreaterThan(0);
        nextCursor.ozon = result?.last_id as string;
      }
      if (c.title.startsWith('WB cards/list')) {
        expect((json.cards as unknown[]).length).toBe(60);
        const { updatedAt, nmID } = json.cursor as { updatedAt: string; nmID: number };
        nextCursor.wb = { updatedAt, nmID };
      }
      if (c.title.startsWith('OZON returns/list')) {
        const returns = json.returns as { id: number }[];
        expect(returns).toHaveLength(20);
        expect(json.has_next).toBe(true);
        nextCursor.ozonReturns = returns.at(-1)!.id;
      }
      if (c.title.startsWith('WB card search')) expect((json.cards as { vendorCode: string }[]).map((card) => card.vendorCode)).toEqual(['WBwb-1-00007']);
      if (c.title.startsWith('WB goods-return')) expect((json.report as unknown[]).length).toBeGreaterThan(5);
      if (c.title.startsWith('YM returns')) {
        expect((result?.returns as unknown[]).length).toBe(20);
        nextCursor.ymReturns = (result?.paging as { nextPageToken?: string } | undefined)?.nextPageToken;
      }
      if (c.title.startsWith('YM offer-mappings')) {
        expect((result?.offerMappings as unknown[]).length).toBeGreaterThan(0);
        nextCursor.ym = (result?.paging as { nextPageToken?: string } | undefined)?.nextPageToken;
      }
    });
  }

  it('every endpoint the sandbox serves is covered above', () => {
    for (const module of [ozonSandbox, wildberriesSandbox, yandexMarketSandbox]) {
      for (const route of module.routes) {
        const covered = cases.some((c) => c.marketplace === module.marketplace && c.method.toUpperCase() === route.method && route.pattern.test(c.specPath.replace('{businessId}', '1').replace('{campaignId}', '1')));
        expect(covered, `${module.marketplace} ${route.method} ${route.pattern}`).toBe(true);
      }
    }
  });

  it('the validator catches drift: an invented field and a wrong type fail', async () => {
    const validate = (await responseValidator('WILDBERRIES', '/content/v2/get/cards/list', 'post', 200))!;
    expect(validate({ cards: [{ nmID: 1, vendorCode: 'a', invented: true }], cursor: { total: 1 } })).toBe(false);
    expect(validate({ cards: [{ nmID: 'one' }] })).toBe(false);
    const ym = (await responseValidator('YM', '/v2/businesses/{businessId}/offer-mappings', 'post', 200))!;
    expect(ym({ status: 'OK', result: { offerMappings: [{ offer: { offerId: 'x', pictures: [] } }] } }), 'pictures needs minItems 1').toBe(false);
    expect(ym({ status: 'OK', result: { offerMappings: [{ offer: { offerId: 'x', nameX: 'y' } }] } })).toBe(false);
    expect(ym({ status: 'OK', result: { offerMappings: [{ offer: { offerId: 'x', pictures: null } }] } })).toBe(true);
    const ozon = (await responseValidator('OZON', '/v3/product/list', 'post', 200))!;
    expect(ozon({ result: { items: [{ product_id: 1, offer_id: 'a' }], last_id: '', total: 1 } })).toBe(true);
    expect(ozon({ result: { items: [{ product_id: '1' }] } })).toBe(false);
    expect(ozon({ result: { items: [], lastId: '' } })).toBe(false);
    const ozonReturns = (await responseValidator('OZON', '/v1/returns/list', 'post', 200))!;
    expect(ozonReturns({ returns: [{ id: 1, product: { offer_id: 'a', quantity: 1, price: { price: 10 } } }], has_next: false })).toBe(true);
    expect(ozonReturns({ returns: [{ id: '1' }] }), 'id is int64').toBe(false);
    expect(ozonReturns({ returns: [{ id: 1, product: { price: { price: '10' } } }] }), 'price is a number here').toBe(false);
    const wbReport = (await responseValidator('WILDBERRIES_REPORTS', '/api/v1/analytics/goods-return', 'get', 200))!;
    expect(wbReport({ report: [{ nmId: 1, srid: 'x', completedDt: null }] })).toBe(true);
    expect(wbReport({ report: [{ nmId: 1, quantity: 1 }] }), 'the report has no quantity').toBe(false);
    const ymReturns = (await responseValidator('YM', '/v2/campaigns/{campaignId}/returns', 'get', 200))!;
    const ymReturn = { id: 1, orderId: 2, returnType: 'RETURN', items: [{ shopSku: 'a', count: 1 }] };
    expect(ymReturns({ status: 'OK', result: { returns: [ymReturn] } })).toBe(true);
    expect(ymReturns({ status: 'OK', result: { returns: [{ ...ymReturn, items: [{ count: 1 }] }] } }), 'shopSku is required').toBe(false);
    expect(ymReturns({ status: 'OK', result: { returns: [{ ...ymReturn, shipmentStatus: 'SOMEWHERE' }] } })).toBe(false);
  });

  it('serves the PNG images its catalogs link to', async () => {
    const res = await fetch(`${sandbox.url}/images/7.png`);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
