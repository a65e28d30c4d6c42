import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { orderIntake } from '../../server/db/schema/index.ts';
import { startSandbox, type Sandbox, type SandboxMarketplace } from '../../server/sandbox/server.ts';
import { checkLedger, checkLines, checkProducts, readBooks } from './helpers/orders-model-check.ts';
import {
  expectedBooks,
  handedBeforeIntake,
  isHandedOver,
  marketplaces,
  newPosting,
  seededRandom,
  type ModelPosting,
} from './helpers/orders-model.ts';
import { addStoresWithIntakeOff, groupByArticle, type Catalog } from './helpers/orders-model-setup.ts';
import type { NamedStore } from './helpers/sandbox-app.ts';
import { apiCall, ok, receiveBatch, type Line } from './helpers/stock.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * Must show #1 of issue 22 (docs/rules.md «Заказы маркетплейсов»): 300 orders over the three sandbox marketplaces,
 * created, moved and cancelled in random order while two server instances take them in, one restarted gracefully and
 * the other «killed» (its claim left to run out) mid-intake; stock arrives mid-way, an unlinked article is linked.
 * Once the intake is quiet, reserves, realizations and the ledger must equal the model of the orders exactly and
 * every sale's cost must be FIFO. ORDERS_MODEL_SEED replays a scenario; the seed is printed.
 */

const seed = Number(process.env.ORDERS_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const random = seededRandom(seed);
const ORDERS = 300;
/** Article numbers 1–12 are the products; 9 and 10 start short, 11 never has stock, OZON's 12 starts unlinked. */
const SHORT = [9, 10];
const EMPTY = 11;
const UNLINKED = 12;

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '7790021', apiKey: 'ozon-model-key', name: 'Озон Модель' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-model', apiKey: 'wb-model-token', name: 'ВБ Модель' },
  { marketplace: 'YM', marketId: '43200021', apiKey: 'ym-model-key', name: 'Маркет Модель' },
];

interface Instance {
  app: FastifyInstance;
  /** PostgreSQL: the instance's own pool, closed with it. PGlite: the file's one database. */
  own?: Database;
}

let sandbox: Sandbox | undefined;
let t: TestDatabase | undefined;
const live: Instance[] = [];
let user: TestUser;
let catalog: Catalog;
const storeIds = new Map<SandboxMarketplace, string>();
const postings: ModelPosting[] = [];
const received = new Map<string, number>();
const timings: string[] = [];
const log = (line: string) => {
  timings.push(line);
  console.log(`orders-model: ${line}`);
};

async function startInstance(): Promise<Instance> {
  const own = t!.url && live.length > 0 ? await openDatabase({ url: t!.url, embeddedDir: 'memory://' }) : undefined;
  const app = await startTestApp(own ?? t!.database, {
    JOBS_ENABLED: 'true',
    JOB_POLL_MS: '50',
    JOB_RETRY_BASE_MS: '40',
    MARKETPLACE_PAGE_SIZE: '20',
    OZON_API_URL: sandbox!.url,
    WB_CONTENT_API_URL: sandbox!.url,
    WB_ANALYTICS_API_URL: sandbox!.url,
    WB_MARKETPLACE_API_URL: sandbox!.url,
    YM_API_URL: sandbox!.url,
    ORDER_INTAKE_ENABLED: 'true',
    ORDER_INTAKE_TICK_MS: '100',
    ORDER_INTAKE_LEASE_SECONDS: '2',
  });
  const instance = { app, own };
  live.push(instance);
  return instance;
}

async function stopInstance(instance: Instance): Promise<void> {
  live.splice(live.indexOf(instance), 1);
  await instance.app.close();
  await instance.own?.close();
}

