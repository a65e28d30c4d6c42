// no database: the sandbox marketplace against the official OpenAPI documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessIdOf,
  postingStatuses,
  startSandbox,
  type Sandbox,
  type SandboxMarketplace,
} from '../../../server/sandbox/server.ts';
import { ozonSandbox } from '../../../server/sandbox/ozon.ts';
import { ozonPostingSandbox } from '../../../server/sandbox/ozon-postings.ts';
import { wildberriesSandbox } from '../../../server/sandbox/wildberries.ts';
import { wildberriesOrderSandbox } from '../../../server/sandbox/wildberries-orders.ts';
import { yandexMarketSandbox } from '../../../server/sandbox/yandex-market.ts';
import { yandexMarketOrderSandbox } from '../../../server/sandbox/yandex-market-orders.ts';
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
const nextCursor: {
  wb?: unknown;
  ozon?: string;
  ym?: string;
  ozonReturns?: number;
  ymReturns?: string;
  wbOrders?: number;
  wbOrderIds?: number[];
  ymOrders?: string;
} = {};
const ymCampaign = 31000001;
/** Postings are created up to ~50 days before the sandbox starts: this window holds the newest ones. */
const postingsWindow = () => ({
  since: new Date(Date.now() - 40 * 86_400_000).toISOString(),
  to: new Date(Date.now() + 3_600_000).toISOString(),
});
const nowSec = () => Math.floor(Date.now() / 1000);
const moscowDay = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const wbOrders = {
  spec: 'WILDBERRIES_ORDERS' as const,
  marketplace: 'WILDBERRIES' as const,
  headers: { Authorization: 'wb-token' },
};
const ymOrders = {
  marketplace: 'YM' as const,
  specPath: '/v1/businesses/{businessId}/orders',
  method: 'post' as const,
  headers: { 'Api-Key': 'ym-key' },
};
const ozonFbs = {
  marketplace: 'OZON' as const,
  specPath: '/v3/posting/fbs/list',
  method: 'post' as const,
  url: '/v3/posting/fbs/list',
  headers: ozonHeaders,
};
const ozonReturnsFilter = {
  logistic_return_date: { time_from: '2025-12-31T21:00:00.000Z', time_to: '2026-03-31T20:59:59.999Z' },
};

