import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposals, lots, markdowns, returns, stockMovements, users } from '../../server/db/schema/index.ts';
import type { Res } from './helpers/expect-problem.ts';
import { addProducts, type Method } from './helpers/products.ts';
import { insertUnmatched } from './helpers/returns.ts';
import { apiCall } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * Random sequences of returns (made by hand or unmatched imports), status and price edits,
 * receipts, receipts at a lot's price and outflows, through the real HTTP calls: every lot stays
 * within 0…count_max, the ledger of every lot sums to its remaining units, a refused call changes
 * nothing, a received return is exactly its lot (and its markdowns or disposal), and no lot costs
 * 0 unless the seller typed 0 for it.
 */

const PRODUCTS = 2;
type Status = 'ready' | 'markdown' | 'disposal' | 'deleted' | null;

type Op =
  | { t: 'receive'; p: number; count: number; price: number }
  | { t: 'create'; p: number | null; count: number }
  | { t: 'edit'; pick: number; status: Status; price: number | null; markdownPrice: number | null }
  | { t: 'receipt'; picks: number[]; override: { status?: Status; price?: number; markdown_price?: number } | null }
  | { t: 'atLot'; pick: number; lot: number; to: 'to_inventory' | 'to_disposal' }
  | { t: 'outflow'; kind: 'disposal' | 'markdown'; p: number; count: number }
  | { t: 'unmark'; pick: number };

const product = fc.nat({ max: PRODUCTS - 1 });
const status = fc.constantFrom<Status>('ready', 'markdown', 'disposal', 'deleted', null);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('receive' as const),
      p: product,
      count: fc.integer({ min: 1, max: 5 }),
      price: fc.constantFrom(0, 10, 25.5),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('create' as const),
      p: fc.option(product, { freq: 8 }),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('edit' as const),
      pick: fc.nat(),
      status,
      price: fc.option(fc.constantFrom(0, 15, 40.1)),
      markdownPrice: fc.option(fc.constantFrom(0, 9)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('receipt' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
      // Mostly a complete item (the receipt goes through unless a return is processed or unmatched), sometimes a
      // partial or broken one.
      override: fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({
            status: fc.constantFrom<Status>('ready', 'markdown', 'disposal'),
            price: fc.constantFrom(12, 30),
            markdown_price: fc.constant(5),
          }),
        },
        {
          weight: 2,
          arbitrary: fc.record(
            {
              status: fc.constantFrom<Status>('ready', 'markdown', 'disposal'),
              price: fc.constantFrom(0, 12),
              markdown_price: fc.constantFrom(0, 5),
            },
            { requiredKeys: [] },
          ),
        },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('atLot' as const),
      pick: fc.nat(),
      lot: fc.nat(),
      to: fc.constantFrom<'to_inventory' | 'to_disposal'>('to_inventory', 'to_disposal'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('outflow' as const),
      kind: fc.constantFrom<'disposal' | 'markdown'>('disposal', 'markdown'),
      p: product,
      count: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('unmark' as const), pick: fc.nat() }) },
);

let t: TestDatabase;
let app: FastifyInstance;
const seen = { received: 0, markdown: 0, disposal: 0, atLot: 0, refused: 0, edits: 0 };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

const receivable = (s: Status) => s === 'ready' || s === 'markdown' || s === 'disposal';

class Run {
  /** Lots the seller received at 0 ₽ on purpose: the only lots allowed to cost 0. */
  readonly typedZero = new Set<string>();

  private constructor(
    readonly user: TestUser,
    readonly products: string[],
  ) {}

  static async start(): Promise<Run> {
    const user = await signUp(app);
    return new Run(user, await addProducts(app, user, ['Первый', 'Второй']));
  }

  private get db() {
    return app.database.db;
  }

  call(method: Method, url: string, payload?: unknown): Promise<Res> {
    return apiCall(app, this.user, method, url, payload);
  }

  async fingerprint(): Promise<string> {
    const latest = (table: string) =>
      sql.raw(`(select coalesce(max(version), 0) from ${table} where user_id = users.id)`);
    const [row] = await this.db
      .select({
        fp: sql<string>`concat_ws(',', ${latest('returns')}, ${latest('lots')}, ${latest('stock_movements')}, ${latest('markdowns')}, ${latest('disposals')}, ${latest('batches')})`,
      })
      .from(users)
      .where(eq(users.id, this.user.id));
    return row!.fp;
  }

