import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { lots, productsMp, reserves, stockMovements } from '../../../server/db/schema/index.ts';
import type { Sandbox, SandboxMarketplace, SandboxRequestLog } from '../../../server/sandbox/server.ts';
import { waitUntil } from './live-client.ts';
import type { TestUser } from './test-app.ts';

/*
 * The order intake seen from outside (docs/rules.md «Заказы маркетплейсов»): orders placed on the sandbox
 * marketplaces over its HTTP control API, the intake hurried through POST /api/v1/orders/intake/run/, and what the
 * seller then reads — GET /api/v1/orders/, the stores' intake state — next to the stock the books hold.
 */

export interface WireLine {
  id: string;
  offer_id: string;
  quantity: number;
  price: number;
  product_id: string | null;
  books: string;
  reserve_id: string | null;
  realization_id: string | null;
}
export interface WireOrder {
  id: string;
  store_id: string;
  posting_number: string;
  stage: string;
  problem: string | null;
  lines: WireLine[];
}
interface WireIntake {
  store_id: string;
  error: string | null;
  last_run_at: string | null;
  last_ok_at: string | null;
  next_run_at: string | null;
}

export const call =
  (app: FastifyInstance, user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE') =>
  (url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1/${url}`, headers: user.headers, payload: payload as object | undefined });

/** POST /__sandbox/postings/{marketplace}: the sandbox's answer, status and body, as another process gets it. */
export async function placeOrder(
  sandbox: Sandbox,
  marketplace: SandboxMarketplace,
  body: Record<string, unknown>,
): Promise<{ status: number; body: { postings?: Array<{ postingNumber: string }>; message?: string } }> {
  const res = await fetch(`${sandbox.url}/__sandbox/postings/${marketplace}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** A new order of one offer on the sandbox (WB: a task per unit; `store` where it has several); its postings. */
export async function order(
  sandbox: Sandbox,
  marketplace: SandboxMarketplace,
  offerId: string,
  quantity: number,
  price = 500,
  store?: string,
): Promise<string[]> {
  const res = await placeOrder(sandbox, marketplace, { offer_id: offerId, quantity, price, store });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.postings!.map((p) => p.postingNumber);
}

export function ordersOf(app: FastifyInstance, user: TestUser) {
  const get = call(app, user, 'GET');
  const post = call(app, user, 'POST');

  async function intakeStates(): Promise<WireIntake[]> {
    const res = await get('orders/intake/');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WireIntake[];
  }

  return {
    intakeStates,

    /** Every order of the user (one page is plenty here), newest change first. */
    async all(query = ''): Promise<WireOrder[]> {
      const res = await get(`orders/?page_size=500${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: WireOrder[] }).results;
    },

    async byPosting(postingNumber: string): Promise<WireOrder | undefined> {
      const res = await get(`orders/?search=${encodeURIComponent(postingNumber)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: WireOrder[] }).results.find((o) => o.posting_number === postingNumber);
    },

    /**
     * Asks each store's intake to run now and waits until a run claimed after the ask has finished (its lease handed
     * back). The ask is repeated: a run already under way when it came ends by setting its own next time.
     */
    async run(storeIds: string[], ms = 30_000): Promise<void> {
      const asked = Date.now();
      let lastAsk = 0;
      await waitUntil(
        async () => {
          let done = true;
          for (const id of storeIds) {
            const s = await app.repos.orderIntake.state(user.id, id);
            if (!s?.lastRunAt || s.lastRunAt.getTime() < asked || s.leaseOwner !== null) done = false;
          }
          if (!done && Date.now() - lastAsk > 1000) {
            lastAsk = Date.now();
            for (const store_id of storeIds) {
              const res = await post('orders/intake/run/', { store_id });
              expect(res.statusCode, res.body).toBe(202);
            }
          }
          return done;
        },
        ms,
        `intake of ${storeIds.length} store(s) ran`,
      );
    },
  };
}

/**
 * From the next request to `marketplace` (to its `path`, when given) the sandbox answers after this one, it refuses
 * the key (`status`): the key is revoked while a run is under way. Answers the undo (the refusals themselves stay
 * until control.reset()).
 */
export function revokeKeyAfterNextRequest(
  sandbox: Sandbox,
  marketplace: SandboxMarketplace,
  status = 401,
  path?: string,
): () => void {
  const log = sandbox.control.requests as SandboxRequestLog[];
  log.push = function (...items: SandboxRequestLog[]) {
    if (items.some((r) => r.marketplace === marketplace && (path === undefined || r.path === path)))
      sandbox.control.failNext(marketplace, 1000, { status });
    return Array.prototype.push.apply(this, items);
  };
  return () => void Reflect.deleteProperty(log, 'push');
}

/** What the books hold in stock: each lot's remaining units, and how many ledger rows there are. */
export async function stockOf(app: FastifyInstance, userId: string) {
  const { db } = app.database;
  const lotRows = await db
    .select({ id: lots.id, productId: lots.productId, count: lots.count })
    .from(lots)
    .where(eq(lots.userId, userId))
    .orderBy(asc(lots.id));
  const [ledger] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockMovements)
    .where(eq(stockMovements.userId, userId));
  return { lots: lotRows, ledger: ledger!.n };
}

/** The user's reserves made by orders, by posting. */
export async function orderReserves(app: FastifyInstance, userId: string) {
  return app.database.db
    .select({
      id: reserves.id,
      productId: reserves.productId,
      count: reserves.count,
      status: reserves.status,
      orderLineId: reserves.orderLineId,
      postingNumber: reserves.postingNumber,
    })
    .from(reserves)
    .where(and(eq(reserves.userId, userId), sql`${reserves.orderLineId} is not null`))
    .orderBy(asc(reserves.postingNumber));
}

/** Each listing of a store: its offer and warehouse product, by offer. */
export async function listingsOf(app: FastifyInstance, userId: string, marketId: string) {
  const rows = await app.database.db
    .select({ offerId: productsMp.offerId, productId: productsMp.productWhId })
    .from(productsMp)
    .where(and(eq(productsMp.userId, userId), eq(productsMp.marketId, marketId), sql`${productsMp.deletedAt} is null`))
    .orderBy(asc(productsMp.offerId));
  return rows;
}