const anyApp = () => random.pick(live).app;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  apiCall(anyApp(), user, method, url, payload);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, ms: number, label: string, every = 100): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms: ${label} (seed ${seed})`);
    await pause(every);
  }
}

let pokeMs = 0;
/** Hurries a store's intake on a random instance (the store's next run is now). */
const poke = async (store: string) => {
  const at = performance.now();
  expect((await call('POST', 'orders/intake/run/', { store_id: store })).statusCode).toBe(202);
  pokeMs += performance.now() - at;
};

/**
 * Every store finished a run it claimed after now. A store is asked again while it has not: a run in flight swallows
 * the ask (its finish sets the next run). Done once the last success is no earlier than the first claim seen since.
 */
async function intakeRound(): Promise<void> {
  const since = Date.now();
  const firstClaim = new Map<string, number>();
  const done = new Set<string>();
  let asked = 0;
  let last: unknown;
  await until(
    async () => {
      if (Date.now() - asked > 1000) {
        asked = Date.now();
        for (const id of storeIds.values()) if (!done.has(id)) await poke(id);
      }
      const states = (await ok(call('GET', 'orders/intake/'))) as Array<{
        store_id: string;
        last_run_at: string | null;
        last_ok_at: string | null;
      }>;
      last = states;
      for (const s of states) {
        const claimed = s.last_run_at ? Date.parse(s.last_run_at) : 0;
        if (claimed >= since && !firstClaim.has(s.store_id)) firstClaim.set(s.store_id, claimed);
        const first = firstClaim.get(s.store_id);
        if (first !== undefined && s.last_ok_at && Date.parse(s.last_ok_at) >= first) done.add(s.store_id);
      }
      return done.size === storeIds.size;
    },
    90_000,
    'an intake run of every store',
  ).catch(async (err: unknown) => {
    const claims = await t!.database.db.select().from(orderIntake);
    console.log('orders-model: intake states', JSON.stringify(last), JSON.stringify(claims));
    throw err;
  });
}

/**
 * Receives units. Before the intake runs, as dated purchase documents; while it runs, one lot per call without a
 * document: a multi-line receipt or a document locks a product after its first write and so can deadlock with an
 * intake transaction on PostgreSQL (answered 500 — see the report of this test), which is not what this test is about.
 */
async function receive(date: Date | 'now', lines: Line[]): Promise<void> {
  if (date === 'now') for (const line of lines) await ok(call('POST', 'inventory_batch/', { batch: [line] }));
  else if (lines.length > 0) await receiveBatch(anyApp(), user, date.toISOString(), lines);
  for (const l of lines) received.set(l.product_id, (received.get(l.product_id) ?? 0) + l.count);
}

function createOrder(marketplace: SandboxMarketplace, key: number): ModelPosting[] {
  const offerId = catalog.offerOf(marketplace, key);
  const quantity = random.int(1, 3);
  const price = random.int(15, 400) * 10;
  return sandbox!.createOrder(marketplace, { offerId, quantity, price }).map((view) => {
    const p = newPosting(random, marketplace, {
      postingNumber: view.postingNumber,
      offerId,
      productKey: key,
      quantity: view.items[0]!.quantity,
      price,
      status: view.status,
    });
    postings.push(p);
    return p;
  });
}

function move(p: ModelPosting): void {
  const status = p.plan.shift()!;
  sandbox!.setPostingStatus(p.marketplace, p.postingNumber, status);
  p.history.push(status);
}

/** Waits until the instance holds a store's claim (a run in flight), so closing it cuts an intake short. */
async function whileRunning(instance: Instance): Promise<void> {
  const owner = instance.app.orderIntake.loop!.owner;
  await until(
    async () => {
      for (const id of storeIds.values())
        await apiCall(instance.app, user, 'POST', 'orders/intake/run/', { store_id: id });
      const rows = await t!.database.db.select({ owner: orderIntake.leaseOwner }).from(orderIntake);
      return rows.some((r) => r.owner === owner);
    },
    30_000,
    'a run in flight on the instance',
    20,
  );
}

const withoutStock = (key: number) => key === EMPTY;

afterAll(async () => {
  for (const instance of [...live]) await stopInstance(instance);
  await t?.drop();
  await sandbox?.close();
});

describe('orders model: 300 random orders, two instances, two restarts', () => {
  it('books equal the model of the orders exactly, FIFO costs right', async () => {
    console.log(`orders-model seed=${seed} (ORDERS_MODEL_SEED=${seed} replays it) on ${testDbKind}`);
    const started = performance.now();
    const lap = (what: string, since: number) => log(`${what}: ${((performance.now() - since) / 1000).toFixed(1)} s`);

    sandbox = await startSandbox({ offersPerStore: 12, postingsPerStore: 0, returnsPerStore: 0, stores });
    t = await createTestDatabase();
    const a = await startInstance();
    user = await signUp(a.app);
    const ids = await addStoresWithIntakeOff(a.app, user, stores);
    for (const s of stores) storeIds.set(s.marketplace, ids.get(s.marketId)!);
    catalog = await groupByArticle(a.app, user, stores, UNLINKED);
    lap('catalogs imported and grouped', started);

    // Stock: three dated lots at different prices for most products; two short; one with none at all.
    const day = 86_400_000;
    for (const back of [12, 7, 3]) {
      const lines: Line[] = [];
      for (let key = 1; key <= 12; key++) {
        if (key === EMPTY || (SHORT.includes(key) && back !== 7)) continue;
        const count = SHORT.includes(key) ? 2 : random.int(5, 12);
        lines.push({ product_id: catalog.productOf(key), count, price: random.int(60, 400) });
      }
      await receive(new Date(Date.now() - back * day), lines);
    }

    // Before the intake begins: orders awaiting packaging, some handed over already (the books leave those alone),
    // and an OZON order of the unlinked article that will be handed over before it is linked.
    let created = 0;
    for (const mp of marketplaces)
      for (let k = 0; k < 4; k++, created++)
        for (const p of createOrder(mp, random.int(1, 12)))
          if (k % 2 === 0) {
            p.plan = [handedBeforeIntake[mp]];
            move(p);
            p.beforeIntake = true;
          }
    // Orders of the unlinked article: handed over, cancelled after the handover, cancelled before it — each moved
    // all the way and read by the intake before the article is linked.
    const unlinked = [['awaiting_deliver', 'delivering'], ['delivering', 'cancelled'], ['cancelled']].map((plan) => {
      const p = createOrder('OZON', UNLINKED)[0]!;
      p.plan = plan;
      created += 1;
      return p;
    });

    const setup = performance.now();
    for (const s of stores)
      await ok(call('PATCH', `markets/${s.marketId}/`, { order_intake: true, order_intake_interval: 30 }));
    let b = await startInstance();
    await intakeRound();
    lap('first intake round (two instances)', setup);

    let restartedA = false;
    let received2 = false;
    let linked = false;
    let restartedB = false;
    const scenario = performance.now();
    let current = a;
    for (let step = 0; ; step++) {
      const movable = postings.filter((p) => p.plan.length > 0);
      if (created >= ORDERS && movable.length === 0) break;
      if (created < ORDERS && (movable.length === 0 || random.chance(0.4))) {
        createOrder(random.pick(marketplaces), random.int(1, 12));
        created += 1;
      } else move(random.pick(movable));
      if (step % 7 === 0) await poke(storeIds.get(random.pick(marketplaces))!);
      const done = created / ORDERS;

      if (!restartedA && done >= 0.3) {
        restartedA = true;
        const at = performance.now();
        await whileRunning(current);
        await stopInstance(current);
        current = await startInstance();
        lap('restart #1 (A closed mid-run, fresh A started)', at);
      }
      if (!received2 && done >= 0.45) {
        received2 = true;
        const lines = [...SHORT, random.int(1, 8), random.int(1, 8)]
          .filter((k, i, all) => all.indexOf(k) === i)
          .map((key) => ({ product_id: catalog.productOf(key), count: random.int(8, 15), price: random.int(60, 400) }));
        await receive('now', lines);
      }
      if (!linked && done >= 0.55) {
        linked = true;
        for (const p of unlinked) while (p.plan.length > 0) move(p);
        await intakeRound();
        const res = await ok(
          call('POST', 'orders/link/', {
            store_id: storeIds.get('OZON'),
            offer_id: unlinked[0]!.offerId,
            product_id: catalog.productOf(UNLINKED),
          }),
        );
        expect((res as { lines: unknown[] }).lines.length).toBeGreaterThan(0);
      }
      if (!restartedB && done >= 0.7) {
        restartedB = true;
        const at = performance.now();
        await whileRunning(b);
        // A crash, not a shutdown: the claim is not handed back, the other instance takes the store once it runs out.
        b.app.repos.orderIntake.release = async () => undefined;
        await stopInstance(b);
        b = await startInstance();
        lap('restart #2 (B killed mid-run, its claim left to expire)', at);
      }
      // Bursts of changes between the intake's reads (PGlite shares this thread: every pause waits for it).
      if (random.chance(0.25)) await pause(random.int(5, 40));
    }
    log(`pokes took ${(pokeMs / 1000).toFixed(1)} s`);
    lap(
      `scenario: ${created} orders, ${postings.length} postings, ${postings.reduce((s, p) => s + p.history.length - 1, 0)} moves`,
      scenario,
    );
    expect([restartedA, received2, linked, restartedB]).toEqual([true, true, true, true]);

    // The moves are over: units arrive for every handed-over line that lacks them (but the product that has none).
    const demand = new Map<string, number>();
    for (const p of postings)
      if (isHandedOver(p) && !withoutStock(p.productKey))
        demand.set(catalog.productOf(p.productKey), (demand.get(catalog.productOf(p.productKey)) ?? 0) + p.quantity);
    await receive(
      'now',
      [...demand]
        .filter(([id, units]) => units > (received.get(id) ?? 0))
        .map(([id, units]) => ({
          product_id: id,
          count: units - (received.get(id) ?? 0) + random.int(0, 2),
          price: 99,
        })),
    );

    // Quiet: every stored status is the sandbox's and two rounds in a row change nothing.
    const quiet = performance.now();
    const fingerprint = async () => {
      const books = await readBooks(t!.database.db, user.id);
      const all = [books.orders, books.lines, books.reserves, books.realizations, books.lots, books.movements];
      const statuses = new Map(books.orders.map((o) => [`${o.marketplace}:${o.postingNumber}`, o.status]));
      const behind = postings.filter((p) => statuses.get(`${p.marketplace}:${p.postingNumber}`) !== p.history.at(-1));
      return {
        behind: behind.length,
        mark: all.map((rows) => `${rows.length}/${Math.max(0, ...rows.map((r) => r.version))}`).join(),
      };
    };
    let rounds = 0;
    for (let last = '', same = 0; same < 2; rounds++) {
      if (rounds >= 20) throw new Error(`intake never went quiet (seed ${seed})`);
      await intakeRound();
      const { behind, mark } = await fingerprint();
      same = behind === 0 && mark === last ? same + 1 : 0;
      last = mark;
    }
    lap(`intake quiet after ${rounds} rounds`, quiet);

    const books = await readBooks(t!.database.db, user.id);
    const model = { postings, productIdOf: catalog.productOf, withoutStock, received };
    const errors = [...checkLines(books, model), ...checkProducts(books, model), ...checkLedger(books)];
    const tally = new Map<string, number>();
    for (const l of books.lines) tally.set(l.books, (tally.get(l.books) ?? 0) + 1);
    log(`lines by books: ${JSON.stringify(Object.fromEntries(tally))}`);
    log(`total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`orders-model seed=${seed} on ${testDbKind}\n  ${timings.join('\n  ')}`);
    if (errors.length) console.log(`orders-model mismatches (seed ${seed}):\n  ${errors.join('\n  ')}`);
    expect(errors.slice(0, 40), `seed ${seed}: ${errors.length} mismatches`).toEqual([]);

    // The scenario reached every case the rules name.
    const seen = new Set(postings.map((p) => expectedBooks(p, withoutStock)));
    for (const want of ['reserved', 'sold', 'waiting_stock', 'skipped', 'released|skipped'])
      expect(seen).toContain(want);
    expect(books.lines.some((l) => l.books === 'released')).toBe(true);
    const storesNow = (await ok(call('GET', 'markets/'))) as Array<{ order_intake_error: string | null }>;
    expect(storesNow.map((s) => s.order_intake_error)).toEqual(stores.map(() => null));
  }, 420_000);
});
