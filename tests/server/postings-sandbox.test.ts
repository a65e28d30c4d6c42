import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingStatuses, productsMp } from '../../server/db/schema/index.ts';
import type { PostingStatusResult } from '../../server/import/postings.ts';
import { ozonPostingBuckets } from '../../server/marketplaces/ozon-postings.ts';
import type { MarketplaceCode, PostingBucket } from '../../server/marketplaces/types.ts';
import { wildberriesBucket } from '../../server/marketplaces/wildberries.ts';
import { yandexMarketBucket } from '../../server/marketplaces/yandex-market.ts';
import type { Sandbox, SandboxPostingView, SandboxStore } from '../../server/sandbox/server.ts';
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

/*
 * The posting status refresh against the sandbox marketplaces (docs/rules.md «Достаточность»): the
 * real adapters list each store's current postings, the job sums them per listing and bucket, and a
 * status moved in the sandbox shows after the next refresh. The rule itself: tests/server/postings.test.ts.
 */

const OFFERS = 120;
const POSTINGS = 48;

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '5550077', apiKey: 'ozon-status-key', name: 'Озон Статусы' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-status', apiKey: 'wb-status-token', name: 'ВБ Статусы' },
  { marketplace: 'YM', marketId: '41000077', apiKey: 'ym-status-key', name: 'Маркет Статусы' },
];

let env: SandboxApp;
let sandbox: Sandbox;
let app: FastifyInstance;
let user: TestUser;

/** The bucket the adapters give a sandbox status (their own mapping, tested with the adapters). */
function bucketOf(marketplace: MarketplaceCode, status: string): PostingBucket | undefined {
  if (marketplace === 'OZON') return ozonPostingBuckets.find(([s]) => s === status)?.[1];
  const [a, b] = status.split('/');
  if (marketplace === 'WILDBERRIES')
    return wildberriesBucket({ supplierStatus: a, wbStatus: b } as Parameters<typeof wildberriesBucket>[0]);
  return yandexMarketBucket(a!, b);
}

/** Queues the status refresh of the stores, then reads the live channel until each job has sent its 100. */
async function refresh(which = stores) {
  const socket = await env.live(user);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/extract/products/status/',
    headers: user.headers,
    payload: which.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
  });
  expect(res.statusCode, res.body).toBe(202);
  const ids = (res.json() as { job_ids: string[] }).job_ids;
  expect(ids).toHaveLength(which.length);
  const messages = await messagesUntilDone(socket, ids);
  return { ids, messages, jobs: await jobsFinished<PostingStatusResult>(app, user, ids) };
}

type Figures = Record<PostingBucket, number>;
const zero = (): Figures => ({ awaiting_packaging: 0, awaiting_deliver: 0, delivering: 0 });

/** What the snapshot of a store must hold, worked out from the sandbox's own view of its postings. */
async function expected(s: SandboxStore) {
  const listings = await app.database.db
    .select()
    .from(productsMp)
    .where(and(eq(productsMp.userId, user.id), eq(productsMp.marketId, s.marketId), isNull(productsMp.deletedAt)));
  const byOffer = new Map(listings.map((l) => [l.offerId, l.id]));
  const perListing = new Map<string, Figures>();
  let unmatched = 0;
  let postings = 0;
  for (const p of sandbox.postings(s.marketplace, s.marketId)) {
    const bucket = bucketOf(s.marketplace, p.status);
    if (!bucket) continue;
    postings += 1;
    for (const item of p.items) {
      const listing = byOffer.get(item.offerId);
      if (!listing) {
        unmatched += 1;
        continue;
      }
      const f = perListing.get(listing) ?? zero();
      f[bucket] += item.quantity;
      perListing.set(listing, f);
    }
  }
  return { perListing, unmatched, postings };
}

/** The live snapshot rows of a store, per listing. */
async function snapshot(s: SandboxStore) {
  const rows = await app.database.db
    .select({
      listing: postingStatuses.productMpId,
      ap: postingStatuses.awaitingPackaging,
      ad: postingStatuses.awaitingDeliver,
      d: postingStatuses.delivering,
    })
    .from(postingStatuses)
    .innerJoin(productsMp, eq(productsMp.id, postingStatuses.productMpId))
    .where(
      and(eq(postingStatuses.userId, user.id), eq(productsMp.marketId, s.marketId), isNull(postingStatuses.deletedAt)),
    );
  return new Map(rows.map((r) => [r.listing, { awaiting_packaging: r.ap, awaiting_deliver: r.ad, delivering: r.d }]));
}

beforeAll(async () => {
  env = await startSandboxApp({ offersPerStore: OFFERS, postingsPerStore: POSTINGS, stores });
  ({ sandbox, app } = env);
  user = await signUp(app);
  await addStores(app, user, stores);
  // The catalogs first: postings are matched to the stores' listings.
  await runStoreJobs(app, user, 'extract/products/many/', stores);
});

afterAll(() => env?.close());

