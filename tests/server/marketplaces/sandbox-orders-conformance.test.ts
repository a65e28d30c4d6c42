// no database: the sandbox's order answers (created and moved orders, change-time filters, the per-campaign
// YM orders, the real rate limits) against the official OpenAPI documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yandexMarketCampaignOrderSandbox } from '../../../server/sandbox/yandex-market-campaign-orders.ts';
import {
  businessIdOf,
  startSandbox,
  type Sandbox,
  type SandboxMarketplace,
  type SandboxPostingView,
} from '../../../server/sandbox/server.ts';
import { describeErrors, responseValidator, specsAvailable, specsDir } from './helpers/spec-validator.ts';

const stores = [
  { marketplace: 'OZON' as const, marketId: '777601', apiKey: 'ozon-oc', name: 'Озон-заказы' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-oc', apiKey: 'wb-oc-token', name: 'ВБ-заказы' },
  { marketplace: 'YM' as const, marketId: '31000601', apiKey: 'ym-oc', name: 'Маркет-заказы' },
];
const campaign = 31000601;
const business = businessIdOf('ym-oc');
const headers: Record<SandboxMarketplace, Record<string, string>> = {
  OZON: { 'Client-Id': '777601', 'Api-Key': 'ozon-oc' },
  WILDBERRIES: { Authorization: 'wb-oc-token' },
  YM: { 'Api-Key': 'ym-oc' },
};
const specOf = { OZON: 'OZON', WILDBERRIES: 'WILDBERRIES_ORDERS', YM: 'YM' } as const;

interface Case {
  title: string;
  marketplace: SandboxMarketplace;
  specPath: string;
  method: 'get' | 'post';
  url: () => string;
  headers?: Record<string, string>;
  body?: () => unknown;
  status: number;
  /** The sandbox whose tight limits answer this case (its quota is spent first). */
  limited?: boolean;
  inject?: boolean;
  /** For statuses the spec leaves out (OZON's 429), the declared status whose schema applies. */
  schemaOf?: number;
  check?: (json: Record<string, unknown>) => void;
}

let sandbox: Sandbox;
let tight: Sandbox;
/** One created order per marketplace, the WB one of two tasks, and the moment before they were made. */
const created: Partial<Record<SandboxMarketplace, SandboxPostingView[]>> = {};
let before = '';
let ymPageToken: string | undefined;
const day = (offset: number) => {
  const [y, m, d] = new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
};
const since = () => new Date(Date.now() - 30 * 86_400_000).toISOString();
const until = () => new Date(Date.now() + 3_600_000).toISOString();
const numbers = (mp: SandboxMarketplace) => created[mp]!.map((p) => p.postingNumber);
const ozon = { marketplace: 'OZON' as const, specPath: '/v3/posting/fbs/list', method: 'post' as const };
const ozonUrl = () => '/v3/posting/fbs/list';
const wb = { marketplace: 'WILDBERRIES' as const, method: 'get' as const };
const ymBusiness = {
  marketplace: 'YM' as const,
  specPath: '/v1/businesses/{businessId}/orders',
  method: 'post' as const,
};
const ymCampaign = {
  marketplace: 'YM' as const,
  specPath: '/v2/campaigns/{campaignId}/orders',
  method: 'get' as const,
};
const campaignUrl = (query: string) => () => `/v2/campaigns/${campaign}/orders?${query}`;

const cases: Case[] = [
  {
    ...ozon,
    title: 'OZON posting/fbs/list, changed since before the new order',
    url: ozonUrl,
    body: () => ({
      filter: { since: since(), to: until(), last_changed_status_date: { from: before } },
      limit: 10,
      offset: 0,
    }),
    status: 200,
    check: (json) => {
      const postings = (json.result as { postings: { posting_number: string; status: string }[] }).postings;
      expect(postings.map((p) => [p.posting_number, p.status])).toEqual([[numbers('OZON')[0], 'awaiting_packaging']]);
    },
  },
  {
    ...ozon,
    title: 'OZON posting/fbs/list, last_changed_status_date not a date-time',
    url: ozonUrl,
    body: () => ({
      filter: { since: since(), to: until(), last_changed_status_date: { from: 'вчера' } },
      limit: 10,
      offset: 0,
    }),
    status: 400,
  },
  {
    ...ozon,
    title: 'OZON posting/fbs/list, past the requests of a second',
    url: ozonUrl,
    body: () => ({ filter: { since: since(), to: until() }, limit: 1, offset: 0 }),
    status: 429,
    limited: true,
    schemaOf: 400,
  },
  {
    ...wb,
    title: 'WB orders/new, the new task among them, not the cancelled one',
    specPath: '/api/v3/orders/new',
    url: () => '/api/v3/orders/new',
    status: 200,
    check: (json) => {
      const ids = (json.orders as { id: number }[]).map((o) => String(o.id));
      expect(ids).toContain(numbers('WILDBERRIES')[0]);
      expect(ids).not.toContain(numbers('WILDBERRIES')[1]);
    },
  },
  {
    ...wb,
    title: 'WB orders, created since the moment before',
    specPath: '/api/v3/orders',
    url: () => `/api/v3/orders?limit=10&next=0&dateFrom=${Math.floor(Date.parse(before) / 1000)}`,
    status: 200,
    check: (json) => expect((json.orders as { id: number }[]).map((o) => String(o.id))).toEqual(numbers('WILDBERRIES')),
  },
  {
    ...wb,
    method: 'post',
    title: 'WB orders/status, one cancelled by the buyer and one unknown',
    specPath: '/api/v3/orders/status',
    url: () => '/api/v3/orders/status',
    body: () => ({ orders: [...numbers('WILDBERRIES').map(Number), 1] }),
    status: 200,
    check: (json) =>
      expect(json.orders).toEqual([
        { id: Number(numbers('WILDBERRIES')[0]), supplierStatus: 'new', wbStatus: 'waiting' },
        { id: Number(numbers('WILDBERRIES')[1]), supplierStatus: 'cancel', wbStatus: 'canceled_by_client' },
      ]),
  },
  {
    ...wb,
    title: 'WB orders/new, past the marketplace category’s burst',
    specPath: '/api/v3/orders/new',
    url: () => '/api/v3/orders/new',
    status: 429,
    limited: true,
  },
  {
    ...ymBusiness,
    title: 'YM business orders, updated since the moment before',
    url: () => `/v1/businesses/${business}/orders`,
    body: () => ({ dates: { updateDateFrom: before } }),
    status: 200,
    check: (json) =>
      expect((json.orders as { orderId: number }[]).map((o) => String(o.orderId))).toEqual(numbers('YM')),
  },
  {
    ...ymBusiness,
    title: 'YM business orders, an update date that is not a date-time',
    url: () => `/v1/businesses/${business}/orders`,
    body: () => ({ dates: { updateDateFrom: '2026-01-01' } }),
    status: 400,
  },
  {
    ...ymBusiness,
    title: 'YM business orders, past the requests of an hour',
    url: () => `/v1/businesses/${business}/orders`,
    body: () => ({}),
    status: 420,
    limited: true,
  },
  {
    ...ymCampaign,
    title: 'YM campaign orders, first page',
    url: campaignUrl('limit=2'),
    status: 200,
    check: (json) => {
      expect(json.orders).toHaveLength(2);
      ymPageToken = (json.paging as { nextPageToken?: string }).nextPageToken;
      expect(ymPageToken).toBeDefined();
    },
  },
  {
    ...ymCampaign,
    title: 'YM campaign orders, next page',
    url: () => `/v2/campaigns/${campaign}/orders?limit=2&page_token=${ymPageToken}`,
    status: 200,
    check: (json) => expect(json.orders).toHaveLength(2),
  },
  {
    ...ymCampaign,
    title: 'YM campaign orders, by status, days and update time',
    url: () =>
      `/v2/campaigns/${campaign}/orders?status=PROCESSING&substatus=STARTED&fromDate=${day(-1)}&toDate=${day(1)}&updatedAtFrom=${encodeURIComponent(before)}`,
    status: 200,
    check: (json) => {
      const orders = json.orders as { id: number; status: string; substatus: string; creationDate: string }[];
      expect(orders.map((o) => [String(o.id), o.status, o.substatus])).toEqual([
        [numbers('YM')[0], 'PROCESSING', 'STARTED'],
      ]);
      expect(orders[0]!.creationDate).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    },
  },
  {
    ...ymCampaign,
    title: 'YM campaign orders, a day as YYYY-MM-DD',
    url: campaignUrl('fromDate=2026-01-01'),
    status: 400,
  },
  {
    ...ymCampaign,
    title: 'YM campaign orders, bad key',
    url: campaignUrl(''),
    headers: { 'Api-Key': 'nope' },
    status: 401,
  },
  { ...ymCampaign, title: 'YM campaign orders, foreign campaign', url: () => '/v2/campaigns/42/orders', status: 403 },
  { ...ymCampaign, title: 'YM campaign orders, limited', url: campaignUrl(''), status: 420, inject: true },
  {
    ...ymCampaign,
    title: 'YM campaign orders, past the requests of an hour',
    url: campaignUrl(''),
    status: 420,
    limited: true,
  },
];

async function call(target: Sandbox, c: Case) {
  const body = c.body?.();
  if (c.inject) target.control.failNext(c.marketplace, 1);
  const res = await fetch(target.url + c.url(), {
    method: c.method.toUpperCase(),
    headers: {
      ...headers[c.marketplace],
      ...c.headers,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(!specsAvailable)(`sandbox order answers validate against the official specs (${specsDir})`, () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ offersPerStore: 40, postingsPerStore: 12, stores });
    // One request of each quota, then the limit's own answer.
    tight = await startSandbox({
      offersPerStore: 10,
      postingsPerStore: 4,
      stores,
      orderLimits: { ozonPerSecond: 1, ymOrdersPerHour: 1 },
      stockLimits: { wbPerMinute: 1, wbBurst: 1 },
    });
    // The generated orders first: the newest of them changed at the moment they were made.
    for (const s of stores) sandbox.postings(s.marketplace);
    await new Promise((resolve) => setTimeout(resolve, 5));
    before = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000).toISOString();
    // Served update moments are whole seconds: the orders come in the second after `before`.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(before) - Date.now() + 5));
    for (const s of stores) {
      const offerId = sandbox.postings(s.marketplace)[0]!.items[0]!.offerId;
      created[s.marketplace] = sandbox.createOrder(s.marketplace, { offerId, quantity: 2, price: 990 });
    }
    sandbox.setPostingStatus('WILDBERRIES', numbers('WILDBERRIES')[1]!, 'cancel/canceled_by_client');
  });
  afterAll(async () => {
    await sandbox?.close();
    await tight?.close();
  });

  for (const c of cases) {
    it(`${c.title} → ${c.status}`, async () => {
      if (c.limited) expect((await call(tight, c)).res.status).toBe(200);
      const { res, json } = await call(c.limited ? tight : sandbox, c);
      expect(res.status, JSON.stringify(json)).toBe(c.status);
      const validate = await responseValidator(specOf[c.marketplace], c.specPath, c.method, c.schemaOf ?? c.status);
      expect(validate, `the spec declares ${c.specPath} ${c.schemaOf ?? c.status}`).toBeDefined();
      expect(validate!(json), describeErrors(validate!)).toBe(true);
      c.check?.(json);
    });
  }

  it('every endpoint of the per-campaign YM orders is covered above', () => {
    for (const route of yandexMarketCampaignOrderSandbox.routes) {
      const covered = cases.some(
        (c) =>
          c.marketplace === 'YM' &&
          c.method.toUpperCase() === route.method &&
          route.pattern.test(c.specPath.replace('{campaignId}', '1')) &&
          c.status === 200,
      );
      expect(covered, `YM ${route.method} ${route.pattern}`).toBe(true);
    }
  });

  it('the validator catches drift in the per-campaign orders: a date the ISO way, a missing buyer', async () => {
    const validate = (await responseValidator('YM', '/v2/campaigns/{campaignId}/orders', 'get', 200))!;
    const { json } = await call(
      sandbox,
      cases.find((c) => c.title === 'YM campaign orders, first page')!,
    );
    const order = (json.orders as Record<string, unknown>[])[0]!;
    expect(validate({ orders: [order] }), describeErrors(validate)).toBe(true);
    expect(validate({ orders: [{ ...order, creationDate: '2026-01-05T10:00:00+03:00' }] })).toBe(false);
    expect(validate({ orders: [{ ...order, buyer: undefined }] })).toBe(false);
  });
});
