import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIdOf, startSandbox, type Sandbox } from '../../../server/sandbox/server.ts';

/*
 * Every moment the sandbox reports has happened by the time it is served: a return made today is
 * earlier than now, and a status that changed hours after it too (issue 21: sandbox returns «later
 * today» sorted above new ones). The returns are asked up to tomorrow, so a list that ran into the
 * future would show here at any hour of the day. Plans are not moments that happened and may lie ahead:
 * OZON's shipment_date (the deadline to ship) and YM's delivery dates and shipmentDate.
 */

const stores = [
  { marketplace: 'OZON' as const, marketId: '777301', apiKey: 'ozon-dates', name: 'Озон-даты' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-dates', apiKey: 'wb-dates', name: 'ВБ-даты' },
  { marketplace: 'YM' as const, marketId: '31000301', apiKey: 'ym-dates', name: 'Маркет-даты' },
];
const PLANS = new Set(['shipment_date', 'fromDate', 'toDate', 'shipmentDate']);
const DAY = 86_400_000;
const moscowDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
const tomorrow = moscowDay(Date.now() + DAY);

let sandbox: Sandbox;

/** Every date-time and date of an answer, with where it stands, skipping plans. */
function datesOf(value: unknown, path = ''): Array<{ path: string; text: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => datesOf(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => (PLANS.has(k) ? [] : datesOf(v, `${path}.${k}`)));
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}|$)/.test(value)
    ? [{ path, text: value }]
    : [];
}

/** Calls the sandbox, then checks every date of the answer against the moment it arrived. */
async function servedDates(url: string, init: { method?: string; headers: Record<string, string>; body?: unknown }) {
  const res = await fetch(sandbox.url + url, {
    method: init.method ?? 'GET',
    headers: { ...init.headers, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const servedAt = Date.now();
  expect(res.status, url).toBe(200);
  const dates = datesOf(await res.json());
  const future = dates.filter(({ text }) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) ? text > moscowDay(servedAt) : Date.parse(text) > servedAt,
  );
  return { dates, future };
}

beforeAll(async () => {
  // One return a day over 90 days, the last on tomorrow's date as asked: the list must stop at now.
  sandbox = await startSandbox({
    offersPerStore: 30,
    stores,
    returnsPerStore: 90,
    returnsUntil: tomorrow,
    postingsPerStore: 30,
  });
});
afterAll(() => sandbox?.close());

describe('sandbox dates are never in the future', () => {
  it('OZON returns and FBS postings', async () => {
    const headers = { 'Client-Id': '777301', 'Api-Key': 'ozon-dates' };
    const returns = await servedDates('/v1/returns/list', {
      method: 'POST',
      headers,
      body: {
        filter: {
          logistic_return_date: {
            time_from: new Date(Date.now() - 100 * DAY).toISOString(),
            time_to: new Date(Date.now() + 2 * DAY).toISOString(),
          },
        },
        limit: 500,
        last_id: 0,
      },
    });
    expect(returns.dates.length).toBeGreaterThan(90);
    // The newest return was made within the last day, so the list really ran up to now and was cut there.
    // (Not «on Moscow's today»: the sandbox's days are UTC days, and from 21:00 UTC Moscow's day is the next.)
    const newest = Math.max(...returns.dates.map(({ text }) => Date.parse(text)));
    expect(newest).toBeGreaterThan(Date.now() - DAY);
    expect(returns.future).toEqual([]);
    const now = Date.now();
    const postings = await servedDates('/v3/posting/fbs/list', {
      method: 'POST',
      headers,
      body: {
        filter: { since: new Date(now - 90 * DAY).toISOString(), to: new Date(now + 3_600_000).toISOString() },
        limit: 1000,
        offset: 0,
      },
    });
    expect(postings.dates.length).toBeGreaterThan(30);
    expect(postings.future).toEqual([]);
  });

  it('Wildberries goods-return report and assembly tasks', async () => {
    const headers = { Authorization: 'wb-dates' };
    const report = await servedDates(
      `/api/v1/analytics/goods-return?dateFrom=${moscowDay(Date.now() - 29 * DAY)}&dateTo=${tomorrow}`,
      { headers },
    );
    expect(report.dates.length).toBeGreaterThan(30);
    expect(report.future).toEqual([]);
    const nowSec = Math.floor(Date.now() / 1000);
    const orders = await servedDates(
      `/api/v3/orders?limit=1000&next=0&dateFrom=${nowSec - 30 * 86_400}&dateTo=${nowSec}`,
      {
        headers,
      },
    );
    expect(orders.dates.length).toBeGreaterThan(5);
    expect(orders.future).toEqual([]);
  });

  it('Yandex Market returns and orders', async () => {
    const headers = { 'Api-Key': 'ym-dates' };
    const returns = await servedDates(
      `/v2/campaigns/31000301/returns?fromDate=${moscowDay(Date.now() - 100 * DAY)}&toDate=${tomorrow}&limit=100`,
      { headers },
    );
    expect(returns.dates.length).toBeGreaterThan(90);
    expect(returns.future).toEqual([]);
    const orders = await servedDates(`/v1/businesses/${businessIdOf('ym-dates')}/orders?limit=50`, {
      method: 'POST',
      headers,
      body: { campaignIds: [31000301], fake: false },
    });
    expect(orders.dates.length).toBeGreaterThan(5);
    expect(orders.future).toEqual([]);
  });
});
