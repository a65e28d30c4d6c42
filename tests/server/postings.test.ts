import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, postingStatuses, productsMp } from '../../server/db/schema/index.ts';
import { runInTransaction } from '../../server/db/tx-context.ts';
import {
  aggregatePostings,
  POSTING_STATUS,
  postingStatusHandler,
  type PostingStatusResult,
} from '../../server/import/postings.ts';
import type { JobContext } from '../../server/jobs/queue.ts';
import { deliveryPrice, sufficiency } from '../../domain/sufficiency.ts';
import type {
  MarketplaceCode,
  MarketplacePosting,
  PostingStatusAdapter,
  StoreCredentials,
} from '../../server/marketplaces/types.ts';
import type { JobRow } from '../../server/repositories/jobs.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/*
 * Posting statuses and sufficiency (docs/rules.md «Достаточность»): the status job's snapshot replace,
 * driven here by an in-test adapter, and GET /api/v1/products_mp_status/ against hand-computed figures.
 * The same job against the sandbox marketplaces: tests/server/postings-sandbox.test.ts.
 */

let t: TestDatabase;
let app: FastifyInstance;
let userA: TestUser;
let userB: TestUser;

const STORE = { market_id: 'ozon-77', name: 'Озон Север', marketplace: 'OZON', access_token: 'ozon-key-77' };

/** The marketplace as the test wants it: the current postings, served two a page. */
class FakeAdapter implements PostingStatusAdapter {
  readonly marketplace: MarketplaceCode = 'OZON';
  postings: MarketplacePosting[] = [];
  calls: StoreCredentials[] = [];
  async *listPostings(
    store: StoreCredentials,
    onPage?: (done: number, total?: number) => void,
  ): AsyncIterable<MarketplacePosting[]> {
    this.calls.push(store);
    for (let i = 0; i < this.postings.length; i += 2) {
      onPage?.(i + 2, this.postings.length);
      yield this.postings.slice(i, i + 2);
    }
  }
}
const fake = new FakeAdapter();

const posting = (
  postingNumber: string,
  bucket: MarketplacePosting['bucket'],
  items: MarketplacePosting['items'],
): MarketplacePosting => ({
  postingNumber,
  bucket,
  items,
});

interface Product {
  id: string;
  listing: string;
}

async function product(user: TestUser, name: string, offers: string[], marketId = STORE.market_id): Promise<Product> {
  const body = await ok(
    apiCall(app, user, 'POST', 'products/products/', {
      name,
      products_mp: offers.map((offer_id) => ({
        offer_id,
        name: `${name} ${offer_id}`,
        marketplace: 'OZON',
        market_id: marketId,
      })),
    }),
    201,
  );
  return {
    id: body.product_wh.id,
    listing: body.products_mp.find((l: { offer_id: string }) => l.offer_id === offers[0]).id,
  };
}

const receive = (user: TestUser, productId: string, count: number, price: number, date: string) =>
  ok(apiCall(app, user, 'POST', 'inventory/', { product_id: productId, count, price, date }), 201);

/** Runs the status job of the user's store right here, as the queue would. */
async function refresh(
  user: TestUser,
  marketId = STORE.market_id,
): Promise<{ result: PostingStatusResult; notes: { type: string; text: string }[] }> {
  const store = (await app.repos.markets.find(user.id, marketId))!;
  const notes: { type: string; text: string }[] = [];
  const ctx: JobContext = {
    job: { id: crypto.randomUUID(), userId: user.id, kind: POSTING_STATUS, payload: { store_id: store.id } } as JobRow,
    signal: new AbortController().signal,
    progress: async () => undefined,
    notify: (type, text) => void notes.push({ type, text }),
  };
  const handler = postingStatusHandler({
    db: app.database.db,
    catalog: app.repos.catalog,
    postings: app.repos.postings,
    secrets: app.secrets,
    live: app.live,
    adapters: { OZON: fake, WILDBERRIES: fake, YM: fake },
  });
  return { result: await handler(ctx), notes };
}

