import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProducts } from './helpers/products.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { apiCall, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * Money is kept in kopecks (numeric(14,2)): an amount with more decimals is refused by the
 * contract, naming the field in Russian, instead of being rounded away (0.004 ₽ was once stored
 * as 0). Every route that takes money is asked with 0.004, 0.01 and 12.5.
 */

let t: TestDatabase;
let app: FastifyInstance;
let seller: TestUser;
let productId: string;

/** A write that carries money in `field`, the stored column it lands in, and the row it writes. */
interface MoneyCase {
  name: string;
  method: 'POST' | 'PATCH';
  url: () => Promise<string> | string;
  body: (amount: number) => unknown;
  /** The path of the refused field in the problem's `errors`. */
  field: string;
  /** The field's Russian name, as the detail says it. */
  label: string;
  status: number;
  /** The stored amount as PostgreSQL prints it, for the row the write answered. */
  stored: (answer: any) => Promise<string>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const column = async (table: string, name: string, id: string): Promise<string> => {
  const result = (await app.database.db.execute(
    sql`select ${sql.identifier(name)}::text as v from ${sql.identifier(table)} where id = ${id}`,
  )) as unknown as { rows: { v: string }[] };
  return result.rows[0]!.v;
};

/** A return to price, made anew for each call (a priced return is then received once). */
const newReturn = async () =>
  (await ok(apiCall(app, seller, 'POST', 'returns/', { product_id: productId, count: 1 }), 201)).id as string;

const cases: MoneyCase[] = [
  {
    name: 'receipt lines (POST inventory_batch)',
    method: 'POST',
    url: () => 'inventory_batch/',
    body: (price) => ({ batch: [{ product_id: productId, count: 1, price }] }),
    field: 'batch.0.price',
    label: 'Цена',
    status: 200,
    stored: (a) => column('lots', 'price', a.results[0].id),
  },
  {
    name: 'a lot received directly (POST inventory)',
    method: 'POST',
    url: () => 'inventory/',
    body: (price) => ({ product_id: productId, count: 1, price }),
    field: 'price',
    label: 'Цена',
    status: 201,
    stored: (a) => column('lots', 'price', a.id),
  },
  {
    name: 'a lot’s price edited (PATCH inventory/:id)',
    method: 'PATCH',
    url: async () =>
      `inventory/${(await ok(apiCall(app, seller, 'POST', 'inventory/', { product_id: productId, count: 1, price: 5 }), 201)).id}/`,
    body: (price) => ({ price }),
    field: 'price',
    label: 'Цена',
    status: 200,
    stored: (a) => column('lots', 'price', a.id),
  },
  {
    name: 'a write-off (POST disposal)',
    method: 'POST',
    url: () => 'disposal/',
    body: (price) => ({ product_id: productId, count: 1, price }),
    field: 'price',
    label: 'Цена',
    status: 201,
    stored: (a) => column('disposals', 'price', a.id),
  },
  {
    name: 'a markdown’s price (POST markdowns)',
    method: 'POST',
    url: () => 'markdowns/',
    body: (price) => ({ product_id: productId, price, markdown_price: 1 }),
    field: 'price',
    label: 'Цена',
    status: 201,
    stored: (a) => column('markdowns', 'price', a.id),
  },
  {
    name: 'a markdown’s new price (POST markdowns)',
    method: 'POST',
    url: () => 'markdowns/',
    body: (price) => ({ product_id: productId, price: 100, markdown_price: price }),
    field: 'markdown_price',
    label: 'Цена уценки',
    status: 201,
    stored: (a) => column('markdowns', 'markdown_price', a.id),
  },
  {
    name: 'a sale (POST realization)',
    method: 'POST',
    url: () => 'realization/',
    body: (price) => ({ product: productId, count: 1, price: 1, realization_price: price }),
    field: 'realization_price',
    label: 'Цена реализации',
    status: 201,
    stored: (a) => column('realizations', 'realization_price', a.id),
  },
  {
    name: 'a reserve (POST reserve)',
    method: 'POST',
    url: () => 'reserve/',
    body: (price) => ({ product: productId, count: 1, price }),
    field: 'price',
    label: 'Цена',
    status: 201,
    stored: (a) => column('reserves', 'price', a.id),
  },
  {
    name: 'other realizations (POST other_realization_batch)',
    method: 'POST',
    url: () => 'other_realization_batch/',
    body: (price) => ({
      batch: [{ product_id: productId, count: 1, marketplace: 'Other', realization_price: price }],
    }),
    field: 'batch.0.realization_price',
    label: 'Цена реализации',
    status: 200,
    stored: (a) => column('other_realizations', 'realization_price', a.results[0].id),
  },
  {
    name: 'a return’s price (PATCH returns/:id)',
    method: 'PATCH',
    url: async () => `returns/${await newReturn()}/`,
    body: (price) => ({ price }),
    field: 'price',
    label: 'Цена',
    status: 200,
    stored: (a) => column('returns', 'price', a.id),
  },
];

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  seller = await signUp(app);
  productId = (await addProducts(app, seller, ['Носки']))[0]!;
  await ok(apiCall(app, seller, 'POST', 'inventory/', { product_id: productId, count: 1000, price: 10 }), 201);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('money in requests: kopecks at most', () => {
  it.each(cases)('$name: 0.004 ₽ is refused in Russian, naming the field', async (c) => {
    const res = await apiCall(app, seller, c.method, await c.url(), c.body(0.004));
    const problem = expectProblem(res, 400, 'validation_failed');
    // A line of a list is named first («Строка 1: цена — …»), so the label may start in lower case.
    expect(problem.detail.toLowerCase()).toContain(
      `${c.label.toLowerCase()} — не больше двух знаков после запятой (копейки)`,
    );
    expect(problem.errors).toContainEqual({ field: c.field, message: 'не больше двух знаков после запятой (копейки)' });
  });

  it.each(cases)('$name: 0.01 and 12.5 are accepted and stored exactly', async (c) => {
    for (const [amount, text] of [
      [0.01, '0.01'],
      [12.5, '12.50'],
    ] as const) {
      const answer = await ok(apiCall(app, seller, c.method, await c.url(), c.body(amount)), c.status);
      expect(await c.stored(answer)).toBe(text);
    }
  });

  it('refuses an amount past what the columns hold, and a negative one', async () => {
    for (const price of [1e12, 1_000_000_000.01, -0.01]) {
      const res = await apiCall(app, seller, 'POST', 'reserve/', { product: productId, count: 1, price });
      expectProblem(res, 400, 'validation_failed');
    }
    await ok(apiCall(app, seller, 'POST', 'reserve/', { product: productId, count: 1, price: 999_999_999.99 }), 201);
  });

  it('refuses a receipt’s fraction of a kopeck in the returns receipt too', async () => {
    const returnId = await newReturn();
    const res = await apiCall(app, seller, 'POST', 'returns/batch/', {
      date: '2026-11-20',
      batch: { [returnId]: { status: 'ready', price: 10.125 } },
    });
    const problem = expectProblem(res, 400, 'validation_failed');
    expect(problem.errors).toContainEqual({
      field: `batch.${returnId}.price`,
      message: 'не больше двух знаков после запятой (копейки)',
    });
    const received = await ok(
      apiCall(app, seller, 'POST', 'returns/batch/', {
        date: '2026-11-20',
        batch: { [returnId]: { status: 'ready', price: 10.13 } },
      }),
      201,
    );
    expect(JSON.stringify(received)).toContain('10.13');
  });

  it('through the sync push the same refusal is the entry’s 400, and nothing is stored', async () => {
    const id = newId();
    const { results } = await ok(
      apiCall(app, seller, 'POST', 'sync/push', [
        {
          id: newId(),
          method: 'POST',
          path: '/api/v1/reserve/',
          body: { id, product: productId, count: 1, price: 0.004 },
        },
      ]),
    );
    expect(results[0].status, JSON.stringify(results[0])).toBe(400);
    expect(results[0].body).toMatchObject({ code: 'validation_failed' });
    expect(results[0].body.detail).toContain('Цена — не больше двух знаков после запятой (копейки)');
    const stored = (await app.database.db.execute(
      sql`select count(*)::int as n from reserves where id = ${id}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(stored.rows[0]!.n).toBe(0);
  });
});