  async expectCall(res: Promise<Res>, expected: number, code?: string): Promise<Res> {
    const before = await this.fingerprint();
    const r = await res;
    expect(r.statusCode, r.body).toBe(expected);
    if (r.statusCode >= 400) {
      seen.refused++;
      if (code) expect(r.json().code, r.body).toBe(code);
      expect(await this.fingerprint(), 'a refused call changes nothing').toBe(before);
    }
    return r;
  }

  returnRows() {
    return this.db
      .select()
      .from(returns)
      .where(eq(returns.userId, this.user.id))
      .orderBy(returns.createdAt, returns.id);
  }

  async freeOf(productId: string): Promise<number> {
    const rows = await this.db.select().from(lots).where(eq(lots.productId, productId));
    return rows.filter((l) => !l.deletedAt).reduce((s, l) => s + l.count, 0);
  }

  async apply(o: Op): Promise<void> {
    switch (o.t) {
      case 'receive': {
        const res = await this.expectCall(
          this.call('POST', 'inventory/', { product_id: this.products[o.p], count: o.count, price: o.price }),
          201,
        );
        if (o.price === 0) this.typedZero.add(res.json().id);
        return;
      }
      case 'create': {
        if (o.p === null) await insertUnmatched(app, this.user, { count: o.count });
        else
          await this.expectCall(this.call('POST', 'returns/', { product_id: this.products[o.p], count: o.count }), 201);
        return;
      }
      case 'edit': {
        const rows = await this.returnRows();
        if (rows.length === 0) return;
        const row = rows[o.pick % rows.length]!;
        const body = {
          status: o.status,
          ...(o.price !== null ? { price: o.price } : {}),
          ...(o.markdownPrice !== null ? { markdown_price: o.markdownPrice } : {}),
        };
        const res = await this.expectCall(
          this.call('PATCH', `returns/${row.id}/`, body),
          row.processed ? 409 : 200,
          row.processed ? 'return_processed' : undefined,
        );
        if (res.statusCode !== 200) return;
        seen.edits++;
        const price = o.status === null ? 0 : (o.price ?? row.price);
        const markdownPrice =
          o.status === null
            ? 0
            : o.markdownPrice === null
              ? row.markdownPrice
              : o.markdownPrice > 0
                ? o.markdownPrice
                : price;
        expect(res.json()).toMatchObject({ status: o.status, price, markdown_price: markdownPrice });
        return;
      }
      case 'receipt': {
        const rows = await this.returnRows();
        if (rows.length === 0) return;
        const picked = [...new Set(o.picks.map((i) => rows[i % rows.length]!))];
        const batch = Object.fromEntries(picked.map((r) => [r.id, o.override ?? {}]));
        const effective = picked.map((r) => ({
          row: r,
          status: o.override?.status !== undefined ? o.override.status : r.status,
          price: o.override?.price ?? r.price,
          markdownPrice: o.override?.markdown_price ?? r.markdownPrice,
        }));
        let expected: [number, string?] = [201];
        if (picked.some((r) => r.processed)) expected = [409, 'return_processed'];
        else if (picked.some((r) => r.productId === null)) expected = [422, 'return_unmatched'];
        else if (effective.some((e) => !receivable(e.status))) expected = [422, 'return_status_missing'];
        else if (effective.some((e) => !(e.price > 0) || (e.status === 'markdown' && !(e.markdownPrice > 0))))
          expected = [422, 'return_price_missing'];
        const res = await this.expectCall(
          this.call('POST', 'returns/batch/', { date: '2024-05-01', batch }),
          expected[0],
          expected[1],
        );
        if (res.statusCode === 201) {
          seen.received += picked.length;
          for (const e of effective) if (e.status === 'markdown') seen.markdown++;
          for (const e of effective) if (e.status === 'disposal') seen.disposal++;
        }
        return;
      }
      case 'atLot': {
        const rows = await this.returnRows();
        const lotRows = await this.db
          .select()
          .from(lots)
          .where(eq(lots.userId, this.user.id))
          .orderBy(lots.createdAt, lots.id);
        const live = lotRows.filter((l) => !l.deletedAt);
        if (rows.length === 0 || live.length === 0) return;
        const row = rows[o.pick % rows.length]!;
        const lot = live[o.lot % live.length]!;
        let expected: [number, string?] = [200];
        if (row.processed) expected = [409, 'return_processed'];
        else if (!row.productId) expected = [422, 'return_unmatched'];
        else if (lot.productId !== row.productId) expected = [422, 'lot_other_product'];
        else if (!(lot.price > 0)) expected = [422, 'return_price_missing'];
        const res = await this.expectCall(
          this.call('PATCH', `returns/${row.id}/${o.to}/${lot.id}/`),
          expected[0],
          expected[1],
        );
        if (res.statusCode === 200) {
          seen.atLot++;
          expect(res.json().return).toMatchObject({
            processed: true,
            price: lot.price,
            status: o.to === 'to_inventory' ? 'ready' : 'disposal',
          });
        }
        return;
      }
      case 'outflow': {
        const productId = this.products[o.p]!;
        const free = await this.freeOf(productId);
        const count = o.kind === 'markdown' ? 1 : o.count;
        const body =
          o.kind === 'markdown'
            ? { product_id: productId, price: 10, markdown_price: 5 }
            : { product_id: productId, count, price: 0 };
        await this.expectCall(
          this.call('POST', o.kind === 'markdown' ? 'markdowns/' : 'disposal/', body),
          count <= free ? 201 : 409,
          count <= free ? undefined : 'insufficient_stock',
        );
        return;
      }
      case 'unmark': {
        const rows = (
          await this.db
            .select()
            .from(markdowns)
            .where(eq(markdowns.userId, this.user.id))
            .orderBy(markdowns.createdAt, markdowns.id)
        ).filter((m) => !m.deletedAt);
        if (rows.length === 0) return;
        await this.expectCall(this.call('DELETE', `markdowns/${rows[o.pick % rows.length]!.id}/`), 204);
        return;
      }
    }
  }

