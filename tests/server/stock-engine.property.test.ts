import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundMoney, unitCostOf } from '../../domain/fifo.ts';
import {
  disposals,
  lots,
  markdowns,
  realizations,
  reserves,
  stockMovements,
  users,
} from '../../server/db/schema/index.ts';
import type { Res } from './helpers/expect-problem.ts';
import { addProducts, type Method } from './helpers/products.ts';
import { apiCall } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * The Must-show of the stock engine: random sequences of receipts, outflows (disposals, markdowns,
 * sales, reserves), their edits and deletions, driven through the real HTTP calls, never leave a
 * lot negative or above what it received; the ledger of every lot sums to its remaining units;
 * active reserves never exceed the stock; an overdraw (or any refusal) answers 4xx and changes
 * nothing; and deleting an outflow puts back exactly the units it took, to the lots it took them
 * from — so when nothing else touched the product meanwhile, its lots are as before the outflow.
 */

const PRODUCTS = 3;
type Kind = 'disposal' | 'markdown' | 'realization';
type Status = 'active' | 'released' | 'realized';

type Op =
  | { t: 'receive'; p: number; count: number; price: number; day: number }
  | { t: 'take'; kind: Kind; p: number; count: number; lot: number | null }
  | { t: 'reserve'; p: number; count: number }
  | { t: 'editOutflow'; pick: number; count: number }
  | { t: 'deleteOutflow'; pick: number }
  | { t: 'reserveEdit'; pick: number; count: number | null; status: Status | null }
  | { t: 'cancel'; pick: number }
  | { t: 'editLot'; pick: number; count: number }
  /** An outflow on one product, a few operations on the OTHER products, then the outflow deleted. */
  | { t: 'roundTrip'; p: number; kind: Kind; count: number; between: Op[] };

const product = fc.nat({ max: PRODUCTS - 1 });
const kind = fc.constantFrom<Kind>('disposal', 'markdown', 'realization');
const units = (max: number) => fc.integer({ min: 1, max });
// Mostly small quantities, sometimes more than any product holds: both outcomes get exercised.
const quantity = fc.oneof({ weight: 4, arbitrary: units(3) }, { weight: 1, arbitrary: units(12) });
const receive = fc.record({
  t: fc.constant('receive' as const),
  p: product,
  count: units(10),
  price: fc.constantFrom(10, 25.5, 100),
  day: units(6),
});

const baseOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: receive },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('take' as const),
      kind,
      p: product,
      count: quantity,
      lot: fc.option(fc.nat(), { freq: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('reserve' as const),
      p: product,
      count: fc.oneof({ weight: 4, arbitrary: units(2) }, { weight: 1, arbitrary: units(12) }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('editOutflow' as const), pick: fc.nat(), count: quantity }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('deleteOutflow' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('reserveEdit' as const),
      pick: fc.nat(),
      count: fc.option(quantity),
      status: fc.option(fc.constantFrom<Status>('active', 'released', 'realized', 'realized'), { freq: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('editLot' as const), pick: fc.nat(), count: fc.integer({ min: 0, max: 6 }) }),
  },
);

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 10, arbitrary: baseOp },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('roundTrip' as const),
      p: product,
      kind,
      count: units(3),
      between: fc.array(baseOp, { maxLength: 4 }),
    }),
  },
);

/**
 * One run given as is, ahead of the random ones, that reaches every outcome `seen` counts: the random runs
 * reach them too, nearly always, but a seed that missed one (a realized reserve, say) failed CI for nothing.
 */
const coveringRun: [Extract<Op, { t: 'receive' }>[], Op[]] = [
  [
    { t: 'receive', p: 0, count: 10, price: 10, day: 1 },
    { t: 'receive', p: 1, count: 10, price: 25.5, day: 2 },
  ],
  [
    { t: 'take', kind: 'disposal', p: 0, count: 2, lot: null },
    { t: 'take', kind: 'realization', p: 0, count: 50, lot: null },
    { t: 'editOutflow', pick: 0, count: 3 },
    { t: 'reserve', p: 1, count: 2 },
    { t: 'reserveEdit', pick: 0, count: null, status: 'realized' },
    { t: 'take', kind: 'realization', p: 0, count: 1, lot: null },
    { t: 'cancel', pick: 0 },
    { t: 'editLot', pick: 1, count: 6 },
    { t: 'deleteOutflow', pick: 0 },
    {
      t: 'roundTrip',
      p: 0,
      kind: 'disposal',
      count: 1,
      between: [{ t: 'receive', p: 0, count: 1, price: 10, day: 3 }],
    },
  ],
];

