import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../api/ws.ts';
import { jobs, markets, productsMp, returns } from '../../server/db/schema/index.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import {
  addStores,
  jobsFinished,
  messagesUntilDone,
  runStoreJobs,
  startSandboxApp,
  type NamedStore,
  type SandboxApp,
} from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

const OFFERS = 150;
const RETURNS = 60;
const UNTIL = '2026-03-31';
/** 90 days: every sandbox return, and three of WB's 31-day report pieces. */
const PERIOD = { date_start: '2026-01-01', date_end: UNTIL };

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '5550011', apiKey: 'ozon-returns-import-key', name: 'Озон Юг' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-returns', apiKey: 'wb-returns-import-token', name: 'ВБ Юг' },
  { marketplace: 'YM', marketId: '41000011', apiKey: 'ym-returns-import-key', name: 'Маркет Юг' },
];

let env: SandboxApp;
let app: FastifyInstance;
let userA: TestUser;

interface ReturnsResult {
  store: string;
  date_start: string;
  date_end: string;
  returns: number;
  added: number;
  updated: number;
  unmatched: number;
  kept: number;
}

async function addStore(
  user: TestUser,
  payload: { market_id: string; name: string; marketplace: string; access_token?: string },
) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/markets/add/', headers: user.headers, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
}

const startReturns = (user: TestUser, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/extract/returns/', headers: user.headers, payload: body as object });

const finished = (user: TestUser, ids: string[]) => jobsFinished<ReturnsResult>(app, user, ids);

/** Queues one returns import per store, then reads the live channel until each has sent its 100. */
async function importReturns(user: TestUser, which = stores, period = PERIOD) {
  const socket = await env.live(user);
  const ids: string[] = [];
  for (const s of which) {
    const res = await startReturns(user, { marketplace: s.marketplace, market_id: s.marketId, ...period });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as {
      job_ids: string[];
      jobs: { job_id: string; marketplace: string; market_id: string }[];
    };
    expect(body.jobs).toEqual([{ job_id: body.job_ids[0], marketplace: s.marketplace, market_id: s.marketId }]);
    ids.push(body.job_ids[0]!);
  }
  const messages = await messagesUntilDone(socket, ids);
  return { ids, messages, jobs: await finished(user, ids) };
}

async function returnRows(user: TestUser) {
  return app.database.db
    .select()
    .from(returns)
    .where(eq(returns.userId, user.id))
    .orderBy(asc(returns.marketplace), asc(returns.externalId));
}

const notifications = (messages: LiveMessage[]) =>
  messages.flatMap((m) => (m.type === 'notification' ? [m.value] : []));

beforeAll(async () => {
  env = await startSandboxApp({ offersPerStore: OFFERS, returnsPerStore: RETURNS, returnsUntil: UNTIL, stores });
  app = env.app;
  userA = await signUp(app);
  await addStores(app, userA, stores);
  // The catalogs first: returns are matched to warehouse products through the stores' listings.
  await runStoreJobs(app, userA, 'extract/products/many/', stores);
});

afterAll(() => env?.close());

describe('returns import', () => {
  it('imports each store’s returns: matched ones linked to the listing’s warehouse product, unmatched kept', async () => {
    const { ids, messages, jobs: done } = await importReturns(userA);

    for (const id of ids) {
      const values = messages.flatMap((m) => (m.type === 'progress' && m.job_id === id ? [m.value] : []));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values.at(-1)).toBe(100);
    }
    expect(messages.some((m) => m.type === 'changes')).toBe(true);

    const rows = await returnRows(userA);
    const listings = await app.database.db
      .select()
      .from(productsMp)
      .where(and(eq(productsMp.userId, userA.id), isNull(productsMp.deletedAt)));
    const storeRows = await app.database.db.select().from(markets).where(eq(markets.userId, userA.id));

    for (const [i, s] of stores.entries()) {
      const j = done[i]!;
      expect(j).toMatchObject({ kind: 'returns-import', status: 'done', progress: 100, attempts: 1, error: null });
      const result = j.result!;
      const mine = rows.filter((r) => r.marketplace === s.marketplace && r.marketId === s.marketId);
      // YM lists one entry per returned item, and some of its returns carry two.
      if (s.marketplace === 'YM') expect(result.returns).toBeGreaterThan(RETURNS);
      else expect(result.returns).toBe(RETURNS);
      expect(result).toMatchObject({ store: s.name, ...PERIOD, added: result.returns, updated: 0, kept: 0 });
      expect(mine).toHaveLength(result.returns);
      expect(new Set(mine.map((r) => r.externalId)).size).toBe(mine.length);
      expect(notifications(messages)).toContainEqual({
        type: 'success',
        text: `Магазин «${s.name}»: возвратов за период ${result.returns} — новых ${result.returns}, обновлено 0, без товара на складе ${result.unmatched}`,
      });

      const storeRow = storeRows.find((r) => r.marketId === s.marketId)!;
      const ofStore = listings.filter((l) => l.marketId === s.marketId);
      const byOffer = new Map(ofStore.map((l) => [l.offerId, l]));
      const unmatched = mine.filter((r) => r.productId === null);
      // Every 10th sandbox return names an article the catalog does not have.
      expect(unmatched.length).toBe(result.unmatched);
      expect(unmatched.length).toBeGreaterThanOrEqual(RETURNS / 10);
      for (const r of mine) {
        expect(r).toMatchObject({
          userId: userA.id,
          marketRef: storeRow.id,
          status: null,
          processed: false,
          price: 0,
          deletedAt: null,
        });
        expect(r.version).toBeGreaterThan(0);
        expect(r.count).toBeGreaterThanOrEqual(1);
        expect(r.orderNumber).not.toBe('');
        expect(r.marketplaceStatus).toBeTruthy();
        expect(r.returnedAt!.toISOString().slice(0, 10) >= PERIOD.date_start).toBe(true);
        expect(r.article).not.toBe('');
        expect(r.name).not.toBe('');
        if (r.productId === null) {
          expect(byOffer.has(r.article)).toBe(false);
        } else {
          // Linked to exactly the warehouse product the store's listing of that article belongs to.
          expect(byOffer.get(r.article)?.productWhId, r.article).toBe(r.productId);
          expect(r.name).toBe(byOffer.get(r.article)!.name);
        }
      }
      if (s.marketplace === 'WILDBERRIES') {
        // A card gone from WB: no seller article, so the WB article (nmId) stands in, with the report's name.
        for (const r of unmatched) expect(r.article).toMatch(/^\d+$/);
        expect(mine.every((r) => r.count === 1)).toBe(true);
      } else {
        for (const r of unmatched) expect(r.article).toMatch(/-GONE-\d+$/);
      }
    }
  });

  it('importing the same period again duplicates nothing and rewrites no row', async () => {
    const before = await returnRows(userA);
    const { jobs: done, messages } = await importReturns(userA);
    for (const j of done) expect(j.result).toMatchObject({ added: 0, updated: 0, kept: 0 });
    // The only hints to pull are the ones every write request sends (one per store's request); the pages changed
    // nothing.
    expect(messages.filter((m) => m.type === 'changes')).toHaveLength(stores.length);
    expect(await returnRows(userA)).toEqual(before);
  });

  it('a processed return, or one given a status or price, is left alone; an untouched one refreshes', async () => {
    const { db } = app.database;
    const ozon = (await returnRows(userA)).filter((r) => r.marketplace === 'OZON' && r.productId !== null);
    const [processed, priced, untouched] = ozon;
    await db
      .update(returns)
      .set({ processed: true, finalMoment: new Date(), marketplaceStatus: 'Оприходован', count: 7 })
      .where(eq(returns.id, processed!.id));
    await db
      .update(returns)
      .set({ status: 'ready', price: 150, name: 'Моё название' })
      .where(eq(returns.id, priced!.id));
    await db
      .update(returns)
      .set({ marketplaceStatus: 'Устаревший статус', orderNumber: 'старый' })
      .where(eq(returns.id, untouched!.id));
    const edited = await returnRows(userA);

    const { jobs: done } = await importReturns(userA, [stores[0]!]);
    expect(done[0]!.result).toMatchObject({ returns: RETURNS, added: 0, updated: 1, kept: 2 });

    const after = await returnRows(userA);
    const find = (rows: typeof after, id: string) => rows.find((r) => r.id === id)!;
    expect(find(after, processed!.id)).toEqual(find(edited, processed!.id));
    expect(find(after, priced!.id)).toEqual(find(edited, priced!.id));
    const refreshed = find(after, untouched!.id);
    expect(refreshed).toMatchObject({
      marketplaceStatus: untouched!.marketplaceStatus,
      orderNumber: untouched!.orderNumber,
    });
    expect(refreshed.version).toBeGreaterThan(find(edited, untouched!.id).version);
    expect(after.filter((r) => ![processed, priced, untouched].some((x) => x!.id === r.id))).toEqual(
      edited.filter((r) => ![processed, priced, untouched].some((x) => x!.id === r.id)),
    );
  });

  it('falls back to the marketplace product id the listing keeps (OZON sku in extra), filling a missing link only', async () => {
    const { db } = app.database;
    const target = (await returnRows(userA)).find(
      (r) => r.marketplace === 'OZON' && r.productId !== null && r.processed === false && r.status === null,
    )!;
    const [listing] = await db
      .select()
      .from(productsMp)
      .where(
        and(
          eq(productsMp.userId, userA.id),
          eq(productsMp.marketId, stores[0]!.marketId),
          eq(productsMp.offerId, target.article),
        ),
      );
    // The seller renamed the article on OZON (the listing follows) and the return lost its link meanwhile.
    await db
      .update(productsMp)
      .set({ offerId: `${target.article}-new` })
      .where(eq(productsMp.id, listing!.id));
    await db.update(returns).set({ productId: null }).where(eq(returns.id, target.id));

    const { jobs: done } = await importReturns(userA, [stores[0]!]);
    expect(done[0]!.result).toMatchObject({ added: 0, updated: 1 });
    const after = (await returnRows(userA)).find((r) => r.id === target.id)!;
    expect(after).toMatchObject({ productId: listing!.productWhId, article: target.article });
  });

  it("another user's shop answers 404 and queues nothing", async () => {
    const userB = await signUp(app);
    const res = await startReturns(userB, { marketplace: 'OZON', market_id: stores[0]!.marketId, ...PERIOD });
    const problem = expectProblem(res, 404, 'not_found');
    expect(problem.detail).toContain(stores[0]!.marketId);
    expect(await app.database.db.select().from(jobs).where(eq(jobs.userId, userB.id))).toHaveLength(0);
    expect(await returnRows(userB)).toHaveLength(0);
  });

  it('refuses bad input with a Russian problem and queues nothing', async () => {
    const user = await signUp(app);
    await addStore(user, { market_id: 'offline', name: 'Без площадки', marketplace: '-', access_token: 'k' });
    await addStore(user, { market_id: 'no-key', name: 'Без ключа', marketplace: 'OZON' });
    await addStore(user, { market_id: 'wb-1', name: 'ВБ', marketplace: 'WILDBERRIES', access_token: 'k' });
    const ok = { marketplace: 'WILDBERRIES', market_id: 'wb-1', ...PERIOD };
    const cases: [unknown, string, string?][] = [
      [{ ...ok, marketplace: '-', market_id: 'offline' }, 'marketplace_not_set'],
      [{ ...ok, marketplace: 'OZON', market_id: 'offline' }, 'marketplace_not_set', '«Без площадки»'],
      [{ ...ok, date_start: '2026-02-30' }, 'validation_failed', 'Дата начала'],
      [{ ...ok, date_end: '31.03.2026' }, 'validation_failed', 'ГГГГ-ММ-ДД'],
      [{ ...ok, date_start: '2026-03-31', date_end: '2026-03-01' }, 'invalid_period'],
      [{ ...ok, date_start: '2024-01-01', date_end: '2025-06-30' }, 'period_too_long'],
      [{ ...ok, date_start: '2099-01-01', date_end: '2099-01-31' }, 'period_in_future'],
      [
        { marketplace: 'WILDBERRIES', market_id: 'wb-1', date_start: '2026-01-01' },
        'validation_failed',
        'Дата окончания',
      ],
      [{ ...ok, extra: 1 }, 'validation_failed', 'extra'],
      [{ ...ok, marketplace: 'YM' }, 'marketplace_mismatch'],
      [{ ...ok, marketplace: 'OZON', market_id: 'no-key' }, 'access_token_missing', '«Без ключа»'],
      [[ok], 'validation_failed'],
    ];
    for (const [body, code, mention] of cases) {
      const problem = expectProblem(await startReturns(user, body), 400, code);
      if (mention) expect(problem.detail, JSON.stringify(body)).toContain(mention);
    }
    expect(await app.database.db.select().from(jobs).where(eq(jobs.userId, user.id))).toHaveLength(0);
  });

  it('a refused key fails the job at once with a message naming the store, writing nothing', async () => {
    const user = await signUp(app);
    await addStore(user, {
      market_id: '41000011',
      name: 'Маркет с ошибкой',
      marketplace: 'YM',
      access_token: 'not-the-key',
    });
    const socket = await env.live(user);
    const res = await startReturns(user, { marketplace: 'YM', market_id: '41000011', ...PERIOD });
    expect(res.statusCode, res.body).toBe(202);
    const [id] = (res.json() as { job_ids: string[] }).job_ids;
    const messages = await messagesUntilDone(socket, [id!]);
    messages.push(await socket.next(5000));
    const [failed] = await finished(user, [id!]);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    // Russian first — what happened and what to do — then the marketplace's own answer, word for word.
    expect(failed!.error).toBe(
      'Магазин «Маркет с ошибкой» (Яндекс Маркет): маркетплейс не принял ключ API. Проверьте ключ и его права ' +
        'в кабинете продавца. Ответ маркетплейса: «HTTP 401 — UNAUTHORIZED: Api-Key token is invalid».',
    );
    expect(
      notifications(messages)
        .filter((n) => n.type === 'error')
        .map((n) => n.text),
    ).toEqual([expect.stringContaining('не принял ключ API')]);
    expect(await returnRows(user)).toHaveLength(0);
  });
});