const cases: Case[] = [
  {
    title: 'OZON product/list, first page',
    marketplace: 'OZON',
    specPath: '/v3/product/list',
    method: 'post',
    url: '/v3/product/list',
    headers: ozonHeaders,
    body: { filter: { visibility: 'ALL' }, last_id: '', limit: 40 },
    status: 200,
  },
  {
    title: 'OZON product/list, next page',
    marketplace: 'OZON',
    specPath: '/v3/product/list',
    method: 'post',
    url: '/v3/product/list',
    headers: ozonHeaders,
    body: () => ({ last_id: nextCursor.ozon, limit: 40 }),
    status: 200,
  },
  {
    title: 'OZON product/list, limit over 1000',
    marketplace: 'OZON',
    specPath: '/v3/product/list',
    method: 'post',
    url: '/v3/product/list',
    headers: ozonHeaders,
    body: { limit: 5000 },
    status: 400,
  },
  {
    title: 'OZON product/list, bad key',
    marketplace: 'OZON',
    specPath: '/v3/product/list',
    method: 'post',
    url: '/v3/product/list',
    headers: { ...ozonHeaders, 'Api-Key': 'wrong' },
    body: {},
    status: 403,
  },
  {
    title: 'OZON product/list, rate limited',
    marketplace: 'OZON',
    specPath: '/v3/product/list',
    method: 'post',
    url: '/v3/product/list',
    headers: ozonHeaders,
    body: {},
    status: 429,
    inject: true,
    schemaOf: 400,
  },
  {
    title: 'OZON product/info/list',
    marketplace: 'OZON',
    specPath: '/v3/product/info/list',
    method: 'post',
    url: '/v3/product/info/list',
    headers: ozonHeaders,
    body: { offer_id: ['OZ777001-00001', 'OZ777001-00050'], product_id: [], sku: [] },
    status: 200,
  },
  {
    title: 'OZON product/info/list, over 1000 ids',
    marketplace: 'OZON',
    specPath: '/v3/product/info/list',
    method: 'post',
    url: '/v3/product/info/list',
    headers: ozonHeaders,
    body: { product_id: Array.from({ length: 1001 }, (_, i) => String(i)) },
    status: 400,
  },
  {
    title: 'OZON product/info/list, bad key',
    marketplace: 'OZON',
    specPath: '/v3/product/info/list',
    method: 'post',
    url: '/v3/product/info/list',
    headers: { 'Client-Id': '1', 'Api-Key': 'ozon-key' },
    body: {},
    status: 403,
  },
  {
    title: 'WB cards/list, first page',
    marketplace: 'WILDBERRIES',
    specPath: '/content/v2/get/cards/list',
    method: 'post',
    url: '/content/v2/get/cards/list?locale=ru',
    headers: { Authorization: 'wb-token' },
    body: { settings: { filter: { withPhoto: -1 }, cursor: { limit: 60 } } },
    status: 200,
  },
  {
    title: 'WB cards/list, cursor page (Bearer)',
    marketplace: 'WILDBERRIES',
    specPath: '/content/v2/get/cards/list',
    method: 'post',
    url: '/content/v2/get/cards/list',
    headers: { Authorization: 'Bearer wb-token' },
    body: () => ({ settings: { cursor: { limit: 60, ...(nextCursor.wb as object) } } }),
    status: 200,
  },
  {
    title: 'WB cards/list, limit over 100',
    marketplace: 'WILDBERRIES',
    specPath: '/content/v2/get/cards/list',
    method: 'post',
    url: '/content/v2/get/cards/list',
    headers: { Authorization: 'wb-token' },
    body: { settings: { cursor: { limit: 1000 } } },
    status: 400,
  },
  {
    title: 'WB cards/list, bad token',
    marketplace: 'WILDBERRIES',
    specPath: '/content/v2/get/cards/list',
    method: 'post',
    url: '/content/v2/get/cards/list',
    headers: { Authorization: 'nope' },
    body: {},
    status: 401,
  },
  {
    title: 'WB cards/list, rate limited',
    marketplace: 'WILDBERRIES',
    specPath: '/content/v2/get/cards/list',
    method: 'post',
    url: '/content/v2/get/cards/list',
    headers: { Authorization: 'wb-token' },
    body: {},
    status: 429,
    inject: true,
  },
  {
    title: 'OZON returns/list, first page',
    marketplace: 'OZON',
    specPath: '/v1/returns/list',
    method: 'post',
    url: '/v1/returns/list',
    headers: ozonHeaders,
    body: { filter: ozonReturnsFilter, limit: 20, last_id: 0 },
    status: 200,
  },
  {
    title: 'OZON returns/list, next page',
    marketplace: 'OZON',
    specPath: '/v1/returns/list',
    method: 'post',
    url: '/v1/returns/list',
    headers: ozonHeaders,
    body: () => ({ filter: ozonReturnsFilter, limit: 20, last_id: nextCursor.ozonReturns }),
    status: 200,
  },
  {
    title: 'OZON returns/list, two date filters',
    marketplace: 'OZON',
    specPath: '/v1/returns/list',
    method: 'post',
    url: '/v1/returns/list',
    headers: ozonHeaders,
    body: {
      filter: { ...ozonReturnsFilter, visual_status_change_moment: ozonReturnsFilter.logistic_return_date },
      limit: 20,
    },
    status: 400,
    schemaOf: 'default',
  },
  {
    title: 'OZON returns/list, limit over 500',
    marketplace: 'OZON',
    specPath: '/v1/returns/list',
    method: 'post',
    url: '/v1/returns/list',
    headers: ozonHeaders,
    body: { limit: 501 },
    status: 400,
    schemaOf: 'default',
  },
  {
    title: 'OZON returns/list, bad key',
    marketplace: 'OZON',
    specPath: '/v1/returns/list',
    method: 'post',
    url: '/v1/returns/list',
    headers: { ...ozonHeaders, 'Api-Key': 'wrong' },
    body: { limit: 10 },
    status: 403,
    schemaOf: 'default',
  },
  {
    title: 'OZON returns/list, rate limited',
    marketplace: 'OZON',
    specPath: '/v1/returns/list',
    method: 'post',
    url: '/v1/returns/list',
    headers: ozonHeaders,
    body: { limit: 10 },
    status: 429,
    inject: true,
    schemaOf: 'default',
  },
  {
    title: 'WB card search (textSearch by WB article)',
    marketplace: 'WILDBERRIES',
    specPath: '/content/v2/get/cards/list',
    method: 'post',
    url: '/content/v2/get/cards/list?locale=ru',
    headers: { Authorization: 'wb-token' },
    body: { settings: { filter: { withPhoto: -1, textSearch: 'WBwb-1-00007' }, cursor: { limit: 100 } } },
    status: 200,
  },
  {
    title: 'WB goods-return, 31 days',
    marketplace: 'WILDBERRIES',
    spec: 'WILDBERRIES_REPORTS',
    specPath: '/api/v1/analytics/goods-return',
    method: 'get',
    url: '/api/v1/analytics/goods-return?dateFrom=2026-03-01&dateTo=2026-03-31',
    headers: { Authorization: 'wb-token' },
    status: 200,
  },
  {
    title: 'WB goods-return, over 31 days',
    marketplace: 'WILDBERRIES',
    spec: 'WILDBERRIES_REPORTS',
    specPath: '/api/v1/analytics/goods-return',
    method: 'get',
    url: '/api/v1/analytics/goods-return?dateFrom=2026-01-01&dateTo=2026-03-31',
    headers: { Authorization: 'Bearer wb-token' },
    status: 400,
  },
  {
    title: 'WB goods-return, no dateTo',
    marketplace: 'WILDBERRIES',
    spec: 'WILDBERRIES_REPORTS',
    specPath: '/api/v1/analytics/goods-return',
    method: 'get',
    url: '/api/v1/analytics/goods-return?dateFrom=2026-01-01',
    headers: { Authorization: 'wb-token' },
    status: 400,
  },
  {
    title: 'WB goods-return, bad token',
    marketplace: 'WILDBERRIES',
    spec: 'WILDBERRIES_REPORTS',
    specPath: '/api/v1/analytics/goods-return',
    method: 'get',
    url: '/api/v1/analytics/goods-return?dateFrom=2026-03-01&dateTo=2026-03-31',
    headers: { Authorization: 'nope' },
    status: 401,
  },
  {
    title: 'WB goods-return, rate limited',
    marketplace: 'WILDBERRIES',
    spec: 'WILDBERRIES_REPORTS',
    specPath: '/api/v1/analytics/goods-return',
    method: 'get',
    url: '/api/v1/analytics/goods-return?dateFrom=2026-03-01&dateTo=2026-03-31',
    headers: { Authorization: 'wb-token' },
    status: 429,
    inject: true,
  },
  {
    title: 'YM returns, first page',
    marketplace: 'YM',
    specPath: '/v2/campaigns/{campaignId}/returns',
    method: 'get',
    url: `/v2/campaigns/${ymCampaign}/returns?fromDate=2026-01-01&toDate=2026-03-31&limit=20`,
    headers: { 'Api-Key': 'ym-key' },
    status: 200,
  },
  {
    title: 'YM returns, next page',
    marketplace: 'YM',
    specPath: '/v2/campaigns/{campaignId}/returns',
    method: 'get',
    url: () =>
      `/v2/campaigns/${ymCampaign}/returns?fromDate=2026-01-01&toDate=2026-03-31&limit=20&page_token=${nextCursor.ymReturns}`,
    headers: { 'Api-Key': 'ym-key' },
    status: 200,
  },
  {
    title: 'YM returns, bad date',
    marketplace: 'YM',
    specPath: '/v2/campaigns/{campaignId}/returns',
    method: 'get',
    url: `/v2/campaigns/${ymCampaign}/returns?fromDate=01-01-2026`,
    headers: { 'Api-Key': 'ym-key' },
    status: 400,
  },
  {
    title: 'YM returns, bad key',
    marketplace: 'YM',
    specPath: '/v2/campaigns/{campaignId}/returns',
    method: 'get',
    url: `/v2/campaigns/${ymCampaign}/returns`,
    headers: { 'Api-Key': 'nope' },
    status: 401,
  },
  {
    title: 'YM returns, foreign campaign',
    marketplace: 'YM',
    specPath: '/v2/campaigns/{campaignId}/returns',
    method: 'get',
    url: '/v2/campaigns/42/returns',
    headers: { 'Api-Key': 'ym-key' },
    status: 403,
  },
  {
    title: 'YM returns, limited',
    marketplace: 'YM',
    specPath: '/v2/campaigns/{campaignId}/returns',
    method: 'get',
    url: `/v2/campaigns/${ymCampaign}/returns`,
    headers: { 'Api-Key': 'ym-key' },
    status: 420,
    inject: true,
  },
  {
    title: 'YM campaigns',
    marketplace: 'YM',
    specPath: '/v2/campaigns',
    method: 'get',
    url: '/v2/campaigns',
    headers: { 'Api-Key': 'ym-key' },
    status: 200,
  },
  {
    title: 'YM campaigns, bad key',
    marketplace: 'YM',
    specPath: '/v2/campaigns',
    method: 'get',
    url: '/v2/campaigns',
    headers: { 'Api-Key': 'nope' },
    status: 401,
  },
  {
    title: 'YM campaigns, limited',
    marketplace: 'YM',
    specPath: '/v2/campaigns',
    method: 'get',
    url: '/v2/campaigns',
    headers: { 'Api-Key': 'ym-key' },
    status: 420,
    inject: true,
  },
  {
    title: 'YM offer-mappings, first page',
    marketplace: 'YM',
    specPath: '/v2/businesses/{businessId}/offer-mappings',
    method: 'post',
    url: `/v2/businesses/${business}/offer-mappings?limit=70`,
    headers: { 'Api-Key': 'ym-key' },
    body: {},
    status: 200,
  },
  {
    title: 'YM offer-mappings, next page',
    marketplace: 'YM',
    specPath: '/v2/businesses/{businessId}/offer-mappings',
    method: 'post',
    url: () => `/v2/businesses/${business}/offer-mappings?limit=70&page_token=${nextCursor.ym}`,
    headers: { 'Api-Key': 'ym-key' },
    status: 200,
  },
  {
    title: 'YM offer-mappings, by offerIds',
    marketplace: 'YM',
    specPath: '/v2/businesses/{businessId}/offer-mappings',
    method: 'post',
    url: `/v2/businesses/${business}/offer-mappings`,
    headers: { 'Api-Key': 'ym-key' },
    body: { offerIds: [`YM${business}-00050`, `YM${business}-00001`] },
    status: 200,
  },
  {
    title: 'YM offer-mappings, bad page_token',
    marketplace: 'YM',
    specPath: '/v2/businesses/{businessId}/offer-mappings',
    method: 'post',
    url: `/v2/businesses/${business}/offer-mappings?page_token=%%%`,
    headers: { 'Api-Key': 'ym-key' },
    status: 400,
  },
  {
    title: 'YM offer-mappings, Bearer prefix',
    marketplace: 'YM',
    specPath: '/v2/businesses/{businessId}/offer-mappings',
    method: 'post',
    url: `/v2/businesses/${business}/offer-mappings`,
    headers: { 'Api-Key': 'Bearer ym-key' },
    status: 401,
  },
  {
    title: 'YM offer-mappings, foreign business',
    marketplace: 'YM',
    specPath: '/v2/businesses/{businessId}/offer-mappings',
    method: 'post',
    url: '/v2/businesses/42/offer-mappings',
    headers: { 'Api-Key': 'ym-key' },
    status: 403,
  },
  {
    title: 'YM offer-mappings, limited',
    marketplace: 'YM',
    specPath: '/v2/businesses/{businessId}/offer-mappings',
    method: 'post',
    url: `/v2/businesses/${business}/offer-mappings`,
    headers: { 'Api-Key': 'ym-key' },
    status: 420,
    inject: true,
  },
  {
    ...ozonFbs,
    title: 'OZON posting/fbs/list, awaiting_packaging, first page',
    body: () => ({ dir: 'ASC', filter: { ...postingsWindow(), status: 'awaiting_packaging' }, limit: 2, offset: 0 }),
    status: 200,
  },
  {
    ...ozonFbs,
    title: 'OZON posting/fbs/list, awaiting_packaging, next page',
    body: () => ({ dir: 'ASC', filter: { ...postingsWindow(), status: 'awaiting_packaging' }, limit: 2, offset: 2 }),
    status: 200,
  },
  {
    ...ozonFbs,
    title: 'OZON posting/fbs/list, every status (delivered and cancelled too)',
    body: () => ({ filter: postingsWindow(), limit: 1000, offset: 0 }),
    status: 200,
  },
  {
    ...ozonFbs,
    specPath: '/v3/posting/fbs/get',
    url: '/v3/posting/fbs/get',
    title: 'OZON posting/fbs/get, a posting by number',
    body: () => ({ posting_number: sandbox.postings('OZON', '777001')[0]!.postingNumber }),
    status: 200,
  },
  {
    ...ozonFbs,
    specPath: '/v3/posting/fbs/get',
    url: '/v3/posting/fbs/get',
    title: 'OZON posting/fbs/get, a number OZON does not know',
    body: { posting_number: '00000000-0000-9' },
    status: 404,
  },
  {
    ...ozonFbs,
    title: 'OZON posting/fbs/list, period over a year',
    body: { filter: { since: '2024-01-01T00:00:00Z', to: '2025-06-01T00:00:00Z' }, limit: 10, offset: 0 },
    status: 400,
  },
  {
    ...ozonFbs,
    title: 'OZON posting/fbs/list, no limit',
    body: () => ({ filter: postingsWindow(), offset: 0 }),
    status: 400,
  },
  {
    ...ozonFbs,
    title: 'OZON posting/fbs/list, bad key',
    headers: { ...ozonHeaders, 'Api-Key': 'wrong' },
    body: () => ({ filter: postingsWindow(), limit: 10, offset: 0 }),
    status: 403,
  },
  {
    ...ozonFbs,
    title: 'OZON posting/fbs/list, rate limited',
    body: () => ({ filter: postingsWindow(), limit: 10, offset: 0 }),
    status: 429,
    inject: true,
    schemaOf: 400,
  },
  {
    ...wbOrders,
    title: 'WB orders, first page',
    specPath: '/api/v3/orders',
    method: 'get',
    url: () => `/api/v3/orders?limit=10&next=0&dateFrom=${nowSec() - 30 * 86_400}&dateTo=${nowSec()}`,
    status: 200,
  },
  {
    ...wbOrders,
    title: 'WB orders, next page',
    specPath: '/api/v3/orders',
    method: 'get',
    url: () =>
      `/api/v3/orders?limit=10&next=${nextCursor.wbOrders}&dateFrom=${nowSec() - 30 * 86_400}&dateTo=${nowSec()}`,
    status: 200,
  },
  {
    ...wbOrders,
    title: 'WB orders, over 30 days',
    specPath: '/api/v3/orders',
    method: 'get',
    url: () => `/api/v3/orders?limit=10&next=0&dateFrom=${nowSec() - 40 * 86_400}&dateTo=${nowSec()}`,
    status: 400,
  },
  {
    ...wbOrders,
    title: 'WB orders, no limit',
    specPath: '/api/v3/orders',
    method: 'get',
    url: '/api/v3/orders?next=0',
    status: 400,
  },
  {
    ...wbOrders,
    title: 'WB orders, bad token',
    specPath: '/api/v3/orders',
    method: 'get',
    url: '/api/v3/orders?limit=10&next=0',
    headers: { Authorization: 'nope' },
    status: 401,
  },
  {
    ...wbOrders,
    title: 'WB orders, rate limited',
    specPath: '/api/v3/orders',
    method: 'get',
    url: '/api/v3/orders?limit=10&next=0',
    status: 429,
    inject: true,
  },
  {
    ...wbOrders,
    title: 'WB orders/new',
    specPath: '/api/v3/orders/new',
    method: 'get',
    url: '/api/v3/orders/new',
    headers: { Authorization: 'Bearer wb-token' },
    status: 200,
  },
  {
    ...wbOrders,
    title: 'WB orders/new, bad token',
    specPath: '/api/v3/orders/new',
    method: 'get',
    url: '/api/v3/orders/new',
    headers: { Authorization: 'nope' },
    status: 401,
  },
  {
    ...wbOrders,
    title: 'WB orders/status',
    specPath: '/api/v3/orders/status',
    method: 'post',
    url: '/api/v3/orders/status',
    body: () => ({ orders: nextCursor.wbOrderIds }),
    status: 200,
  },
  {
    ...wbOrders,
    title: 'WB orders/status, no ids',
    specPath: '/api/v3/orders/status',
    method: 'post',
    url: '/api/v3/orders/status',
    body: { orders: [] },
    status: 400,
  },
  {
    ...wbOrders,
    title: 'WB orders/status, over 1000 ids',
    specPath: '/api/v3/orders/status',
    method: 'post',
    url: '/api/v3/orders/status',
    body: { orders: Array.from({ length: 1001 }, (_, i) => i + 1) },
    status: 400,
  },
  {
    ...wbOrders,
    title: 'WB orders/status, bad token',
    specPath: '/api/v3/orders/status',
    method: 'post',
    url: '/api/v3/orders/status',
    headers: { Authorization: 'nope' },
    body: { orders: [1] },
    status: 401,
  },
  {
    ...wbOrders,
    title: 'WB orders/status, rate limited',
    specPath: '/api/v3/orders/status',
    method: 'post',
    url: '/api/v3/orders/status',
    body: { orders: [1] },
    status: 429,
    inject: true,
  },
  {
    ...ymOrders,
    title: 'YM business orders, first page',
    url: `/v1/businesses/${business}/orders?limit=5`,
    body: { campaignIds: [ymCampaign], fake: false },
    status: 200,
  },
  {
    ...ymOrders,
    title: 'YM business orders, next page',
    url: () => `/v1/businesses/${business}/orders?limit=5&page_token=${nextCursor.ymOrders}`,
    body: { campaignIds: [ymCampaign], fake: false },
    status: 200,
  },
  {
    ...ymOrders,
    title: 'YM business orders, by status and dates',
    url: `/v1/businesses/${business}/orders`,
    body: () => ({
      statuses: ['PROCESSING', 'DELIVERY', 'PICKUP'],
      dates: { creationDateFrom: moscowDay(-29), creationDateTo: moscowDay(1) },
    }),
    status: 200,
  },
  {
    ...ymOrders,
    title: 'YM business orders, over 30 days',
    url: `/v1/businesses/${business}/orders`,
    body: () => ({ dates: { creationDateFrom: moscowDay(-45), creationDateTo: moscowDay(1) } }),
    status: 400,
  },
  {
    ...ymOrders,
    title: 'YM business orders, bad key',
    url: `/v1/businesses/${business}/orders`,
    headers: { 'Api-Key': 'nope' },
    body: {},
    status: 401,
  },
  {
    ...ymOrders,
    title: 'YM business orders, foreign business',
    url: '/v1/businesses/42/orders',
    body: {},
    status: 403,
  },
  {
    ...ymOrders,
    title: 'YM business orders, limited',
    url: `/v1/businesses/${business}/orders`,
    body: {},
    status: 420,
    inject: true,
  },
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
      if (c.title.startsWith('WB card search'))
        expect((json.cards as { vendorCode: string }[]).map((card) => card.vendorCode)).toEqual(['WBwb-1-00007']);
      if (c.title.startsWith('WB goods-return')) expect((json.report as unknown[]).length).toBeGreaterThan(5);
      if (c.title.startsWith('YM returns')) {
        expect((result?.returns as unknown[]).length).toBe(20);
        nextCursor.ymReturns = (result?.paging as { nextPageToken?: string } | undefined)?.nextPageToken;
      }
      if (c.title.startsWith('OZON posting/fbs/list')) {
        const postings = result?.postings as { status: string }[];
        expect(postings.length).toBeGreaterThan(0);
        if (c.title.includes('awaiting_packaging')) {
          expect(postings).toHaveLength(2);
          expect(postings.every((p) => p.status === 'awaiting_packaging')).toBe(true);
          if (c.title.endsWith('first page')) expect(result?.has_next).toBe(true);
        } else {
          expect(new Set(postings.map((p) => p.status))).toEqual(new Set(postingStatuses.OZON));
        }
      }
      if (c.title === 'WB orders, first page') {
        const orders = json.orders as { id: number }[];
        expect(orders).toHaveLength(10);
        nextCursor.wbOrders = json.next as number;
        nextCursor.wbOrderIds = orders.map((o) => o.id);
      }
      if (c.title === 'WB orders, next page') {
        expect((json.orders as { id: number }[])[0]!.id).toBeGreaterThan(nextCursor.wbOrders!);
      }
      if (c.title === 'WB orders/status') {
        const statuses = json.orders as { id: number; supplierStatus: string; wbStatus: string }[];
        expect(statuses.map((s) => s.id)).toEqual(nextCursor.wbOrderIds);
      }
      if (c.title.startsWith('WB orders/new')) {
        expect((json.orders as unknown[]).length).toBeGreaterThan(0);
      }
      if (c.title.startsWith('YM business orders')) {
        const orders = json.orders as { status: string }[];
        expect(orders.length).toBeGreaterThan(0);
        if (c.title.endsWith('first page')) expect(orders).toHaveLength(5);
        nextCursor.ymOrders = (json.paging as { nextPageToken?: string } | undefined)?.nextPageToken;
        if (c.title.includes('by status'))
          expect(orders.every((o) => ['PROCESSING', 'DELIVERY', 'PICKUP'].includes(o.status))).toBe(true);
      }
      if (c.title.startsWith('YM offer-mappings')) {
        expect((result?.offerMappings as unknown[]).length).toBeGreaterThan(0);
        nextCursor.ym = (result?.paging as { nextPageToken?: string } | undefined)?.nextPageToken;
      }
    });
  }

  it('every endpoint the sandbox serves is covered above (the per-campaign YM orders: sandbox-orders-conformance)', () => {
    const modules = [
      ozonSandbox,
      wildberriesSandbox,
      yandexMarketSandbox,
      ozonPostingSandbox,
      wildberriesOrderSandbox,
      yandexMarketOrderSandbox,
    ];
    for (const module of modules) {
      for (const route of module.routes) {
        const covered = cases.some(
          (c) =>
            c.marketplace === module.marketplace &&
            c.method.toUpperCase() === route.method &&
            route.pattern.test(c.specPath.replace('{businessId}', '1').replace('{campaignId}', '1')) &&
            c.status === 200,
        );
        expect(covered, `${module.marketplace} ${route.method} ${route.pattern}`).toBe(true);
      }
    }
  });

  it('the validator catches drift: an invented field and a wrong type fail', async () => {
    const validate = (await responseValidator('WILDBERRIES', '/content/v2/get/cards/list', 'post', 200))!;
    expect(validate({ cards: [{ nmID: 1, vendorCode: 'a', invented: true }], cursor: { total: 1 } })).toBe(false);
    expect(validate({ cards: [{ nmID: 'one' }] })).toBe(false);
    const ym = (await responseValidator('YM', '/v2/businesses/{businessId}/offer-mappings', 'post', 200))!;
    expect(
      ym({ status: 'OK', result: { offerMappings: [{ offer: { offerId: 'x', pictures: [] } }] } }),
      'pictures needs minItems 1',
    ).toBe(false);
    expect(ym({ status: 'OK', result: { offerMappings: [{ offer: { offerId: 'x', nameX: 'y' } }] } })).toBe(false);
    expect(ym({ status: 'OK', result: { offerMappings: [{ offer: { offerId: 'x', pictures: null } }] } })).toBe(true);
    const ozon = (await responseValidator('OZON', '/v3/product/list', 'post', 200))!;
    expect(ozon({ result: { items: [{ product_id: 1, offer_id: 'a' }], last_id: '', total: 1 } })).toBe(true);
    expect(ozon({ result: { items: [{ product_id: '1' }] } })).toBe(false);
    expect(ozon({ result: { items: [], lastId: '' } })).toBe(false);
    const ozonReturns = (await responseValidator('OZON', '/v1/returns/list', 'post', 200))!;
    expect(
      ozonReturns({
        returns: [{ id: 1, product: { offer_id: 'a', quantity: 1, price: { price: 10 } } }],
        has_next: false,
      }),
    ).toBe(true);
    expect(ozonReturns({ returns: [{ id: '1' }] }), 'id is int64').toBe(false);
    expect(ozonReturns({ returns: [{ id: 1, product: { price: { price: '10' } } }] }), 'price is a number here').toBe(
      false,
    );
    const wbReport = (await responseValidator('WILDBERRIES_REPORTS', '/api/v1/analytics/goods-return', 'get', 200))!;
    expect(wbReport({ report: [{ nmId: 1, srid: 'x', completedDt: null }] })).toBe(true);
    expect(wbReport({ report: [{ nmId: 1, quantity: 1 }] }), 'the report has no quantity').toBe(false);
    const ymReturns = (await responseValidator('YM', '/v2/campaigns/{campaignId}/returns', 'get', 200))!;
    const ymReturn = { id: 1, orderId: 2, returnType: 'RETURN', items: [{ shopSku: 'a', count: 1 }] };
    expect(ymReturns({ status: 'OK', result: { returns: [ymReturn] } })).toBe(true);
    expect(
      ymReturns({ status: 'OK', result: { returns: [{ ...ymReturn, items: [{ count: 1 }] }] } }),
      'shopSku is required',
    ).toBe(false);
    expect(ymReturns({ status: 'OK', result: { returns: [{ ...ymReturn, shipmentStatus: 'SOMEWHERE' }] } })).toBe(
      false,
    );
    const ozonPostings = (await responseValidator('OZON', '/v3/posting/fbs/list', 'post', 200))!;
    expect(
      ozonPostings({
        result: {
          postings: [{ posting_number: 'a-1', products: [{ offer_id: 'a', price: '10.000000', quantity: 1 }] }],
          has_next: false,
        },
      }),
    ).toBe(true);
    expect(ozonPostings({ result: { postings: [{ products: [{ price: 10 }] }] } }), 'posting prices are strings').toBe(
      false,
    );
    const wbStatuses = (await responseValidator('WILDBERRIES_ORDERS', '/api/v3/orders/status', 'post', 200))!;
    expect(wbStatuses({ orders: [{ id: 1, supplierStatus: 'confirm', wbStatus: 'sorted' }] })).toBe(true);
    expect(wbStatuses({ orders: [{ id: 1, supplierStatus: 'shipped' }] }), 'supplierStatus is an enum').toBe(false);
    const ymOrders = (await responseValidator('YM', '/v1/businesses/{businessId}/orders', 'post', 200))!;
    const ymOrder = {
      orderId: 1,
      campaignId: 2,
      status: 'PROCESSING',
      substatus: 'STARTED',
      creationDate: '2026-01-01T10:00:00+03:00',
      paymentType: 'PREPAID',
      paymentMethod: 'YANDEX',
      fake: false,
      items: [{ id: 1, offerId: 'a', offerName: 'A', count: 1 }],
      delivery: {
        type: 'DELIVERY',
        serviceName: 'x',
        deliveryServiceId: 1,
        deliveryPartnerType: 'YANDEX_MARKET',
        dates: { fromDate: '2026-01-03' },
      },
    };
    expect(ymOrders({ orders: [ymOrder] })).toBe(true);
    expect(ymOrders({ orders: [{ ...ymOrder, delivery: undefined }] }), 'delivery is required').toBe(false);
    expect(
      ymOrders({ orders: [{ ...ymOrder, items: [{ id: 1, offerId: 'a', offerName: 'A', count: 1, marketSku: 5 }] }] }),
      'business orders carry no marketSku',
    ).toBe(false);
  });

  it('serves the PNG images its catalogs link to', async () => {
    const res = await fetch(`${sandbox.url}/images/7.png`);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