let t: TestDatabase;
let app: FastifyInstance;

/** What the runs exercised, so that a vacuous pass (every call refused, no deletion checked) fails. */
const seen = {
  created: 0,
  refused: 0,
  edited: 0,
  deleted: 0,
  restoredToCreation: 0,
  roundTrips: 0,
  realized: 0,
  cancelled: 0,
  lotEdits: 0,
};

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

const pathOf: Record<Kind, string> = { disposal: 'disposal', markdown: 'markdowns', realization: 'realization' };
const tableOf = { disposal: 'disposals', markdown: 'markdowns', realization: 'realizations' } as const;
const sum = (held: Record<string, number>) => Object.values(held).reduce((s, n) => s + n, 0);

interface Tracked {
  product: string;
  /** The product's lot counts just before the outflow was created. */
  before: string;
  /** Something other than the outflow itself changed the product's lots since. */
  dirty: boolean;
}

/** One run: a fresh user with its products, the operations, and what the test remembers of outflows. */
class Run {
  readonly tracked = new Map<string, Tracked>();
  /** Each product's lot counts as the last invariant check saw them. */
  private counts: Map<string, string>;
  /** The outflow the current operation creates, edits or deletes: its own changes keep its snapshot valid. */
  private own: string | undefined;

  private constructor(
    readonly user: TestUser,
    readonly products: string[],
  ) {
    this.counts = new Map(products.map((p) => [p, '[]']));
  }

  static async start(): Promise<Run> {
    const user = await signUp(app);
    return new Run(user, await addProducts(app, user, ['Первый', 'Второй', 'Третий']));
  }

  private get db() {
    return app.database.db;
  }

  call(method: Method, url: string, payload?: unknown): Promise<Res> {
    return apiCall(app, this.user, method, url, payload);
  }

  /** Live lots of a product in FIFO order, its units on hand and those set aside by active reserves. */
  async stockOf(productId: string) {
    const [lotRows, [r]] = await Promise.all([
      this.db
        .select()
        .from(lots)
        .where(and(eq(lots.productId, productId), isNull(lots.deletedAt)))
        .orderBy(asc(lots.receivedAt), asc(lots.createdAt), asc(lots.id)),
      this.db
        .select({ n: sql<number>`coalesce(sum(${reserves.count}), 0)`.mapWith(Number) })
        .from(reserves)
        .where(and(eq(reserves.productId, productId), eq(reserves.status, 'active'), isNull(reserves.deletedAt))),
    ]);
    const onHand = lotRows.reduce((s, l) => s + l.count, 0);
    return { lots: lotRows, onHand, reserved: r!.n, free: onHand - r!.n };
  }

  /** One product's lot counts, as comparable text (the same text `invariants` keeps). */
  async lotCounts(productId: string): Promise<string> {
    const rows = await this.db
      .select({ id: lots.id, count: lots.count })
      .from(lots)
      .where(eq(lots.productId, productId))
      .orderBy(lots.id);
    return JSON.stringify(rows.map((r) => [r.id, r.count]));
  }

  /**
   * The latest row version of every stock table of the user. Versions come from one sequence on
   * every insert and update, and rows are never deleted: an equal fingerprint means nothing changed.
   */
  async fingerprint(): Promise<string> {
    const latest = (table: string) =>
      sql.raw(`(select coalesce(max(version), 0) from ${table} where user_id = users.id)`);
    const [row] = await this.db
      .select({
        fp: sql<string>`concat_ws(',', ${latest('lots')}, ${latest('stock_movements')}, ${latest('disposals')}, ${latest('markdowns')}, ${latest('reserves')}, ${latest('realizations')})`,
      })
      .from(users)
      .where(eq(users.id, this.user.id));
    return row!.fp;
  }