const statusRows = (user: TestUser) =>
  app.database.db
    .select()
    .from(postingStatuses)
    .where(eq(postingStatuses.userId, user.id))
    .orderBy(postingStatuses.productMpId);

const status = async (user: TestUser, query = '') =>
  (await ok(apiCall(app, user, 'GET', `products_mp_status/${query}`)))[0];

let cup: Product;
let mug: Product;
let plate: Product;
let bowl: Product;
let spoon: Product;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  userA = await signUp(app);
  userB = await signUp(app);
  await ok(apiCall(app, userA, 'POST', 'markets/add/', STORE), 201);
  await ok(apiCall(app, userA, 'POST', 'markets/add/', { market_id: 'plain', name: 'Без маркетплейса' }), 201);
  await ok(
    apiCall(app, userA, 'POST', 'markets/add/', {
      market_id: 'ozon-nokey',
      name: 'Озон без ключа',
      marketplace: 'OZON',
    }),
    201,
  );
  await ok(apiCall(app, userB, 'POST', 'markets/add/', { ...STORE, market_id: 'ozon-b', name: 'Озон Б' }), 201);

  cup = await product(userA, 'Кружка', ['CUP-1', 'CUP-2']);
  mug = await product(userA, 'Бокал', ['MUG-1']);
  plate = await product(userA, 'Тарелка', ['PLT-1']);
  bowl = await product(userA, 'Миска', ['BWL-1']);
  spoon = await product(userA, 'Ложка', ['SPN-1']);
  // OZON's postings name the sku; the catalog keeps it in extra.
  await app.database.db
    .update(productsMp)
    .set({ extra: { sku: '900100' } })
    .where(eq(productsMp.id, mug.listing));
  await app.database.db.update(productsMp).set({ externalId: '700700' }).where(eq(productsMp.id, plate.listing));

  // Cup: 3 on hand (one lot). Mug: lots of three prices, out of receipt order. Plate: none. Bowl: 2 + 1.
  await receive(userA, cup.id, 3, 100, '2026-01-10');
  await receive(userA, mug.id, 3, 150, '2026-02-01');
  await receive(userA, mug.id, 2, 100, '2026-01-01');
  await receive(userA, mug.id, 10, 999.99, '2026-03-01');
  await receive(userA, bowl.id, 2, 40.5, '2026-01-01');
  await receive(userA, bowl.id, 1, 60, '2026-01-02');
  await receive(userA, spoon.id, 1, 10, '2026-01-02');
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('the rule, by hand-computed cases (docs/rules.md «Достаточность»)', () => {
  const lot = (id: string, count: number, price: number, receivedAt: string) => ({ id, count, price, receivedAt });

  it('sufficiency: 0 when nothing awaits assembly, else on hand minus awaiting assembly', () => {
    expect(sufficiency(5, 0)).toBe(0);
    expect(sufficiency(-0, 0)).toBe(0);
    expect(sufficiency(5, 3)).toBe(2);
    expect(sufficiency(3, 3)).toBe(0);
    expect(sufficiency(3, 5)).toBe(-2);
    expect(sufficiency(0, 1)).toBe(-1);
  });

  it('delivery price: lots in FIFO order at their unit price until the delivering quantity is covered', () => {
    expect(deliveryPrice([], 2)).toEqual({ price: null, uncovered: 2 });
    expect(deliveryPrice([lot('a', 0, 100, '2026-01-01')], 2)).toEqual({ price: null, uncovered: 2 });
    expect(deliveryPrice([], 0)).toEqual({ price: 0, uncovered: 0 });
    expect(deliveryPrice([lot('a', 5, 100, '2026-01-01')], 2)).toEqual({ price: 200, uncovered: 0 });
    const three = [lot('c', 10, 999.99, '2026-03-01'), lot('b', 3, 150, '2026-02-01'), lot('a', 2, 100, '2026-01-01')];
    expect(deliveryPrice(three, 4)).toEqual({ price: 2 * 100 + 2 * 150, uncovered: 0 });
    expect(deliveryPrice(three, 6)).toEqual({ price: 2 * 100 + 3 * 150 + 999.99, uncovered: 0 });
    expect(deliveryPrice(three, 20)).toEqual({ price: 200 + 450 + 9999.9, uncovered: 5 });
    // Same receipt date: by id, as FIFO does.
    expect(deliveryPrice([lot('z', 1, 7, '2026-01-01'), lot('y', 1, 3, '2026-01-01')], 1)).toEqual({
      price: 3,
      uncovered: 0,
    });
    // Kopecks: 0.1 + 0.2 stays 0.3.
    expect(deliveryPrice([lot('a', 1, 0.1, '2026-01-01'), lot('b', 1, 0.2, '2026-01-02')], 2)).toEqual({
      price: 0.3,
      uncovered: 0,
    });
  });

  it('aggregates quantities per listing and bucket; unmatched items counted with their articles', () => {
    const listings = [
      { id: 'L1', offerId: 'A', externalId: '11', sku: null },
      { id: 'L2', offerId: 'B', externalId: null, sku: '22' },
    ];
    const { figures, unmatched } = aggregatePostings(
      [
        posting('p1', 'awaiting_packaging', [
          { offerId: 'A', quantity: 2 },
          { offerId: 'B', quantity: 1 },
        ]),
        posting('p2', 'awaiting_packaging', [{ offerId: 'A', quantity: 3 }]),
        posting('p3', 'awaiting_deliver', [{ offerId: '', externalProductId: '11', quantity: 4 }]),
        posting('p4', 'delivering', [
          { offerId: 'X', externalProductId: '22', quantity: 5 },
          { offerId: 'GONE', quantity: 6 },
        ]),
        posting('p5', 'delivering', [
          { offerId: 'GONE', quantity: 1 },
          { offerId: 'A', quantity: 0 },
        ]),
      ],
      listings,
    );
    expect(figures).toEqual([
      { productMpId: 'L1', awaitingPackaging: 5, awaitingDeliver: 4, delivering: 0 },
      { productMpId: 'L2', awaitingPackaging: 1, awaitingDeliver: 0, delivering: 5 },
    ]);
    expect(unmatched).toEqual({ items: 2, units: 7, articles: ['GONE'] });
  });
});

