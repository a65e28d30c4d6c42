import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { productsCall } from './helpers/products.ts';
import { apiCall, ok, realizeOther, receiveBatch } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/** GET /api/v1/batch/: the receipt documents list with thumbnails, totals and filters. */

let t: TestDatabase;
let app: FastifyInstance;

const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('batch list', () => {
  let u: TestUser;
  const b: Record<string, string> = {};

  beforeAll(async () => {
    u = await signUp(app);
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'Без картинки'];
    const res = await productsCall(
      app,
      u,
      'POST',
      'warehouse/add/',
      names.map((name, i) => ({
        name,
        images: i < 7 ? [`https://cdn.example/${i}.jpg`, 'https://cdn.example/second.jpg'] : [],
      })),
    );
    const ps: string[] = res.json().inserted_ids;
    b.seven = (
      await receiveBatch(
        app,
        u,
        '2024-01-05',
        ps.slice(0, 7).map((product_id, i) => ({ product_id, count: i + 1, price: 10 })),
      )
    ).id;
    b.two = (
      await receiveBatch(
        app,
        u,
        '2024-02-01T15:30:00Z',
        [ps[7]!, ps[0]!].map((product_id) => ({ product_id, count: 2, price: 0.1 })),
      )
    ).id;
    b.returned = (
      await receiveBatch(app, u, '2024-01-20', [{ product_id: ps[1]!, count: 1, price: 5 }], { kind: 'return' })
    ).id;
    const sold = await realizeOther(app, u, [
      { product_id: ps[2]!, count: 2, realization_price: 15.5 },
      { product_id: ps[3]!, count: 1, realization_price: 100 },
    ]);
    b.other = (
      await ok(
        apiCall(app, u, 'POST', 'batch/', { date: '2024-01-25', other_realization_ids: idsOf(sold.results) }),
        201,
      )
    ).id;
  });

  const list = async (q = '') => ok(apiCall(app, u, 'GET', `batch/?${q}`));

  it('shows purchases newest first, numbered by creation, with 5 thumbnails, +N and totals', async () => {
    const body = await list();
    expect(body.total).toBe(2);
    expect(body.results).toEqual([
      {
        id: b.two,
        number: 2,
        date: '2024-02-01T15:30:00.000Z',
        kind: 'purchase',
        description: '',
        thumbnails: ['https://cdn.example/0.jpg'],
        more: 1,
        total_count: 4,
        total_sum: 0.4,
      },
      {
        id: b.seven,
        number: 1,
        date: '2024-01-05T00:00:00.000Z',
        kind: 'purchase',
        description: '',
        thumbnails: [0, 1, 2, 3, 4].map((i) => `https://cdn.example/${i}.jpg`),
        more: 2,
        total_count: 28,
        total_sum: 280,
      },
    ]);
  });

  it('lists returns and other realizations by flag, with their own totals', async () => {
    expect((await list('is_return=true')).results).toEqual([
      expect.objectContaining({ id: b.returned, number: 3, kind: 'return', total_count: 1, total_sum: 5 }),
    ]);
    expect((await list('is_other=true')).results).toEqual([
      expect.objectContaining({
        id: b.other,
        number: 4,
        kind: 'other',
        total_count: 3,
        total_sum: 131,
        more: 0,
        thumbnails: expect.any(Array),
      }),
    ]);
    expect((await list('is_return=false&is_other=false')).total).toBe(2);
    expectProblem(await apiCall(app, u, 'GET', 'batch/?is_return=true&is_other=true'), 400, 'filters_conflict');
  });

  it('filters by dates (a bare end date includes its day) and pages', async () => {
    expect(idsOf((await list('date_start=2024-01-06')).results)).toEqual([b.two]);
    expect(idsOf((await list('date_end=2024-01-05')).results)).toEqual([b.seven]);
    expect(idsOf((await list('date_start=2024-01-05&date_end=2024-02-01')).results)).toEqual([b.two, b.seven]);
    expect(idsOf((await list('date_end=2024-02-01T15:00:00Z')).results)).toEqual([b.seven]);
    expect(idsOf((await list('is_other=true&date_start=2024-01-26')).results)).toEqual([]);
    expect(await list('page=2&page_size=1')).toMatchObject({
      total: 2,
      results: [expect.objectContaining({ id: b.seven })],
    });
  });
});
