import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../api/ws.ts';
import { jobs, markets, productsMp, productsWh } from '../../server/db/schema/index.ts';
import { startSandbox, type Sandbox, type SandboxStore } from '../../server/sandbox/server.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { connectLive, listen, waitUntil, type LiveClient } from './helpers/live-client.ts';
import { messagesUntilDone } from './helpers/sandbox-app.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const OFFERS = 300;
// 100 per page: three full pages per store and the short (empty) one that ends the listing.
const PAGE_SIZE = '100';

const stores: (SandboxStore & { name: string })[] = [
  { marketplace: 'OZON', marketId: '5550001', apiKey: 'ozon-import-key', name: 'Озон Север' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-main', apiKey: 'wb-import-token', name: 'ВБ Главный' },
  { marketplace: 'YM', marketId: '41000001', apiKey: 'ym-import-key', name: 'Маркет Центр' },
];
const storeItems = stores.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId }));

let sandbox: Sandbox;
let t: TestDatabase;
let app: FastifyInstance;
let base: string;
let userA: TestUser;
const sockets: LiveClient[] = [];

interface JobWire {
  id: string;
  status: string;
  progress: number;
  attempts: number;
  result: { store: string; offers: number; added: number; updated: number } | null;
  error: string | null;
}

async function addStore(
  user: TestUser,
  payload: { market_id: string; name: string; marketplace: string; access_token?: string },
) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/markets/add/', headers: user.headers, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
}

const startImport = (user: TestUser, items: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/extract/products/many/',
    headers: user.headers,
    payload: items as object,
  });