describe('the status job replaces the store’s snapshot', () => {
  it('sums each bucket per listing, matching by offer id, then OZON sku or external id; reports unmatched items', async () => {
    fake.postings = [
      posting('05-1', 'awaiting_packaging', [
        { offerId: 'CUP-1', quantity: 2 },
        { offerId: 'CUP-2', quantity: 1 },
      ]),
      posting('05-2', 'awaiting_packaging', [{ offerId: 'CUP-1', quantity: 3 }]),
      posting('05-3', 'awaiting_deliver', [{ offerId: 'CUP-1', quantity: 1 }]),
      posting('05-4', 'delivering', [{ offerId: 'MUG-OTHER', externalProductId: '900100', quantity: 4 }]),
      posting('05-5', 'delivering', [{ offerId: '', externalProductId: '700700', quantity: 2 }]),
      posting('05-6', 'delivering', [{ offerId: 'BWL-1', quantity: 4 }]),
      posting('05-7', 'awaiting_packaging', [
        { offerId: 'NOPE-1', quantity: 2 },
        { offerId: 'BWL-1', quantity: 1 },
      ]),
      // Listed twice as pages shift: one posting.
      posting('05-3', 'awaiting_deliver', [{ offerId: 'CUP-1', quantity: 1 }]),
    ];
    const before = new Date();
    const { result, notes } = await refresh(userA);
    expect(fake.calls.at(-1)).toEqual({ marketId: STORE.market_id, apiKey: STORE.access_token, name: STORE.name });
    expect(result).toMatchObject({
      store: STORE.name,
      postings: 7,
      awaiting_packaging: 7,
      awaiting_deliver: 1,
      delivering: 10,
      listings: 5,
      cleared: 0,
      unmatched_items: 1,
      unmatched_units: 2,
      unmatched_articles: ['NOPE-1'],
    });
    expect(new Date(result.fetched_at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
    expect(notes).toEqual([
      {
        type: 'warning',
        text: `Магазин «${STORE.name}»: отправлений 7 — ждут сборки 7 шт., ждут отгрузки 1 шт., доставляются 10 шт.; без карточки в магазине 1 поз. (2 шт.): NOPE-1`,
      },
    ]);

    const rows = await statusRows(userA);
    const of = (listing: string) => rows.find((r) => r.productMpId === listing);
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.deletedAt).toBeNull();
      expect(r.version).toBeGreaterThan(0);
      expect(r.fetchedAt.toISOString()).toBe(result.fetched_at);
    }
    expect(of(cup.listing)).toMatchObject({ awaitingPackaging: 5, awaitingDeliver: 1, delivering: 0 });
    const cup2 = (await app.repos.products.listingsOf(userA.id, [cup.id])).find((l) => l.offerId === 'CUP-2')!;
    expect(of(cup2.id)).toMatchObject({ awaitingPackaging: 1, awaitingDeliver: 0, delivering: 0 });
    expect(of(mug.listing)).toMatchObject({ awaitingPackaging: 0, awaitingDeliver: 0, delivering: 4 });
    expect(of(plate.listing)).toMatchObject({ awaitingPackaging: 0, awaitingDeliver: 0, delivering: 2 });
    expect(of(bowl.listing)).toMatchObject({ awaitingPackaging: 1, awaitingDeliver: 0, delivering: 4 });
  });

  it('GET products_mp_status: detailed_status as SPEC §3 names it, and sufficiency and delivery price per product', async () => {
    const item = await status(userA);
    const d = item.detailed_status;
    expect(Object.keys(d).sort()).toEqual([
      'awaiting_deliver',
      'awaiting_packaging',
      'delivering',
      'inventory',
      'reserve',
    ]);
    const line = (bucket: string, offer: string) =>
      d[bucket].find((i: { product_mp: { offer_id: string } }) => i.product_mp.offer_id === offer);
    expect(d.awaiting_packaging).toHaveLength(3);
    expect(line('awaiting_packaging', 'CUP-1')).toMatchObject({
      quantity: 5,
      product_mp: { id: cup.listing, product_wh_id: cup.id, marketplace: 'OZON', market_id: STORE.market_id },
    });
    expect(line('awaiting_packaging', 'CUP-1').linked_wh_products).toEqual([
      expect.objectContaining({ id: cup.id, name: 'Кружка', count: 3 }),
    ]);
    expect(line('awaiting_packaging', 'CUP-2')).toMatchObject({ quantity: 1 });
    expect(line('awaiting_packaging', 'BWL-1')).toMatchObject({ quantity: 1 });
    expect(d.awaiting_deliver).toEqual([
      expect.objectContaining({ quantity: 1, product_mp: expect.objectContaining({ offer_id: 'CUP-1' }) }),
    ]);
    expect(
      d.delivering
        .map((i: { quantity: number; product_mp: { offer_id: string } }) => [i.product_mp.offer_id, i.quantity])
        .sort(),
    ).toEqual([
      ['BWL-1', 4],
      ['MUG-1', 4],
      ['PLT-1', 2],
    ]);
    // Spoon has nothing in any bucket: not listed.
    expect(
      d.inventory.sort((a: { product: string }, b: { product: string }) => (a.product < b.product ? -1 : 1)),
    ).toEqual(
      [
        { product: cup.id, count: 3 },
        { product: mug.id, count: 15 },
        { product: plate.id, count: 0 },
        { product: bowl.id, count: 3 },
      ].sort((a, b) => (a.product < b.product ? -1 : 1)),
    );
    // Lots with units left, FIFO order per product.
    expect(d.reserve.filter((r: { product: string }) => r.product === mug.id)).toEqual([
      { product: mug.id, count: 2, price: 100 },
      { product: mug.id, count: 3, price: 150 },
      { product: mug.id, count: 10, price: 999.99 },
    ]);
    expect(d.reserve.filter((r: { product: string }) => r.product === spoon.id)).toEqual([]);

    const row = (id: string) => item.products.find((p: { product: { id: string } }) => p.product.id === id);
    expect(item.products.map((p: { product: { name: string } }) => p.product.name)).toEqual([
      'Бокал',
      'Кружка',
      'Миска',
      'Тарелка',
    ]);
    // Cup: 3 on hand, 6 await assembly (5 + 1 of its two listings) → −3, not enough; nothing delivering → 0.
    expect([...row(cup.id).articles].sort()).toEqual(['CUP-1', 'CUP-2']);
    expect(row(cup.id)).toMatchObject({
      count: 3,
      awaiting_packaging: 6,
      awaiting_deliver: 1,
      delivering: 0,
      sufficiency: -3,
      enough: false,
      delivery_price: 0,
      delivering_uncovered: 0,
    });
    // Mug: nothing awaits assembly → 0; 4 delivering at FIFO lots 2 × 100 + 2 × 150.
    expect(row(mug.id)).toMatchObject({
      count: 15,
      awaiting_packaging: 0,
      sufficiency: 0,
      enough: true,
      delivering: 4,
      delivery_price: 500,
      delivering_uncovered: 0,
    });
    // Plate: no lots → price unknown («?»).
    expect(row(plate.id)).toMatchObject({
      count: 0,
      sufficiency: 0,
      enough: true,
      delivering: 2,
      delivery_price: null,
      delivering_uncovered: 2,
    });
    // Bowl: 3 on hand, 1 awaits → 2; 4 delivering but lots cover 3: 2 × 40.5 + 1 × 60.
    expect(row(bowl.id)).toMatchObject({
      count: 3,
      sufficiency: 2,
      enough: true,
      delivering: 4,
      delivery_price: 141,
      delivering_uncovered: 1,
    });
    expect(item.total).toEqual({ delivering: 10, delivery_price: 641, complete: false });
    expect(row(cup.id).fetched_at).toEqual(expect.any(String));
    expect(item.stores.map((s: { market_id: string }) => s.market_id).sort()).toEqual(['ozon-77', 'ozon-nokey']);
  });

  it('filters by sufficiency (0 and above is enough) and searches by name or article; a per-product read', async () => {
    const names = (item: { products: { product: { name: string } }[] }) => item.products.map((p) => p.product.name);
    expect(names(await status(userA, '?sufficiency=not_enough'))).toEqual(['Кружка']);
    const enough = await status(userA, '?sufficiency=enough');
    expect(names(enough)).toEqual(['Бокал', 'Миска', 'Тарелка']);
    expect(
      enough.detailed_status.awaiting_packaging.map((i: { product_mp: { offer_id: string } }) => i.product_mp.offer_id),
    ).toEqual(['BWL-1']);
    expect(names(await status(userA, '?sufficiency=all&search=cup-2'))).toEqual(['Кружка']);
    expect(names(await status(userA, '?search=%D0%BC%D0%B8%D1%81'))).toEqual(['Миска']);

    const one = await status(userA, `?product_id=${bowl.id}`);
    expect(one.products).toHaveLength(1);
    expect(one.products[0]).toMatchObject({ sufficiency: 2, delivery_price: 141 });
    expect(one.detailed_status.reserve).toEqual([
      { product: bowl.id, count: 2, price: 40.5 },
      { product: bowl.id, count: 1, price: 60 },
    ]);
    // A product with nothing in any bucket still reads, with zeros.
    const idle = await status(userA, `?product_id=${spoon.id}`);
    expect(idle.products[0]).toMatchObject({
      count: 1,
      awaiting_packaging: 0,
      delivering: 0,
      sufficiency: 0,
      enough: true,
      delivery_price: 0,
      fetched_at: null,
    });
  });

  it('a re-run replaces, never adds: a listing gone from the postings drops to zero (tombstone), one back comes back', async () => {
    const before = await statusRows(userA);
    fake.postings = [
      posting('06-1', 'awaiting_packaging', [{ offerId: 'CUP-1', quantity: 1 }]),
      posting('06-2', 'delivering', [{ offerId: 'BWL-1', quantity: 1 }]),
    ];
    const { result, notes } = await refresh(userA);
    expect(result).toMatchObject({
      postings: 2,
      awaiting_packaging: 1,
      delivering: 1,
      listings: 2,
      cleared: 3,
      unmatched_items: 0,
    });
    expect(notes[0]).toEqual({
      type: 'success',
      text: `Магазин «${STORE.name}»: отправлений 2 — ждут сборки 1 шт., ждут отгрузки 0 шт., доставляются 1 шт.`,
    });

    const rows = await statusRows(userA);
    expect(rows.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    for (const r of rows) {
      expect(r.fetchedAt.toISOString()).toBe(result.fetched_at);
      expect(r.version).toBeGreaterThan(before.find((b) => b.id === r.id)!.version);
    }
    const of = (listing: string) => rows.find((r) => r.productMpId === listing)!;
    expect(of(cup.listing)).toMatchObject({ awaitingPackaging: 1, awaitingDeliver: 0, delivering: 0, deletedAt: null });
    expect(of(bowl.listing)).toMatchObject({
      awaitingPackaging: 0,
      awaitingDeliver: 0,
      delivering: 1,
      deletedAt: null,
    });
    for (const gone of [mug.listing, plate.listing])
      expect(of(gone)).toMatchObject({
        awaitingPackaging: 0,
        awaitingDeliver: 0,
        delivering: 0,
        deletedAt: expect.any(Date),
      });

    const item = await status(userA);
    expect(item.products.map((p: { product: { name: string } }) => p.product.name)).toEqual(['Кружка', 'Миска']);
    expect(item.products[0]).toMatchObject({ awaiting_packaging: 1, sufficiency: 2 });
    expect(item.total).toEqual({ delivering: 1, delivery_price: 40.5, complete: true });

    // The same run again writes the same figures: still no doubling.
    await refresh(userA);
    expect(
      (await statusRows(userA)).map((r) => [
        r.productMpId,
        r.awaitingPackaging,
        r.awaitingDeliver,
        r.delivering,
        r.deletedAt !== null,
      ]),
    ).toEqual(
      rows.map((r) => [r.productMpId, r.awaitingPackaging, r.awaitingDeliver, r.delivering, r.deletedAt !== null]),
    );

    // Mug is back: the same row lives again, with only the new figures.
    fake.postings = [posting('07-1', 'awaiting_deliver', [{ offerId: 'MUG-1', quantity: 2 }])];
    await refresh(userA);
    const back = (await statusRows(userA)).find((r) => r.productMpId === mug.listing)!;
    expect(back).toMatchObject({
      id: of(mug.listing).id,
      awaitingPackaging: 0,
      awaitingDeliver: 2,
      delivering: 0,
      deletedAt: null,
    });

    // No postings at all: the whole snapshot is zeros, nothing listed.
    fake.postings = [];
    const empty = await refresh(userA);
    expect(empty.result).toMatchObject({ postings: 0, listings: 0, cleared: 1 });
    expect(
      (await statusRows(userA)).every(
        (r) => r.deletedAt !== null && r.awaitingPackaging + r.awaitingDeliver + r.delivering === 0,
      ),
    ).toBe(true);
    const none = await status(userA);
    expect(none.products).toEqual([]);
    expect(none.detailed_status).toEqual({
      awaiting_packaging: [],
      awaiting_deliver: [],
      delivering: [],
      inventory: [],
      reserve: [],
    });
  });

  it('a run that started before the last one finished writes nothing over the newer snapshot', async () => {
    const rows = await statusRows(userA);
    const store = (await app.repos.markets.find(userA.id, STORE.market_id))!;
    const older = new Date(Math.min(...rows.map((r) => r.fetchedAt.getTime())) - 60_000);
    const outcome = await app.database.db.transaction((tx) =>
      runInTransaction(tx, () =>
        app.repos.postings.replaceSnapshot(
          userA.id,
          store,
          [{ productMpId: cup.listing, awaitingPackaging: 50, awaitingDeliver: 0, delivering: 0 }],
          older,
        ),
      ),
    );
    expect(outcome).toEqual({ written: 0, cleared: 0, superseded: true });
    expect(await statusRows(userA)).toEqual(rows);
  });

  it('mirrors the rows through sync: pull sends the wire shape, a tombstoned row as deleted, the digest counts live rows', async () => {
    fake.postings = [posting('08-1', 'awaiting_packaging', [{ offerId: 'PLT-1', quantity: 3 }])];
    await refresh(userA);
    const pulled = await ok(apiCall(app, userA, 'GET', 'sync/pull?since=0&limit=1000&table=posting_statuses'));
    const changes = pulled.changes as {
      table: string;
      id: string;
      deleted: boolean;
      row: Record<string, unknown> | null;
    }[];
    const rows = await statusRows(userA);
    expect(changes.map((c) => c.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const live = rows.find((r) => r.deletedAt === null)!;
    expect(changes.find((c) => c.id === live.id)).toEqual({
      table: 'posting_statuses',
      id: live.id,
      version: live.version,
      deleted: false,
      row: {
        id: live.id,
        product_mp_id: plate.listing,
        awaiting_packaging: 3,
        awaiting_deliver: 0,
        delivering: 0,
        fetched_at: live.fetchedAt.toISOString(),
        created_at: live.createdAt.toISOString(),
        updated_at: live.updatedAt.toISOString(),
        version: live.version,
      },
    });
    for (const c of changes.filter((c) => c.id !== live.id)) expect(c).toMatchObject({ deleted: true, row: null });
    const digest = await ok(apiCall(app, userA, 'GET', 'sync/digest'));
    expect(digest.tables.posting_statuses).toEqual({
      count: 1,
      max_version: live.version,
      sum_version: String(live.version),
    });
  });
});

describe('POST /api/v1/extract/products/status/', () => {
  const start = (user: TestUser, body: unknown) => apiCall(app, user, 'POST', 'extract/products/status/', body);
  const queued = async () => app.database.db.select().from(jobs).where(eq(jobs.kind, POSTING_STATUS));

  it('queues one job a store (a store named twice once) and answers their ids', async () => {
    const before = (await queued()).length;
    const body = await ok(
      start(userA, [
        { marketplace: 'OZON', market_id: STORE.market_id },
        { marketplace: 'OZON', market_id: STORE.market_id },
      ]),
      202,
    );
    expect(body.jobs).toEqual([{ job_id: body.job_ids[0], marketplace: 'OZON', market_id: STORE.market_id }]);
    const rows = await queued();
    expect(rows).toHaveLength(before + 1);
    const store = (await app.repos.markets.find(userA.id, STORE.market_id))!;
    expect(rows.find((j) => j.id === body.job_ids[0])).toMatchObject({
      userId: userA.id,
      status: 'queued',
      payload: { store_id: store.id },
    });
    const job = await ok(apiCall(app, userA, 'GET', `jobs/${body.job_ids[0]}/`));
    expect(job).toMatchObject({ kind: POSTING_STATUS, status: 'queued' });
  });

  it.each([
    ['an empty list', [], 400, 'validation_failed'],
    ['not a list', { marketplace: 'OZON', market_id: STORE.market_id }, 400, 'validation_failed'],
    ['an unknown field', [{ marketplace: 'OZON', market_id: STORE.market_id, force: true }], 400, 'validation_failed'],
    ['an unknown marketplace', [{ marketplace: 'AMAZON', market_id: STORE.market_id }], 400, 'validation_failed'],
    ["a store with '-'", [{ marketplace: '-', market_id: 'plain' }], 400, 'marketplace_not_set'],
    [
      'a store with no marketplace, named as OZON',
      [{ marketplace: 'OZON', market_id: 'plain' }],
      400,
      'marketplace_not_set',
    ],
    ['the wrong marketplace', [{ marketplace: 'YM', market_id: STORE.market_id }], 400, 'marketplace_mismatch'],
    ['a store with no key', [{ marketplace: 'OZON', market_id: 'ozon-nokey' }], 400, 'access_token_missing'],
    [
      'a store that does not exist, after a good one',
      [
        { marketplace: 'OZON', market_id: STORE.market_id },
        { marketplace: 'OZON', market_id: 'nope' },
      ],
      404,
      'not_found',
    ],
    ['another user’s store', [{ marketplace: 'OZON', market_id: 'ozon-b' }], 404, 'not_found'],
  ])('%s → %i %s, nothing queued or changed', async (_what, body, code, problem) => {
    const jobsBefore = await queued();
    const rowsBefore = await statusRows(userA);
    expectProblem(await start(userA, body), code, problem);
    expect(await queued()).toEqual(jobsBefore);
    expect(await statusRows(userA)).toEqual(rowsBefore);
  });

  it('needs a token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/extract/products/status/',
      payload: [{ marketplace: 'OZON', market_id: STORE.market_id }],
    });
    expectProblem(res, 401, 'token_missing');
  });
});