describe('posting status refresh from the sandbox marketplaces', () => {
  it('sums each store’s current postings per listing and bucket, with progress and a final notification', async () => {
    const { ids, messages, jobs: done } = await refresh();
    for (const id of ids) {
      const values = messages.flatMap((m) => (m.type === 'progress' && m.job_id === id ? [m.value] : []));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values.at(-1)).toBe(100);
    }
    expect(messages.some((m) => m.type === 'changes')).toBe(true);

    for (const [i, s] of stores.entries()) {
      const j = done[i]!;
      expect(j, JSON.stringify(j)).toMatchObject({
        kind: 'posting-status',
        status: 'done',
        progress: 100,
        error: null,
      });
      const want = await expected(s);
      // Every store has postings in each of the three buckets (the sandbox cycles through the statuses).
      const sum = (b: PostingBucket) => [...want.perListing.values()].reduce((n, f) => n + f[b], 0);
      for (const b of ['awaiting_packaging', 'awaiting_deliver', 'delivering'] as const)
        expect(sum(b), `${s.marketplace} ${b}`).toBeGreaterThan(0);
      expect(j.result).toMatchObject({
        store: s.name,
        postings: want.postings,
        awaiting_packaging: sum('awaiting_packaging'),
        awaiting_deliver: sum('awaiting_deliver'),
        delivering: sum('delivering'),
        listings: want.perListing.size,
        unmatched_items: want.unmatched,
        superseded: false,
      });
      expect(await snapshot(s)).toEqual(want.perListing);
      const note = messages.find(
        (m) =>
          m.type === 'notification' && m.value.text.startsWith(`Магазин «${s.name}»: отправлений ${want.postings}`),
      );
      expect(note, JSON.stringify(messages)).toBeDefined();
    }

    // The read shows the same figures, per product.
    const res = await app.inject({ method: 'GET', url: '/api/v1/products_mp_status/', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json();
    const total = (b: PostingBucket) =>
      item.detailed_status[b].reduce((n: number, i: { quantity: number }) => n + i.quantity, 0);
    for (const b of ['awaiting_packaging', 'awaiting_deliver', 'delivering'] as const)
      expect(total(b)).toBe(done.reduce((n, j) => n + (j.result![b] as number), 0));
    expect(item.stores.every((st: { fetched_at: string | null }) => st.fetched_at !== null)).toBe(true);
    // No lots were received: every product delivering something has no price («?»).
    for (const p of item.products) if (p.delivering > 0) expect(p.delivery_price).toBeNull();
  });

  it('a status moved in the sandbox shows after the next refresh, replacing the figures, never adding', async () => {
    const moves: { s: SandboxStore; posting: SandboxPostingView; to: string }[] = [];
    for (const s of stores) {
      const posting = sandbox
        .postings(s.marketplace, s.marketId)
        .find((p) => bucketOf(s.marketplace, p.status) === 'awaiting_packaging')!;
      expect(posting, s.marketplace).toBeDefined();
      const to = { OZON: 'delivering', WILDBERRIES: 'complete/sold', YM: 'DELIVERY/DELIVERY_SERVICE_RECEIVED' }[
        s.marketplace
      ];
      moves.push({ s, posting, to });
    }
    const before = new Map(await Promise.all(stores.map(async (s) => [s.marketId, await snapshot(s)] as const)));
    for (const m of moves) sandbox.setPostingStatus(m.s.marketplace, m.posting.postingNumber, m.to);

    const { jobs: done } = await refresh();
    expect(done.map((j) => j.status)).toEqual(['done', 'done', 'done']);
    for (const { s, posting, to } of moves) {
      const now = await snapshot(s);
      expect(now).toEqual((await expected(s)).perListing);
      const [listing] = await app.database.db
        .select()
        .from(productsMp)
        .where(
          and(
            eq(productsMp.userId, user.id),
            eq(productsMp.marketId, s.marketId),
            eq(productsMp.offerId, posting.items[0]!.offerId),
          ),
        );
      const was = before.get(s.marketId)!.get(listing!.id)!;
      const is = now.get(listing!.id) ?? zero();
      const moved = posting.items
        .filter((i) => i.offerId === posting.items[0]!.offerId)
        .reduce((n, i) => n + i.quantity, 0);
      expect(is.awaiting_packaging, `${s.marketplace} ${posting.postingNumber}`).toBe(was.awaiting_packaging - moved);
      if (bucketOf(s.marketplace, to) === 'delivering') expect(is.delivering).toBe(was.delivering + moved);
      else expect(is.delivering).toBe(was.delivering);

      // The per-product read sums the product's listings' rows, the moved one included.
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/products_mp_status/?product_id=${listing!.productWhId}`,
        headers: user.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const ownListings = await app.database.db
        .select({ id: productsMp.id })
        .from(productsMp)
        .where(eq(productsMp.productWhId, listing!.productWhId));
      const sumOf = (b: PostingBucket) => ownListings.reduce((n, l) => n + (now.get(l.id)?.[b] ?? 0), 0);
      expect(res.json()[0].products[0]).toMatchObject({
        awaiting_packaging: sumOf('awaiting_packaging'),
        awaiting_deliver: sumOf('awaiting_deliver'),
        delivering: sumOf('delivering'),
        sufficiency: sumOf('awaiting_packaging') > 0 ? -sumOf('awaiting_packaging') : 0,
      });
    }
  });
});