async function job(user: TestUser, id: string): Promise<JobWire> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/jobs/${id}/`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobWire;
}

async function finished(user: TestUser, ids: string[]): Promise<JobWire[]> {
  await waitUntil(
    async () => {
      for (const id of ids) if (!['done', 'failed'].includes((await job(user, id)).status)) return false;
      return true;
    },
    60_000,
    'import jobs finished',
  );
  return Promise.all(ids.map((id) => job(user, id)));
}

async function importAndWait(user: TestUser, socket: LiveClient, items = storeItems) {
  const res = await startImport(user, items);
  expect(res.statusCode, res.body).toBe(202);
  const ids = (res.json() as { job_ids: string[] }).job_ids;
  const messages = await messagesUntilDone(socket, ids);
  return { ids, messages, jobs: await finished(user, ids) };
}

const notifications = (messages: LiveMessage[]) =>
  messages.flatMap((m) => (m.type === 'notification' ? [m.value] : []));

/** Every live row of the user, with its version: equal snapshots mean nothing was rewritten. */
async function rows(user: TestUser) {
  const { db } = app.database;
  return {
    listings: await db
      .select()
      .from(productsMp)
      .where(and(eq(productsMp.userId, user.id), isNull(productsMp.deletedAt)))
      .orderBy(asc(productsMp.id)),
    products: await db
      .select()
      .from(productsWh)
      .where(and(eq(productsWh.userId, user.id), isNull(productsWh.deletedAt)))
      .orderBy(asc(productsWh.id)),
  };
}

async function liveSocket(user: TestUser) {
  const socket = await connectLive(base, user.id, user.accessToken);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  sandbox = await startSandbox({ offersPerStore: OFFERS, stores });
  t = await createTestDatabase();
  app = await startTestApp(t.database, {
    JOBS_ENABLED: 'true',
    // Not about orders: connected stores would take theirs in meanwhile (docs/rules.md «Заказы маркетплейсов»).
    ORDER_INTAKE_ENABLED: 'false',
    JOB_POLL_MS: '50',
    JOB_RETRY_BASE_MS: '40',
    MARKETPLACE_PAGE_SIZE: PAGE_SIZE,
    OZON_API_URL: sandbox.url,
    WB_CONTENT_API_URL: sandbox.url,
    YM_API_URL: sandbox.url,
  });
  base = await listen(app);
  userA = await signUp(app);
  for (const s of stores)
    await addStore(userA, { market_id: s.marketId, name: s.name, marketplace: s.marketplace, access_token: s.apiKey });
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await app?.close();
  await t?.drop();
  await sandbox?.close();
});

describe('catalog import', () => {
  it('makes every offer a listing with a warehouse product of its own; progress climbs to 100 per job', async () => {
    const socket = await liveSocket(userA);
    const { ids, messages, jobs: done } = await importAndWait(userA, socket);
    expect(ids).toHaveLength(3);

    for (const id of ids) {
      const values = messages.flatMap((m) => (m.type === 'progress' && m.job_id === id ? [m.value] : []));
      // At least one report per page before the queue's final 100.
      expect(values.length, JSON.stringify(values)).toBeGreaterThanOrEqual(3);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values.at(-1)).toBe(100);
      expect(values.slice(0, -1).every((v) => v < 100)).toBe(true);
    }
    expect(notifications(messages)).toEqual(
      expect.arrayContaining(
        stores.map((s) => ({ type: 'success', text: `Магазин «${s.name}»: добавлено ${OFFERS}, обновлено 0` })),
      ),
    );
    expect(messages.some((m) => m.type === 'changes')).toBe(true);
    for (const [i, j] of done.entries()) {
      expect(j).toMatchObject({ status: 'done', progress: 100, attempts: 1, error: null });
      expect(j.result).toEqual({ store: stores[i]!.name, offers: OFFERS, added: OFFERS, updated: 0 });
    }

    const { listings, products } = await rows(userA);
    expect(listings).toHaveLength(3 * OFFERS);
    expect(products).toHaveLength(3 * OFFERS);
    expect(new Set(listings.map((l) => l.productWhId)).size).toBe(3 * OFFERS);
    const storeRows = await app.database.db.select().from(markets).where(eq(markets.userId, userA.id));
    const productById = new Map(products.map((p) => [p.id, p]));
    for (const s of stores) {
      const ofStore = listings.filter((l) => l.marketId === s.marketId);
      expect(ofStore).toHaveLength(OFFERS);
      expect(new Set(ofStore.map((l) => l.offerId)).size).toBe(OFFERS);
      const storeRow = storeRows.find((r) => r.marketId === s.marketId)!;
      for (const l of ofStore) {
        expect(l).toMatchObject({ marketplace: s.marketplace, marketRef: storeRow.id });
        expect(l.name).toMatch(/[а-яё]/i);
        expect(l.externalId).toMatch(/^\d+$/);
        const product = productById.get(l.productWhId)!;
        expect(product.name).toBe(l.name);
        expect(product.images).toEqual(l.primaryImage ? [l.primaryImage] : []);
      }
    }
    const list = await app.inject({ method: 'GET', url: '/api/v1/products/all/?page_size=10', headers: userA.headers });
    expect(list.json()).toMatchObject({ total: 3 * OFFERS });
  });

  it('a repeated import adds nothing, updates nothing, keeps the grouping and rewrites no row', async () => {
    // The seller groups two listings under one product; the marketplace must not undo that.
    const before0 = await rows(userA);
    const [first, second] = before0.listings;
    const grouped = await app.inject({
      method: 'PATCH',
      url: `/api/v1/products/group/${first!.productWhId}/`,
      headers: userA.headers,
      payload: [second!.productWhId],
    });
    expect(grouped.statusCode, grouped.body).toBe(200);
    const before = await rows(userA);

    const socket = await liveSocket(userA);
    const { messages, jobs: done } = await importAndWait(userA, socket);
    for (const j of done) expect(j.result).toMatchObject({ offers: OFFERS, added: 0, updated: 0 });
    expect(notifications(messages).map((n) => n.text)).toEqual(
      expect.arrayContaining(stores.map((s) => `Магазин «${s.name}»: добавлено 0, обновлено 0`)),
    );
    // The only hint to pull is the one every write request sends; the pages themselves changed nothing.
    expect(messages.filter((m) => m.type === 'changes')).toHaveLength(1);
    expect(await rows(userA)).toEqual(before);
    expect(before.listings.find((l) => l.id === second!.id)!.productWhId).toBe(first!.productWhId);
  });

  it('a changed offer updates its listing, not the warehouse product the seller named', async () => {
    const { db } = app.database;
    const before = await rows(userA);
    const target = before.listings.find((l) => l.marketplace === 'YM')!;
    await db.update(productsMp).set({ name: 'Устаревшее название' }).where(eq(productsMp.id, target.id));
    await db.update(productsWh).set({ name: 'Моё название' }).where(eq(productsWh.id, target.productWhId));
    const edited = await rows(userA);

    const socket = await liveSocket(userA);
    const { jobs: done, messages } = await importAndWait(userA, socket, [{ marketplace: 'YM', market_id: '41000001' }]);
    expect(done[0]!.result).toMatchObject({ added: 0, updated: 1 });
    expect(notifications(messages)).toContainEqual({
      type: 'success',
      text: 'Магазин «Маркет Центр»: добавлено 0, обновлено 1',
    });
    expect(messages.some((m) => m.type === 'changes')).toBe(true);

    const after = await rows(userA);
    const listing = after.listings.find((l) => l.id === target.id)!;
    expect(listing.name).toBe(target.name);
    expect(listing.version).toBeGreaterThan(edited.listings.find((l) => l.id === target.id)!.version);
    expect(after.products).toEqual(edited.products);
    expect(after.listings.filter((l) => l.id !== target.id)).toEqual(edited.listings.filter((l) => l.id !== target.id));
  });

  it('a refused key fails the job at once, with a notification naming the store', async () => {
    const user = await signUp(app);
    await addStore(user, {
      market_id: '5550001',
      name: 'Озон с ошибкой',
      marketplace: 'OZON',
      access_token: 'not-the-key',
    });
    const socket = await liveSocket(user);
    const { messages, jobs: done } = await importAndWait(user, socket, [{ marketplace: 'OZON', market_id: '5550001' }]);
    expect(messages.at(-1)).toEqual({ type: 'progress', value: 100, job_id: done[0]!.id });
    // The queue tells the user after it has closed the job.
    messages.push(await socket.next(5000));
    expect(done[0]).toMatchObject({ status: 'failed', attempts: 1, progress: 0 });
    // Russian first — what happened and what to do — then the marketplace's own answer, word for word.
    expect(done[0]!.error).toBe(
      'Магазин «Озон с ошибкой» (OZON): маркетплейс не принял ключ API. Проверьте ключ и его права в кабинете ' +
        'продавца. Ответ маркетплейса: «HTTP 403 — 7: Invalid Api-Key, please check the key and try again».',
    );
    const errors = notifications(messages).filter((n) => n.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.text).toContain('Магазин «Озон с ошибкой»');
    expect(errors[0]!.text).toContain('не принял ключ API');
    expect((await rows(user)).listings).toHaveLength(0);
  });

  it("user B cannot import into user A's stores nor read A's jobs (404)", async () => {
    const userB = await signUp(app);
    const res = await startImport(userB, [{ marketplace: 'OZON', market_id: '5550001' }]);
    expectProblem(res, 404, 'not_found');
    const mine = await startImport(userA, [{ marketplace: 'WILDBERRIES', market_id: 'wb-main' }]);
    const [jobId] = (mine.json() as { job_ids: string[] }).job_ids;
    expectProblem(
      await app.inject({ method: 'GET', url: `/api/v1/jobs/${jobId}/`, headers: userB.headers }),
      404,
      'not_found',
    );
    await finished(userA, [jobId!]);
    expect(await app.database.db.select().from(jobs).where(eq(jobs.userId, userB.id))).toHaveLength(0);
    expect((await rows(userB)).listings).toHaveLength(0);
  });

  it('refuses stores without a marketplace, a mismatched marketplace or no key (400), queuing nothing', async () => {
    const user = await signUp(app);
    await addStore(user, { market_id: 'offline', name: 'Без площадки', marketplace: '-', access_token: 'k' });
    await addStore(user, { market_id: 'no-key', name: 'Без ключа', marketplace: 'OZON' });
    await addStore(user, { market_id: 'wb-1', name: 'ВБ', marketplace: 'WILDBERRIES', access_token: 'k' });

    const noMarketplace = expectProblem(
      await startImport(user, [{ marketplace: 'OZON', market_id: 'offline' }]),
      400,
      'marketplace_not_set',
    );
    expect(noMarketplace.detail).toContain('«Без площадки»');
    expectProblem(await startImport(user, [{ marketplace: '-', market_id: 'offline' }]), 400, 'marketplace_not_set');
    // One bad store refuses the whole request, the good one included.
    expectProblem(
      await startImport(user, [
        { marketplace: 'WILDBERRIES', market_id: 'wb-1' },
        { marketplace: 'OZON', market_id: 'no-key' },
      ]),
      400,
      'access_token_missing',
    );
    expectProblem(await startImport(user, [{ marketplace: 'YM', market_id: 'wb-1' }]), 400, 'marketplace_mismatch');
    expectProblem(await startImport(user, []), 400, 'validation_failed');
    expect(await app.database.db.select().from(jobs).where(eq(jobs.userId, user.id))).toHaveLength(0);
  });
});