describe('GET /api/v1/products_mp_status/: only the user’s own', () => {
  it('another user sees none of A’s statuses, and A’s product answers 404 as a missing one', async () => {
    expect((await statusRows(userA)).some((r) => r.deletedAt === null)).toBe(true);
    const item = await status(userB);
    expect(item.products).toEqual([]);
    expect(item.detailed_status).toEqual({
      awaiting_packaging: [],
      awaiting_deliver: [],
      delivering: [],
      inventory: [],
      reserve: [],
    });
    expect(item.stores.map((s: { market_id: string }) => s.market_id)).toEqual(['ozon-b']);
    expectProblem(await apiCall(app, userB, 'GET', `products_mp_status/?product_id=${plate.id}`), 404, 'not_found');
    expectProblem(
      await apiCall(app, userB, 'GET', `products_mp_status/?product_id=${crypto.randomUUID()}`),
      404,
      'not_found',
    );
  });

  it('another user’s job for B’s own store cannot touch A’s rows', async () => {
    const rowsA = await statusRows(userA);
    const b = await product(userB, 'Кружка Б', ['CUP-1'], 'ozon-b');
    fake.postings = [
      posting('09-1', 'awaiting_packaging', [
        { offerId: 'CUP-1', quantity: 9 },
        { offerId: 'PLT-1', quantity: 1 },
      ]),
    ];
    const { result } = await refresh(userB, 'ozon-b');
    expect(result).toMatchObject({ listings: 1, unmatched_items: 1 });
    expect(await statusRows(userA)).toEqual(rowsA);
    const rowsB = await statusRows(userB);
    expect(rowsB).toEqual([expect.objectContaining({ productMpId: b.listing, awaitingPackaging: 9 })]);
    expect((await status(userB)).products.map((p: { product: { id: string } }) => p.product.id)).toEqual([b.id]);
    expect((await status(userA)).products.map((p: { product: { id: string } }) => p.product.id)).toEqual([plate.id]);
  });

  it.each([
    ['a bad product id', '?product_id=42'],
    ['an unknown filter', '?sufficiency=some'],
    ['a too long search', `?search=${'я'.repeat(201)}`],
  ])('%s → 400 in Russian', async (_what, query) => {
    expectProblem(await apiCall(app, userA, 'GET', `products_mp_status/${query}`), 400, 'validation_failed');
  });

  it('needs a token', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/v1/products_mp_status/' }), 401, 'token_missing');
  });
});
