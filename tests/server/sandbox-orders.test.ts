// no database: orders created and moved in the sandbox, read back over HTTP through the marketplaces' own calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessIdOf,
  startSandbox,
  type Sandbox,
  type SandboxMarketplace,
  type SandboxPostingView,
} from '../../server/sandbox/server.ts';

/*
 * What an order intake will rely on (issue 22): an order made in the sandbox is listed by the
 * marketplace's calls from then on, and a move or a cancellation shows to a reader asking for what
 * changed since a moment — and nothing older does.
 */

const stores = [
  { marketplace: 'OZON' as const, marketId: '777501', apiKey: 'ozon-orders', name: 'Озон' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-orders', apiKey: 'wb-orders-token', name: 'ВБ' },
  { marketplace: 'YM' as const, marketId: '31000501', apiKey: 'ym-orders', name: 'Маркет' },
];
const ozonHeaders = { 'Client-Id': '777501', 'Api-Key': 'ozon-orders' };
const wbHeaders = { Authorization: 'wb-orders-token' };
const ymHeaders = { 'Api-Key': 'ym-orders' };
const business = businessIdOf('ym-orders');

let sandbox: Sandbox;

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(sandbox.url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...init.headers, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** POST /__sandbox/postings/{marketplace}: the order as another process (e2e, a demo) makes it. */
async function order(mp: string, body: unknown) {
  return call(`/__sandbox/postings/${mp}`, { body });
}

async function created(mp: string, body: Record<string, unknown>): Promise<SandboxPostingView[]> {
  const res = await order(mp, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.postings as SandboxPostingView[];
}

/** The next whole second, once the clock has passed it: served update moments are whole seconds. */
async function nextSecond(): Promise<Date> {
  const at = Math.floor(Date.now() / 1000) * 1000 + 1000;
  await new Promise((resolve) => setTimeout(resolve, at - Date.now() + 5));
  return new Date(at);
}

/** Every OZON posting matching `filter`, two a page, following has_next. */
async function ozonPostings(filter: Record<string, unknown>) {
  const all: {
    posting_number: string;
    status: string;
    delivering_date?: string;
    products: { offer_id: string; quantity: number }[];
  }[] = [];
  const window = { since: new Date(Date.now() - 40 * 86_400_000).toISOString(), to: new Date().toISOString() };
  for (let offset = 0; ; offset += 2) {
    const res = await call('/v3/posting/fbs/list', {
      headers: ozonHeaders,
      body: { filter: { ...window, ...filter }, limit: 2, offset },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const result = res.json.result as { postings: typeof all; has_next: boolean };
    all.push(...result.postings);
    if (!result.has_next) return all;
  }
}

/** Every YM order of the cabinet matching `body`, one a page, following the page token. */
async function ymBusinessOrders(body: Record<string, unknown>) {
  const all: { orderId: number; status: string; substatus: string; updateDate: string }[] = [];
  let token = '';
  do {
    const res = await call(`/v1/businesses/${business}/orders?limit=1${token && `&page_token=${token}`}`, {
      headers: ymHeaders,
      body,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    all.push(...(res.json.orders as typeof all));
    token = (res.json.paging as { nextPageToken?: string }).nextPageToken ?? '';
  } while (token);
  return all;
}

async function ymCampaignOrders(query: string) {
  const res = await call(`/v2/campaigns/31000501/orders?${query}`, { headers: ymHeaders });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.orders as { id: number; status: string; substatus: string }[]).map((o) => String(o.id));
}

const offerOf = (mp: SandboxMarketplace, n: number) => sandbox.postings(mp)[n]!.items[0]!.offerId;

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: 40, postingsPerStore: 16, stores });
  // Generated first: the newest of them changed the moment they were made.
  for (const s of stores) sandbox.postings(s.marketplace);
});
afterAll(() => sandbox?.close());

describe('orders created in the sandbox', () => {
  it('OZON: a new posting awaits packaging and is listed from then on; a move and a cancellation show as changes', async () => {
    const first = await created('OZON', { offer_id: offerOf('OZON', 0), quantity: 2, price: 1490.5 });
    expect(first).toEqual([
      expect.objectContaining({ marketplace: 'OZON', storeId: '777501', status: 'awaiting_packaging' }),
    ]);
    expect(first[0]!.items).toEqual([
      expect.objectContaining({ offerId: offerOf('OZON', 0), quantity: 2, price: 1490.5 }),
    ]);
    const from = await nextSecond();
    const [second] = await created('OZON', { offer_id: offerOf('OZON', 1), quantity: 1, price: 300 });
    const number = (p: { posting_number: string }) => p.posting_number;

    const waiting = await ozonPostings({ status: 'awaiting_packaging' });
    expect(waiting.map(number)).toEqual(expect.arrayContaining([first[0]!.postingNumber, second!.postingNumber]));
    const changed = { last_changed_status_date: { from: from.toISOString() } };
    expect((await ozonPostings(changed)).map(number)).toEqual([second!.postingNumber]);
    expect((await ozonPostings({ since: from.toISOString() })).map(number)).toEqual([second!.postingNumber]);
    const [listed] = await ozonPostings({ ...changed, status: 'awaiting_packaging' });
    expect(listed!.products).toEqual([expect.objectContaining({ offer_id: offerOf('OZON', 1), quantity: 1 })]);

    const later = await nextSecond();
    const moved = await call(`/__sandbox/postings/ozon/${first[0]!.postingNumber}`, { body: { status: 'delivering' } });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.json.changedAt as string)).toBeGreaterThanOrEqual(later.getTime());
    // Into delivery: the handover, which OZON answers as delivering_date.
    expect(moved.json.handedOverAt).toBe(moved.json.changedAt);
    sandbox.setPostingStatus('OZON', second!.postingNumber, 'cancelled');
    const since = { last_changed_status_date: { from: later.toISOString() } };
    const delivering = await ozonPostings({ ...since, status: 'delivering' });
    expect(delivering.map((p) => [number(p), p.delivering_date])).toEqual([
      [first[0]!.postingNumber, moved.json.handedOverAt],
    ]);
    expect((await ozonPostings(since)).map((p) => [number(p), p.status]).sort()).toEqual(
      [
        [first[0]!.postingNumber, 'delivering'],
        [second!.postingNumber, 'cancelled'],
      ].sort(),
    );
    expect(
      await ozonPostings({ last_changed_status_date: { from: from.toISOString(), to: later.toISOString() } }),
    ).toEqual([]);
    expect((await ozonPostings({ status: 'awaiting_packaging' })).map(number)).not.toContain(second!.postingNumber);
  });

  it('Wildberries: quantity 3 makes three one-unit tasks, new until confirmed; statuses by ids, a cancellation among them', async () => {
    const before = sandbox.postings('WILDBERRIES').map((p) => Number(p.postingNumber));
    const from = await nextSecond();
    const tasks = await created('WILDBERRIES', { offer_id: offerOf('WILDBERRIES', 2), quantity: 3, price: 700 });
    expect(tasks).toHaveLength(3);
    expect(tasks.map((t) => t.items)).toEqual(tasks.map(() => [expect.objectContaining({ quantity: 1, price: 700 })]));
    const ids = tasks.map((t) => Number(t.postingNumber));
    expect(new Set(ids).size).toBe(3);
    expect(Math.min(...ids)).toBeGreaterThan(Math.max(...before));
    expect(tasks.every((t) => t.status === 'new/waiting')).toBe(true);

    const newIds = async () => {
      const res = await call('/api/v3/orders/new', { headers: wbHeaders });
      expect(res.status).toBe(200);
      return (res.json.orders as { id: number }[]).map((o) => o.id);
    };
    expect(await newIds()).toEqual(expect.arrayContaining(ids));
    // Past the older tasks by the cursor, and by creation time: these three and nothing else.
    const since = await call(`/api/v3/orders?limit=2&next=${Math.max(...before)}`, { headers: wbHeaders });
    expect((since.json.orders as { id: number }[]).map((o) => o.id)).toEqual(ids.slice(0, 2));
    const rest = await call(`/api/v3/orders?limit=2&next=${since.json.next as number}`, { headers: wbHeaders });
    expect((rest.json.orders as { id: number }[]).map((o) => o.id)).toEqual(ids.slice(2));
    const byTime = await call(`/api/v3/orders?limit=100&next=0&dateFrom=${from.getTime() / 1000}`, {
      headers: wbHeaders,
    });
    expect((byTime.json.orders as { id: number; article: string }[]).map((o) => [o.id, o.article])).toEqual(
      ids.map((id) => [id, offerOf('WILDBERRIES', 2)]),
    );

    expect(sandbox.setPostingStatus('WILDBERRIES', String(ids[0]), 'confirm/waiting').handedOverAt).toBeNull();
    await call(`/__sandbox/postings/wildberries/${ids[1]}`, { body: { status: 'complete/canceled_by_client' } });
    const statuses = await call('/api/v3/orders/status', { headers: wbHeaders, body: { orders: [...ids, 12345] } });
    expect(statuses.json.orders).toEqual([
      { id: ids[0], supplierStatus: 'confirm', wbStatus: 'waiting' },
      { id: ids[1], supplierStatus: 'complete', wbStatus: 'canceled_by_client' },
      { id: ids[2], supplierStatus: 'new', wbStatus: 'waiting' },
    ]);
    const stillNew = await newIds();
    expect(stillNew).toContain(ids[2]);
    expect(stillNew).not.toContain(ids[0]);
    expect(stillNew).not.toContain(ids[1]);
  });

  it('Yandex Market: a new order in both order calls, found by update time; a cancellation is an update', async () => {
    const from = await nextSecond();
    const [a] = await created('ym', { offer_id: offerOf('YM', 3), quantity: 3, price: 250, store: 31000501 });
    const [b] = await created('YM', { offer_id: offerOf('YM', 4), quantity: 1, price: 990, store: '31000501' });
    expect([a!.status, b!.status]).toEqual(['PROCESSING/STARTED', 'PROCESSING/STARTED']);
    const id = (o: { orderId: number }) => String(o.orderId);

    const updated = { dates: { updateDateFrom: from.toISOString() } };
    expect((await ymBusinessOrders(updated)).map(id)).toEqual([a!.postingNumber, b!.postingNumber]);
    const updatedAt = `updatedAtFrom=${encodeURIComponent(from.toISOString())}`;
    expect(await ymCampaignOrders(`${updatedAt}&status=PROCESSING&substatus=STARTED`)).toEqual([
      a!.postingNumber,
      b!.postingNumber,
    ]);

    const later = await nextSecond();
    sandbox.setPostingStatus('YM', a!.postingNumber, 'CANCELLED/SHOP_FAILED');
    const changed = await ymBusinessOrders({ dates: { updateDateFrom: later.toISOString() } });
    expect(changed.map((o) => [id(o), o.status, o.substatus])).toEqual([
      [a!.postingNumber, 'CANCELLED', 'SHOP_FAILED'],
    ]);
    expect(Date.parse(changed[0]!.updateDate)).toBeGreaterThanOrEqual(later.getTime());
    // "To" is excluded: up to `later`, only the order that has not changed since.
    const window = { updateDateFrom: from.toISOString(), updateDateTo: later.toISOString() };
    expect((await ymBusinessOrders({ dates: window })).map(id)).toEqual([b!.postingNumber]);
    expect((await ymBusinessOrders({ ...updated, statuses: ['CANCELLED'] })).map(id)).toEqual([a!.postingNumber]);
    expect(await ymCampaignOrders(`${updatedAt}&status=PROCESSING,DELIVERY`)).toEqual([b!.postingNumber]);
    expect(await ymCampaignOrders(`updatedAtFrom=${encodeURIComponent(later.toISOString())}`)).toEqual([
      a!.postingNumber,
    ]);
  });

  it('refuses bad input with 400 and a message naming it, creating nothing', async () => {
    const count = () => stores.reduce((n, s) => n + sandbox.postings(s.marketplace).length, 0);
    const was = count();
    const offer = offerOf('OZON', 0);
    const refusals: [string, unknown, RegExp][] = [
      ['OZON', { offer_id: 'OZ-NO-SUCH', quantity: 1, price: 100 }, /no offer OZ-NO-SUCH/],
      ['OZON', { offer_id: offer, quantity: 0, price: 100 }, /quantity must be a whole number of at least 1/],
      ['OZON', { offer_id: offer, quantity: 1.5, price: 100 }, /quantity must be a whole number/],
      ['OZON', { offer_id: offer, quantity: 1, price: -5 }, /price must be a number above 0/],
      ['OZON', { offer_id: offer, quantity: 1, price: 0 }, /price must be a number above 0/],
      ['OZON', { offer_id: offer, quantity: 1, price: '100' }, /price: a number above 0 is required/],
      ['OZON', { offer_id: offer, price: 100 }, /quantity: a whole number/],
      ['OZON', { quantity: 1, price: 100 }, /offer_id: a string is required/],
      ['OZON', { offer_id: offer, quantity: 1, price: 100, store: '999' }, /no OZON store 999/],
      ['AMAZON', { offer_id: offer, quantity: 1, price: 100 }, /no marketplace AMAZON/],
      ['YM', { offer_id: offer, quantity: 1, price: 100 }, /the YM store 31000501 has no offer/],
      ['OZON', '{"offer_id": ', /body is not JSON/],
    ];
    for (const [mp, body, message] of refusals) {
      const res = await order(mp, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect(() =>
      sandbox.createOrder('WILDBERRIES', { offerId: offerOf('WILDBERRIES', 0), quantity: 0, price: 1 }),
    ).toThrow(RangeError);
    expect(count()).toBe(was);
    // None of it is marketplace traffic.
    expect(sandbox.control.requests.filter((r) => r.path.startsWith('/__sandbox'))).toEqual([]);
  });

  it('a posting that does not exist: 404 to move, and left out of every listing', async () => {
    const moved = await call('/__sandbox/postings/OZON/00000000-0000-1', { body: { status: 'delivered' } });
    expect(moved.status).toBe(404);
    expect(await ozonPostings({ order_id: 123 })).toEqual([]);
    const statuses = await call('/api/v3/orders/status', { headers: wbHeaders, body: { orders: [7] } });
    expect(statuses.json).toEqual({ orders: [] });
    expect(await ymBusinessOrders({ orderIds: [7] })).toEqual([]);
    expect(await ymCampaignOrders('orderIds=7')).toEqual([]);
  });
});