  /** What an outflow holds per lot according to its ledger rows. */
  async held(table: string, id: string): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ lotId: stockMovements.lotId, held: sql<number>`-sum(${stockMovements.delta})`.mapWith(Number) })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.userId, this.user.id),
          eq(stockMovements.sourceTable, table),
          eq(stockMovements.sourceId, id),
        ),
      )
      .groupBy(stockMovements.lotId);
    return Object.fromEntries(rows.filter((r) => r.held !== 0).map((r) => [r.lotId, r.held]));
  }

  /** Live outflows (optionally not of one product), oldest first: the pool `pick` chooses from. */
  async outflows(except?: string) {
    const of = async (k: Kind) => {
      const table = { disposal: disposals, markdown: markdowns, realization: realizations }[k];
      const rows = await this.db
        .select({ id: table.id, productId: table.productId, count: table.count, createdAt: table.createdAt })
        .from(table)
        .where(and(eq(table.userId, this.user.id), isNull(table.deletedAt)));
      return rows.map((r) => ({ ...r, kind: k }));
    };
    const all = (await Promise.all([of('disposal'), of('markdown'), of('realization')])).flat();
    return all
      .filter((o) => o.productId !== except)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  /** Checks everything that must hold after any operation (a handful of queries, whatever the history). */
  async invariants(): Promise<void> {
    const userId = this.user.id;
    const [lotRows, ledger, activeReserves, heldRows, disposalRows, markdownRows, realizationRows] = await Promise.all([
      this.db.select().from(lots).where(eq(lots.userId, userId)).orderBy(lots.id),
      this.db
        .select({ lotId: stockMovements.lotId, sum: sql<number>`sum(${stockMovements.delta})`.mapWith(Number) })
        .from(stockMovements)
        .where(eq(stockMovements.userId, userId))
        .groupBy(stockMovements.lotId),
      this.db
        .select({ productId: reserves.productId, n: sql<number>`sum(${reserves.count})`.mapWith(Number) })
        .from(reserves)
        .where(and(eq(reserves.userId, userId), eq(reserves.status, 'active'), isNull(reserves.deletedAt)))
        .groupBy(reserves.productId),
      this.db
        .select({
          table: stockMovements.sourceTable,
          id: stockMovements.sourceId,
          lotId: stockMovements.lotId,
          held: sql<number>`-sum(${stockMovements.delta})`.mapWith(Number),
        })
        .from(stockMovements)
        .where(and(eq(stockMovements.userId, userId), sql`${stockMovements.sourceTable} <> 'lots'`))
        .groupBy(stockMovements.sourceTable, stockMovements.sourceId, stockMovements.lotId),
      this.db.select().from(disposals).where(eq(disposals.userId, userId)),
      this.db.select().from(markdowns).where(eq(markdowns.userId, userId)),
      this.db.select().from(realizations).where(eq(realizations.userId, userId)),
    ]);

    // No lot below zero or above what it received; removed lots hold nothing.
    for (const l of lotRows) {
      expect(l.count, `lot ${l.id}`).toBeGreaterThanOrEqual(0);
      expect(l.count, `lot ${l.id}`).toBeLessThanOrEqual(l.countMax);
      if (l.deletedAt) expect(l.count).toBe(0);
    }
    // The ledger of every lot sums to its remaining units.
    expect(Object.fromEntries(ledger.map((l) => [l.lotId, l.sum])), 'ledger sums to the lots').toEqual(
      Object.fromEntries(lotRows.map((l) => [l.id, l.count])),
    );
    // Active reserves never set aside more than the product has.
    for (const r of activeReserves) {
      const onHand = lotRows
        .filter((l) => l.productId === r.productId && !l.deletedAt)
        .reduce((s, l) => s + l.count, 0);
      expect(r.n, 'active reserves within the stock').toBeLessThanOrEqual(onHand);
    }
    // Each outflow holds exactly its own units; a sale is valued at the cost of those units.
    const heldOf = (table: string, id: string) =>
      Object.fromEntries(
        heldRows.filter((h) => h.table === table && h.id === id && h.held !== 0).map((h) => [h.lotId, h.held]),
      );
    for (const h of heldRows) expect(h.held, 'an outflow never gives back more than it took').toBeGreaterThanOrEqual(0);
    for (const d of disposalRows) expect(sum(heldOf('disposals', d.id))).toBe(d.deletedAt ? 0 : d.count);
    for (const m of markdownRows) expect(heldOf('markdowns', m.id)).toEqual(m.deletedAt ? {} : { [m.lotId!]: 1 });
    const price = new Map(lotRows.map((l) => [l.id, l.price]));
    for (const r of realizationRows) {
      const held = heldOf('realizations', r.id);
      if (r.deletedAt || r.status === 'cancelled') {
        expect(held).toEqual({});
        continue;
      }
      expect(sum(held)).toBe(r.count);
      const allocations = Object.entries(held).map(([lotId, count]) => ({ lotId, count, unitCost: price.get(lotId)! }));
      expect(r.price, 'a sale is valued at the lots it took').toBe(roundMoney(unitCostOf(allocations)));
    }

    // Whatever changed a product's lots spoils the creation snapshots of its other outflows.
    for (const p of this.products) {
      const counts = JSON.stringify(lotRows.filter((l) => l.productId === p).map((l) => [l.id, l.count]));
      if (counts !== this.counts.get(p))
        for (const [id, tr] of this.tracked) if (tr.product === p && id !== this.own) tr.dirty = true;
      this.counts.set(p, counts);
    }
    this.own = undefined;
  }

  /**
   * Runs a call expecting `expected` (a status, or any of a few when the outcome is not predicted).
   * A refused call must change nothing at all; a 409 for missing stock must name `available`.
   */
  async expectCall(
    res: Promise<Res>,
    expected: number | number[],
    available?: { units: number; named: boolean },
  ): Promise<Res> {
    const before = await this.fingerprint();
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(500);
    if (typeof expected === 'number') expect(r.statusCode, r.body).toBe(expected);
    else expect(expected, r.body).toContain(r.statusCode);
    if (r.statusCode >= 400) {
      seen.refused++;
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(await this.fingerprint(), 'a refused call changes nothing').toBe(before);
      if (r.statusCode === 409 && available) {
        const body = r.json();
        expect(body.code).toBe('insufficient_stock');
        expect(body.detail).toBe(
          available.named
            ? `В выбранной партии осталось только ${available.units} шт.`
            : `Недостаточно товара на складе: доступно ${available.units} шт.`,
        );
      }
    }
    return r;
  }

  /** Creates an outflow; answers its id, or null when the stock did not allow it (409, checked). */
  async take(k: Kind, productId: string, count: number, lotPick: number | null): Promise<string | null> {
    const before = this.counts.get(productId)!;
    const stock = await this.stockOf(productId);
    const units = k === 'markdown' ? 1 : count;
    const lot =
      lotPick !== null && k !== 'realization' && stock.lots.length > 0
        ? stock.lots[lotPick % stock.lots.length]!
        : null;
    const free = Math.max(0, stock.free);
    const available = lot ? Math.min(lot.count, free) : free;
    const body =
      k === 'disposal'
        ? { product_id: productId, count, price: 5, ...(lot ? { lot_id: lot.id } : {}) }
        : k === 'markdown'
          ? { product_id: productId, price: 100, markdown_price: 50, ...(lot ? { lot_id: lot.id } : {}) }
          : { product: productId, count, realization_price: 300 };
    const res = await this.expectCall(this.call('POST', `${pathOf[k]}/`, body), units <= available ? 201 : 409, {
      units: available,
      named: !!lot,
    });
    if (res.statusCode !== 201) return null;
    seen.created++;
    const id: string = res.json().id;
    this.tracked.set(id, { product: productId, before, dirty: false });
    this.own = id;
    return id;
  }

  async deleteOutflow(o: { id: string; kind: Kind; productId: string }): Promise<void> {
    const table = tableOf[o.kind];
    const [held, lotsBefore] = await Promise.all([this.held(table, o.id), this.stockOf(o.productId)]);
    const url =
      o.kind === 'disposal'
        ? 'disposal/'
        : o.kind === 'markdown'
          ? `markdowns/${o.id}/`
          : `realization/${o.id}/delete/`;
    await this.expectCall(
      this.call('DELETE', url, o.kind === 'disposal' ? { ids: [o.id] } : undefined),
      o.kind === 'disposal' ? 200 : 204,
    );
    this.own = o.id;
    seen.deleted++;
    // Every lot gets back exactly what the outflow held of it, and nothing else moves.
    const lotsAfter = await this.stockOf(o.productId);
    expect(Object.fromEntries(lotsAfter.lots.map((l) => [l.id, l.count]))).toEqual(
      Object.fromEntries(lotsBefore.lots.map((l) => [l.id, l.count + (held[l.id] ?? 0)])),
    );
    expect(await this.held(table, o.id)).toEqual({});
    // Nothing else touched the product since the outflow was created: its lots are as they were then.
    const tracked = this.tracked.get(o.id);
    if (tracked && !tracked.dirty) {
      expect(await this.lotCounts(o.productId), 'lots as before the outflow').toBe(tracked.before);
      seen.restoredToCreation++;
    }
  }

  /** One operation; `except` keeps it off one product (the operations inside a round trip). */
  async apply(o: Op, except?: string): Promise<void> {
    const productAt = (p: number) => {
      if (!except) return this.products[p]!;
      const others = this.products.filter((id) => id !== except);
      return others[p % others.length]!;
    };

    switch (o.t) {
      case 'receive': {
        const body = { product_id: productAt(o.p), count: o.count, price: o.price, date: `2024-01-0${o.day}` };
        await this.expectCall(this.call('POST', 'inventory/', body), 201);
        return;
      }
      case 'take': {
        await this.take(o.kind, productAt(o.p), o.count, o.lot);
        return;
      }
      case 'reserve': {
        const productId = productAt(o.p);
        const { free } = await this.stockOf(productId);
        const res = await this.expectCall(
          this.call('POST', 'reserve/', { product: productId, count: o.count, price: 300 }),
          o.count <= free ? 201 : 409,
          {
            units: Math.max(0, free),
            named: false,
          },
        );
        if (res.statusCode === 201) expect(res.json()).toMatchObject({ status: 'active', count: o.count });
        return;
      }
      case 'editOutflow': {
        const pool = (await this.outflows(except)).filter((x) => x.kind !== 'markdown');
        if (pool.length === 0) return;
        const target = pool[o.pick % pool.length]!;
        this.own = target.id;
        const [row] =
          target.kind === 'realization'
            ? await this.db
                .select({ status: realizations.status })
                .from(realizations)
                .where(eq(realizations.id, target.id))
            : [{ status: 'completed' }];
        const cancelled = row!.status === 'cancelled';
        const [{ free }, held] = await Promise.all([
          this.stockOf(target.productId),
          this.held(tableOf[target.kind], target.id),
        ]);
        // Its own units count as available to it.
        const canTake = Math.max(0, free + sum(held));
        const url = target.kind === 'disposal' ? `disposal/${target.id}/` : `realization/${target.id}/`;
        const expected = o.count === target.count ? 200 : cancelled ? 409 : o.count <= canTake ? 200 : 409;
        const res = await this.expectCall(
          this.call('PATCH', url, { count: o.count }),
          expected,
          cancelled ? undefined : { units: canTake, named: false },
        );
        if (res.statusCode === 409 && cancelled) expect(res.json().code).toBe('realization_cancelled');
        if (res.statusCode === 200 && o.count !== target.count) seen.edited++;
        return;
      }
      case 'deleteOutflow': {
        const pool = await this.outflows(except);
        if (pool.length === 0) return;
        await this.deleteOutflow(pool[o.pick % pool.length]!);
        return;
      }
      case 'cancel': {
        const pool = (await this.outflows(except)).filter((x) => x.kind === 'realization');
        if (pool.length === 0) return;
        const target = pool[o.pick % pool.length]!;
        this.own = target.id;
        const res = await this.expectCall(
          this.call('PATCH', `realization/${target.id}/`, { status: 'cancelled' }),
          200,
        );
        expect(res.json().status).toBe('cancelled');
        expect(await this.held('realizations', target.id)).toEqual({});
        seen.cancelled++;
        return;
      }
      case 'reserveEdit': {
        const pool = (
          await this.db
            .select()
            .from(reserves)
            .where(and(eq(reserves.userId, this.user.id), isNull(reserves.deletedAt)))
            .orderBy(asc(reserves.createdAt), asc(reserves.id))
        ).filter((r) => r.productId !== except);
        if (pool.length === 0) return;
        const row = pool[o.pick % pool.length]!;
        const { free } = await this.stockOf(row.productId);
        const count = o.count ?? row.count;
        const target = o.status ?? row.status;
        let expected = 200;
        let code: string | undefined;
        let available: { units: number; named: boolean } | undefined;
        if (row.status !== 'active') {
          code = target !== row.status ? 'invalid_transition' : count !== row.count ? 'reserve_closed' : undefined;
          if (code) expected = 409;
        } else if (target === 'realized' || (target === 'active' && count > row.count)) {
          // Realizing takes the reserve's own units, which are free to it.
          available = { units: Math.max(0, free + row.count), named: false };
          if (count > available.units) expected = 409;
        }
        const realizationsBefore = new Set(
          (await this.outflows()).filter((x) => x.kind === 'realization').map((x) => x.id),
        );
        const body = { ...(o.count !== null ? { count: o.count } : {}), ...(o.status ? { status: o.status } : {}) };
        const res = await this.expectCall(this.call('PATCH', `reserve/${row.id}/`, body), expected, available);
        if (code) expect(res.json().code).toBe(code);
        if (res.statusCode !== 200) return;
        expect(res.json()).toMatchObject({ status: target, count: row.status === 'active' ? count : row.count });
        const made = (await this.outflows()).filter((x) => x.kind === 'realization' && !realizationsBefore.has(x.id));
        if (target === 'realized' && row.status === 'active') {
          // The sale it made: the reserve's units, taken FIFO (valued by the invariants).
          expect(made).toHaveLength(1);
          expect(made[0]).toMatchObject({ productId: row.productId, count });
          this.tracked.set(made[0]!.id, {
            product: row.productId,
            before: this.counts.get(row.productId)!,
            dirty: false,
          });
          this.own = made[0]!.id;
          seen.realized++;
        } else expect(made).toHaveLength(0);
        return;
      }
      case 'editLot': {
        const pool = (
          await this.db
            .select()
            .from(lots)
            .where(and(eq(lots.userId, this.user.id), isNull(lots.deletedAt)))
            .orderBy(asc(lots.createdAt), asc(lots.id))
        ).filter((l) => l.productId !== except);
        if (pool.length === 0) return;
        // Not predicted here (the inventory calls have their own tests): whatever it answers, the invariants hold.
        const res = await this.expectCall(
          this.call('PATCH', `inventory/${pool[o.pick % pool.length]!.id}/`, { count: o.count }),
          [200, 409, 422],
        );
        if (res.statusCode === 200) seen.lotEdits++;
        return;
      }
      case 'roundTrip': {
        const productId = productAt(o.p);
        const before = await this.lotCounts(productId);
        const id = await this.take(o.kind, productId, o.count, null);
        if (!id) return;
        await this.invariants();
        for (const inner of o.between) {
          await this.apply(inner, productId);
          await this.invariants();
        }
        expect(this.tracked.get(id)!.dirty, 'operations on other products never touch this one').toBe(false);
        await this.deleteOutflow({ id, kind: o.kind, productId });
        expect(await this.lotCounts(productId), 'lots as before the round trip').toBe(before);
        seen.roundTrips++;
        return;
      }
    }
  }
}

describe('stock engine properties (through the HTTP calls)', () => {
  it('keeps lots, ledger and reserves consistent and puts back exactly what outflows took', async () => {
    await fc.assert(
      // A few receipts first, so that most outflows find stock; then up to 25 operations of any kind.
      fc.asyncProperty(
        fc.array(receive, { minLength: 1, maxLength: 3 }),
        fc.array(op, { minLength: 12, maxLength: 25 }),
        async (receipts, ops) => {
          const run = await Run.start();
          for (const o of [...receipts, ...ops]) {
            await run.apply(o);
            await run.invariants();
          }
        },
      ),
      // Shrinking replays whole runs over HTTP and takes minutes: the first counterexample is reported as is
      // (with its seed and path, to replay it through fc.assert's `seed` and `path` options).
      { numRuns: 25, endOnFailure: true, examples: [coveringRun] },
    );
    if (process.env.PROPERTY_STATS) console.log(seen);
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  }, 300_000);
});
