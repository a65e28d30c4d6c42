import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposals, markdowns, realizations, reserves } from '../../server/db/schema/index.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { outflowSnapshot, receiveLot } from './helpers/outflows.ts';
import { addProducts, type Method } from './helpers/products.ts';
import { apiCall, expectLedgerMatchesLots, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * Sales, write-offs, markdowns and reserves entered afterwards (docs/rules.md «Расход задним
 * числом»): an optional `date` dates the row and its ledger rows, never ahead of now and never
 * before the receipt of the lots FIFO takes the units from. Without it they are dated now, as before.
 */

let t: TestDatabase;
let app: FastifyInstance;
let u: TestUser;

const call = (method: Method, url: string, payload?: unknown) => apiCall(app, u, method, url, payload);
const DAY = 86_400_000;
/** An instant `days` days before now, at a minute's precision (a stored time compares exactly). */
const ago = (days: number) => new Date(Math.floor((Date.now() - days * DAY) / 60_000) * 60_000);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

interface Movement {
  reason: string;
  source_table: string;
  source_id: string;
  delta: number;
  created_at: string;
}

/** The product's ledger rows of one outflow, as the product history reads them. */
async function movementsOf(product: string, table: string, id: string): Promise<Movement[]> {
  const all: Movement[] = (await ok(call('GET', `products/${product}/movements/?page_size=200`))).results;
  return all.filter((m) => m.source_table === table && m.source_id === id);
}

/** A product with one lot of 10 units × 100 ₽ received `days` days ago. */
async function stocked(days = 30, count = 10) {
  const [product] = await addProducts(app, u, [`Товар ${newId().slice(0, 6)}`]);
  const lot = await receiveLot(app, u, product!, count, 100, ago(days).toISOString());
  return { product: product!, lot };
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  u = await signUp(app);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('an outflow with a date', () => {
  it('a sale lands on its date, and so do its ledger rows and its row’s created_at', async () => {
    const { product } = await stocked(30);
    const when = ago(12);
    const sale = await ok(
      call('POST', 'realization/', { product, count: 3, realization_price: 250, date: when.toISOString() }),
      201,
    );
    expect(sale).toMatchObject({ count: 3, price: 100, datetime: when.toISOString(), status: 'completed' });
    const moves = await movementsOf(product, 'realizations', sale.id);
    expect(moves.map((m) => [m.reason, m.delta, m.created_at])).toEqual([['realization', -3, when.toISOString()]]);
    const [row] = await app.database.db.select().from(realizations).where(eq(realizations.id, sale.id));
    expect(row!.createdAt.toISOString()).toBe(when.toISOString());
    // The product's sales, newest first: an undated sale made now lists above the dated one.
    const now = await ok(call('POST', 'realization/', { product, count: 1, realization_price: 250 }), 201);
    expect((await ok(call('GET', `realization/${product}/`))).map((r: { id: string }) => r.id)).toEqual([
      now.id,
      sale.id,
    ]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('a write-off and a markdown land on their dates; a bare day is that day’s midnight UTC', async () => {
    const { product, lot } = await stocked(40);
    const day = dayOf(ago(20));
    const disposal = await ok(
      call('POST', 'disposal/', { product_id: product, count: 2, price: 0, description: 'Брак', date: day }),
      201,
    );
    expect(disposal.datetime).toBe(`${day}T00:00:00.000Z`);
    const when = ago(5);
    const markdown = await ok(
      call('POST', 'markdowns/', {
        product_id: product,
        price: 300,
        markdown_price: 150,
        lot_id: lot,
        date: when.toISOString(),
      }),
      201,
    );
    expect(markdown).toMatchObject({ datetime: when.toISOString(), lot_id: lot });
    expect((await movementsOf(product, 'disposals', disposal.id)).map((m) => m.created_at)).toEqual([
      `${day}T00:00:00.000Z`,
    ]);
    expect((await movementsOf(product, 'markdowns', markdown.id)).map((m) => m.created_at)).toEqual([
      when.toISOString(),
    ]);
    const [d] = await app.database.db.select().from(disposals).where(eq(disposals.id, disposal.id));
    const [m] = await app.database.db.select().from(markdowns).where(eq(markdowns.id, markdown.id));
    expect([d!.createdAt.toISOString(), m!.createdAt.toISOString()]).toEqual([
      `${day}T00:00:00.000Z`,
      when.toISOString(),
    ]);
    // The markdown list's date filter finds it in its own week only.
    const inWeek = await ok(
      call('GET', `markdowns/?product_id=${product}&date_start=${dayOf(ago(8))}&date_end=${dayOf(ago(2))}`),
    );
    expect(inWeek.results.map((r: { id: string }) => r.id)).toEqual([markdown.id]);
  });

  it('a bare day takes units of a lot received later that same day', async () => {
    const [product] = await addProducts(app, u, ['Товар одного дня']);
    const received = new Date(`${dayOf(ago(3))}T15:30:00.000Z`);
    await receiveLot(app, u, product!, 5, 80, received.toISOString());
    const sale = await ok(
      call('POST', 'realization/', { product, count: 1, realization_price: 200, date: dayOf(received) }),
      201,
    );
    expect(sale.datetime).toBe(`${dayOf(received)}T00:00:00.000Z`);
    // An instant earlier that day is before the receipt.
    const before = new Date(received.getTime() - 60 * 60_000).toISOString();
    expectProblem(
      await call('POST', 'realization/', { product, count: 1, realization_price: 200, date: before }),
      409,
      'before_receipt',
    );
  });

  it('a reserve is made on its date, and its sale on the date it is sold', async () => {
    const { product } = await stocked(60);
    const made = ago(30);
    const r = await ok(call('POST', 'reserve/', { product, count: 2, price: 400, date: made.toISOString() }), 201);
    const [row] = await app.database.db.select().from(reserves).where(eq(reserves.id, r.id));
    expect(row!.createdAt.toISOString()).toBe(made.toISOString());
    const later = await ok(call('POST', 'reserve/', { product, count: 1, price: 400 }), 201);
    expect((await ok(call('GET', `reserve/${product}/`))).map((x: { id: string }) => x.id)).toEqual([later.id, r.id]);

    // Sold before it was made: refused; a date without the sale: refused.
    const tooEarly = expectProblem(
      await call('PATCH', `reserve/${r.id}/`, { status: 'realized', date: ago(31).toISOString() }),
      409,
      'before_reserve',
    );
    expect(tooEarly.detail).toMatch(
      /^Продажа резерва не может быть раньше самого резерва: он сделан \d\d\.\d\d\.\d{4}/,
    );
    const noSale = expectProblem(
      await call('PATCH', `reserve/${r.id}/`, { count: 1, date: ago(20).toISOString() }),
      400,
      'date_without_sale',
    );
    expect(noSale.detail).toBe('Дату можно указать только вместе с продажей резерва');

    const sold = ago(20);
    await ok(call('PATCH', `reserve/${r.id}/`, { status: 'realized', date: sold.toISOString() }));
    const [sale] = await app.database.db
      .select()
      .from(realizations)
      .where(and(eq(realizations.productId, product), eq(realizations.userId, u.id)));
    expect([sale!.count, sale!.datetime.toISOString(), sale!.createdAt.toISOString()]).toEqual([
      2,
      sold.toISOString(),
      sold.toISOString(),
    ]);
    expect((await movementsOf(product, 'realizations', sale!.id)).map((m) => [m.delta, m.created_at])).toEqual([
      [-2, sold.toISOString()],
    ]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('arrives through sync push as through a direct call', async () => {
    const { product } = await stocked(10);
    const when = ago(4);
    const id = newId();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      headers: u.headers,
      payload: [
        {
          id: newId(),
          method: 'POST',
          path: '/api/v1/realization/',
          body: { id, product, count: 2, realization_price: 300, date: when.toISOString() },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json().results;
    expect(result).toMatchObject({ status: 201, body: { id, datetime: when.toISOString() } });
    expect((await movementsOf(product, 'realizations', id)).map((m) => m.created_at)).toEqual([when.toISOString()]);
  });
});

describe('a date that cannot be', () => {
  const tomorrow = () => new Date(Date.now() + DAY).toISOString();
  const aWeekAhead = () => dayOf(new Date(Date.now() + 7 * DAY));

  it('in the future is refused in Russian for each of the four, and nothing changes', async () => {
    const { product } = await stocked(10);
    const r = await ok(call('POST', 'reserve/', { product, count: 1, price: 10 }), 201);
    const before = await outflowSnapshot(app, u.id);
    const refusals = [
      // Validation refuses them before any transaction: they may run side by side.
      call('POST', 'realization/', { product, count: 1, realization_price: 10, date: tomorrow() }),
      call('POST', 'disposal/', { product_id: product, count: 1, price: 0, date: aWeekAhead() }),
      call('POST', 'markdowns/', { product_id: product, price: 10, markdown_price: 5, date: tomorrow() }),
      call('POST', 'reserve/', { product, count: 1, price: 10, date: aWeekAhead() }),
      call('PATCH', `reserve/${r.id}/`, { status: 'realized', date: tomorrow() }),
    ];
    for (const res of await Promise.all(refusals)) {
      const body = expectProblem(res, 400, 'validation_failed');
      expect(body.detail).toBe('Проверьте поля: Дата — не может быть позже сегодняшнего дня');
      expect(body.errors).toEqual([{ field: 'date', message: 'не может быть позже сегодняшнего дня' }]);
    }
    expect(await outflowSnapshot(app, u.id)).toEqual(before);
  });

  it('not a date is refused as every other date of the API is', async () => {
    const { product } = await stocked(10);
    const body = expectProblem(
      await call('POST', 'realization/', { product, count: 1, realization_price: 10, date: '2024-02-31' }),
      400,
      'validation_failed',
    );
    expect(body.detail).toBe(
      'Проверьте поля: Дата — ожидалась дата ГГГГ-ММ-ДД или дата и время ISO 8601 с 1900 по 2099 год',
    );
  });

  it('before the receipt of the lots FIFO takes from is refused: the stock was not there yet', async () => {
    // Two lots: 2 units received 40 days ago, 5 units 10 days ago.
    const [product] = await addProducts(app, u, ['Товар двух партий']);
    await receiveLot(app, u, product!, 2, 100, ago(40).toISOString());
    const recent = await receiveLot(app, u, product!, 5, 200, `${dayOf(ago(10))}T00:00:00.000Z`);
    const before = await outflowSnapshot(app, u.id);
    const twentyDaysAgo = ago(20).toISOString();
    // 3 units 20 days ago would take one from the recent lot.
    const sale = expectProblem(
      await call('POST', 'realization/', { product, count: 3, realization_price: 300, date: twentyDaysAgo }),
      409,
      'before_receipt',
    );
    expect(sale.detail).toMatch(
      new RegExp(
        `^На \\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d МСК этого товара ещё не было на складе: по FIFO единицы берутся из партии, поступившей ${dayOf(ago(10)).split('-').reverse().join('\\.')}\\. Укажите дату не раньше поступления$`,
      ),
    );
    expectProblem(
      await call('POST', 'disposal/', { product_id: product, count: 1, price: 0, lot_id: recent, date: twentyDaysAgo }),
      409,
      'before_receipt',
    );
    // Before anything was received.
    expectProblem(
      await call('POST', 'markdowns/', {
        product_id: product,
        price: 10,
        markdown_price: 5,
        date: ago(50).toISOString(),
      }),
      409,
      'before_receipt',
    );
    expectProblem(
      await call('POST', 'reserve/', { product, count: 3, price: 10, date: twentyDaysAgo }),
      409,
      'before_receipt',
    );
    expect(await outflowSnapshot(app, u.id)).toEqual(before);

    // What the old lot holds may go out on that date; FIFO stays FIFO — it comes from the old lot.
    const ok2 = await ok(
      call('POST', 'realization/', { product, count: 2, realization_price: 300, date: twentyDaysAgo }),
      201,
    );
    expect(ok2.price).toBe(100);
    expect((await movementsOf(product!, 'realizations', ok2.id)).map((m) => m.delta)).toEqual([-2]);
    // A reserve dated then sets aside units after those: the old lot is empty now, so it is refused too.
    expectProblem(
      await call('POST', 'reserve/', { product, count: 1, price: 10, date: twentyDaysAgo }),
      409,
      'before_receipt',
    );
    const r = await ok(call('POST', 'reserve/', { product, count: 1, price: 10, date: dayOf(ago(10)) }), 201);
    expect(r.status).toBe('active');
  });

  it('absent, the row and its ledger rows are dated now, as before', async () => {
    const { product } = await stocked(10);
    const from = Date.now();
    const made = [
      await ok(call('POST', 'realization/', { product, count: 1, realization_price: 10 }), 201),
      await ok(call('POST', 'disposal/', { product_id: product, count: 1, price: 0 }), 201),
      await ok(call('POST', 'markdowns/', { product_id: product, price: 10, markdown_price: 5 }), 201),
    ];
    const until = Date.now();
    for (const [row, table] of [
      [made[0], 'realizations'],
      [made[1], 'disposals'],
      [made[2], 'markdowns'],
    ] as const) {
      const at = Date.parse(row.datetime);
      expect(at).toBeGreaterThanOrEqual(from - 1000);
      expect(at).toBeLessThanOrEqual(until + 1000);
      for (const m of await movementsOf(product, table, row.id)) {
        expect(Date.parse(m.created_at)).toBeGreaterThanOrEqual(from - 1000);
        expect(Date.parse(m.created_at)).toBeLessThanOrEqual(until + 1000);
      }
    }
  });
});