  async invariants(): Promise<void> {
    const userId = this.user.id;
    const [lotRows, ledger, returnRows, markdownRows, disposalRows] = await Promise.all([
      this.db.select().from(lots).where(eq(lots.userId, userId)),
      this.db
        .select({ lotId: stockMovements.lotId, sum: sql<number>`sum(${stockMovements.delta})`.mapWith(Number) })
        .from(stockMovements)
        .where(eq(stockMovements.userId, userId))
        .groupBy(stockMovements.lotId),
      this.returnRows(),
      this.db.select().from(markdowns).where(eq(markdowns.userId, userId)),
      this.db.select().from(disposals).where(eq(disposals.userId, userId)),
    ]);
    for (const l of lotRows) {
      expect(l.count, `lot ${l.id}`).toBeGreaterThanOrEqual(0);
      expect(l.count, `lot ${l.id}`).toBeLessThanOrEqual(l.countMax);
      if (l.price === 0) expect(this.typedZero.has(l.id), `lot ${l.id} at 0 ₽ the seller did not type`).toBe(true);
    }
    expect(Object.fromEntries(ledger.map((l) => [l.lotId, l.sum])), 'ledger sums to the lots').toEqual(
      Object.fromEntries(lotRows.map((l) => [l.id, l.count])),
    );
    for (const r of returnRows) {
      const own = lotRows.filter((l) => l.returnId === r.id);
      if (!r.processed) {
        expect(own).toEqual([]);
        expect(r.batchId).toBeNull();
        continue;
      }
      // A received return is one return lot of its units at its price, in its batch.
      expect(r.batchId).not.toBeNull();
      expect(r.finalMoment).not.toBeNull();
      expect(r.price).toBeGreaterThan(0);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({
        isReturn: true,
        countMax: r.count,
        price: r.price,
        batchId: r.batchId,
        productId: r.productId,
      });
      const marks = markdownRows.filter((m) => m.returnId === r.id);
      const disposed = disposalRows.filter((d) => d.returnId === r.id);
      expect(marks).toHaveLength(r.status === 'markdown' ? r.count : 0);
      for (const m of marks)
        expect(m).toMatchObject({ lotId: own[0]!.id, price: r.price, markdownPrice: r.markdownPrice, count: 1 });
      expect(disposed.map((d) => d.count)).toEqual(r.status === 'disposal' ? [r.count] : []);
    }
  }
}

describe('returns properties (through the HTTP calls)', () => {
  it('keep lots within bounds and equal to the ledger, refusals change nothing, and no return lot costs 0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 12, maxLength: 25 }), async (ops) => {
        const run = await Run.start();
        for (const o of [{ t: 'receive', p: 0, count: 3, price: 10 } as Op, ...ops]) {
          await run.apply(o);
          await run.invariants();
        }
      }),
      // 30 runs: every kind of outcome counted below turns up (at 15, a run without a disposal was seen in CI).
      { numRuns: 30, endOnFailure: true },
    );
    if (process.env.PROPERTY_STATS) console.log(seen);
    for (const what of Object.keys(seen) as (keyof typeof seen)[]) expect(seen[what], what).toBeGreaterThan(0);
  }, 300_000);
});
