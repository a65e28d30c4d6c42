import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { receiveLot } from './helpers/outflows.ts';
import { addProducts, productsCall } from './helpers/products.ts';
import { insertUnmatched, returnsApi, returnsSnapshot } from './helpers/returns.ts';
import { apiCall, expectLedgerMatchesLots, ok } from './helpers/stock.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * The returns calls other than the receipt (returns-receipt.test.ts): the list, a return made by
 * hand, status and price edits with delete and restore, the product's lots, receiving or disposing
 * of one return at a lot's price, another user's rows, and the returns as sync mirrors and replays them.
 */

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

async function seller(names = ['Куртка']) {
  const u = await signUp(app);
  return { u, api: returnsApi(app, u), products: await addProducts(app, u, names) };
}

const productOf = async (u: TestUser, id: string) =>
  (await ok(productsCall(app, u, 'GET', `product/${id}/`))).product_wh;

describe('a return made by hand and the list', () => {
  it('creates a return of the product with status none and price 0, and lists it with its product', async () => {
    const u = await signUp(app);
    const added = await productsCall(app, u, 'POST', 'products/', {
      name: 'Куртка',
      images: [],
      products_mp: [
        {
          name: 'Куртка WB',
          offer_id: 'JKT-7',
          marketplace: 'WILDBERRIES',
          market_id: 'shop',
          primary_image: 'https://cdn.example/jkt.jpg',
        },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    const p = added.json().product_wh.id;
    const api = returnsApi(app, u);
    const id = newId();
    const created = await api.create(p, 2, { id });
    expect(created).toMatchObject({
      id,
      _id: id,
      product_id: p,
      count: 2,
      status: null,
      processed: false,
      price: 0,
      markdown_price: 0,
      name: 'Куртка',
      article: 'JKT-7',
      final_moment: null,
      batch_id: null,
      marketplace: null,
    });
    expect(created.returned_at).toEqual(expect.any(String));
    const list = await api.list();
    expect(list.total).toBe(1);
    expect(list.returns[0]).toMatchObject({
      id,
      product: {
        id: p,
        name: 'Куртка',
        images: ['https://cdn.example/jkt.jpg'],
        mp_extra_data: { primary_image: 'https://cdn.example/jkt.jpg' },
      },
      batch_date: null,
    });
    expectProblem(await api.call('POST', '', { id, product_id: p, count: 1 }), 409, 'duplicate');
  });

  it('lists newest first, 50 a page; without status everything but deleted; status=null only those with none', async () => {
    const { u, api, products } = await seller();
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await api.create(products[0]!));
    await api.edit(rows[0].id, { status: 'ready', price: 100 });
    await api.edit(rows[1].id, { status: 'deleted' });
    await api.edit(rows[2].id, { status: 'markdown', price: 100, markdown_price: 70 });
    const unmatched = await insertUnmatched(app, u, { returnedAt: new Date('2020-01-01') });
    const ids = (r: { returns: { id: string }[] }) => r.returns.map((x) => x.id);
    const all = await api.list();
    expect(ids(all)).toEqual([rows[3].id, rows[2].id, rows[0].id, unmatched.id]);
    expect(all.total).toBe(4);
    expect(all.returns[3]).toMatchObject({
      product: null,
      product_id: null,
      name: 'Кроссовки',
      article: 'SNK-1',
      marketplace: 'WB',
    });
    expect(ids(await api.list('&status=deleted'))).toEqual([rows[1].id]);
    expect(ids(await api.list('&status=ready'))).toEqual([rows[0].id]);
    expect(ids(await api.list('&status=markdown'))).toEqual([rows[2].id]);
    expect(ids(await api.list('&status=null'))).toEqual([rows[3].id, unmatched.id]);
    const page2 = await ok(api.call('GET', '?page=2&page_size=2'));
    expect({ ids: ids(page2), total: page2.total }).toEqual({ ids: [rows[0].id, unmatched.id], total: 4 });
    expectProblem(await api.call('GET', '?status=sold'), 400, 'validation_failed');
  });
});

describe('editing a return', () => {
  it('sets status, price, note and markdown price; a markdown price not above 0 falls back to the price; none resets the prices', async () => {
    const { api, products } = await seller();
    const r = await api.create(products[0]!);
    expect(
      await api.edit(r.id, { status: 'markdown', price: 250, markdown_price: 0, description: 'Пятно' }),
    ).toMatchObject({
      status: 'markdown',
      price: 250,
      markdown_price: 250,
      description: 'Пятно',
    });
    expect(
      await api.edit(r.id, {
        return_id: r.id,
        status: 'markdown',
        price: 250,
        markdown_price: 99.99,
        product_id: products[0],
      }),
    ).toMatchObject({ markdown_price: 99.99 });
    expect(await api.edit(r.id, { status: null })).toMatchObject({
      status: null,
      price: 0,
      markdown_price: 0,
      description: 'Пятно',
    });
  });

  it('deletes (status deleted) and restores (status none)', async () => {
    const { api, products } = await seller();
    const r = await api.create(products[0]!);
    await api.edit(r.id, { status: 'ready', price: 10 });
    expect(await api.edit(r.id, { status: 'deleted' })).toMatchObject({ status: 'deleted', price: 10 });
    expect((await api.list()).total).toBe(0);
    expect(await api.edit(r.id, { status: null })).toMatchObject({ status: null, price: 0 });
    expect((await api.list()).returns.map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  it('refuses an id other than the address and another user’s product; a processed return never changes (409)', async () => {
    const { u, api, products } = await seller();
    const other = await seller(['Чужой']);
    const r = await api.create(products[0]!);
    expectProblem(await api.call('PATCH', `${r.id}/`, { id: newId(), status: 'ready' }), 400, 'id_mismatch');
    expectProblem(await api.call('PATCH', `${r.id}/`, { product_id: other.products[0] }), 404, 'not_found');
    await api.receive('2024-05-01', { [r.id]: { status: 'ready', price: 50 } });
    const before = await returnsSnapshot(app, u.id);
    for (const body of [{ status: 'deleted' }, { status: null }, { price: 10 }, { description: 'x' }]) {
      const problem = expectProblem(await api.call('PATCH', `${r.id}/`, body), 409, 'return_processed');
      expect(problem.detail).toBe('Возврат уже оприходован: его нельзя изменить');
    }
    expect(await returnsSnapshot(app, u.id)).toEqual(before);
  });
});

describe('receiving or disposing of one return at a lot’s price', () => {
  it('lists the product’s lots, receives to_inventory at the chosen lot’s price into a return batch', async () => {
    const { u, api, products } = await seller();
    const p = products[0]!;
    const cheap = await receiveLot(app, u, p, 5, 100, '2024-01-01');
    const dear = await receiveLot(app, u, p, 1, 180, '2024-02-01');
    const r = await api.create(p, 3);
    const inv = await ok(api.call('GET', `${r.id}/inventory/`));
    expect(inv.inventory.map((l: { id: string; price: number }) => [l.id, l.price])).toEqual([
      [cheap, 100],
      [dear, 180],
    ]);
    expect(inv.product).toMatchObject({ id: p, name: 'Куртка', images: [], mp_extra_data: { primary_image: null } });
    const done = await ok(api.call('PATCH', `${r.id}/to_inventory/${dear}/`));
    // The document and the lot take the return's id: a device that queued this offline already shows them.
    expect(done.return).toMatchObject({ status: 'ready', processed: true, price: 180, batch_id: r.id });
    expect(done.inventory).toMatchObject({
      id: r.id,
      product_id: p,
      count: 3,
      count_max: 3,
      price: 180,
      is_return: true,
      return_id: r.id,
      batch_id: r.id,
    });
    expect(await productOf(u, p)).toMatchObject({ count: 9, total_price: 5 * 100 + 180 + 3 * 180 });
    const batches = await ok(apiCall(app, u, 'GET', 'batch/?is_return=true'));
    expect(batches.results).toEqual([
      expect.objectContaining({ id: done.return.batch_id, kind: 'return', total_count: 3, total_sum: 540 }),
    ]);
    expectProblem(await api.call('PATCH', `${r.id}/to_inventory/${dear}/`), 409, 'return_processed');
    await expectLedgerMatchesLots(app, u.id);
  });

  it('any other `to` disposes: the units come back at the lot’s price and are written off', async () => {
    const { u, api, products } = await seller();
    const p = products[0]!;
    const lot = await receiveLot(app, u, p, 2, 75);
    const r = await api.create(p, 2);
    const done = await ok(api.call('PATCH', `${r.id}/to_disposal/${lot}/`));
    expect(done.return).toMatchObject({ status: 'disposal', processed: true, price: 75 });
    expect(done.inventory).toMatchObject({ count: 0, count_max: 2, price: 75, is_return: true });
    expect(await productOf(u, p)).toMatchObject({ count: 2, total_price: 150 });
    const detail = await ok(apiCall(app, u, 'GET', `batch/${done.return.batch_id}`));
    expect(detail.disposals).toEqual([
      expect.objectContaining({ id: r.id, product_id: p, count: 2, price: 75, batch_id: r.id }),
    ]);
    await expectLedgerMatchesLots(app, u.id);
  });

  it('refuses a lot of another product (422), a lot priced 0 (422), an unmatched return (422), another user’s lot (404)', async () => {
    const { u, api, products } = await seller(['Куртка', 'Шапка']);
    const [p, q] = products as [string, string];
    const other = await seller();
    const theirs = await receiveLot(app, other.u, other.products[0]!, 1, 10);
    const hat = await receiveLot(app, u, q, 1, 10);
    const free = await receiveLot(app, u, p, 1, 0);
    const r = await api.create(p);
    const unmatched = await insertUnmatched(app, u);
    const before = await returnsSnapshot(app, u.id);
    expectProblem(await api.call('PATCH', `${r.id}/to_inventory/${hat}/`), 422, 'lot_other_product');
    expectProblem(await api.call('PATCH', `${r.id}/to_inventory/${free}/`), 422, 'return_price_missing');
    expectProblem(await api.call('PATCH', `${unmatched.id}/to_inventory/${hat}/`), 422, 'return_unmatched');
    expectProblem(await api.call('PATCH', `${r.id}/to_inventory/${theirs}/`), 404, 'not_found');
    expectProblem(await api.call('PATCH', `${r.id}/to_inventory/${newId()}/`), 404, 'not_found');
    expect(await returnsSnapshot(app, u.id)).toEqual(before);
    expect(await ok(api.call('GET', `${unmatched.id}/inventory/`))).toEqual({ inventory: [], product: null });
  });
});

describe('another user’s returns', () => {
  it('answer 404 to every call, and are never listed', async () => {
    const owner = await seller();
    const r = await owner.api.create(owner.products[0]!);
    const lot = await receiveLot(app, owner.u, owner.products[0]!, 1, 10);
    const { u, api, products } = await seller();
    const before = await returnsSnapshot(app, owner.u.id);
    expect((await api.list()).total).toBe(0);
    expectProblem(await api.call('GET', `${r.id}/inventory/`), 404, 'not_found');
    expectProblem(await api.call('PATCH', `${r.id}/`, { status: 'deleted' }), 404, 'not_found');
    expectProblem(await api.call('PATCH', `${r.id}/to_inventory/${lot}/`), 404, 'not_found');
    expectProblem(
      await api.receipt('2024-01-01', { [r.id]: { status: 'ready', price: 10, product_id: products[0] } }),
      404,
      'not_found',
    );
    expectProblem(await api.call('POST', '', { product_id: owner.products[0], count: 1 }), 404, 'not_found');
    // Their return named by id in a create is taken, not free.
    expectProblem(await api.call('POST', '', { id: r.id, product_id: products[0], count: 1 }), 409, 'duplicate');
    expect(await returnsSnapshot(app, owner.u.id)).toEqual(before);
    expect((await returnsSnapshot(app, u.id)).returnRows).toEqual([]);
  });
});

describe('paths', () => {
  it('are documented as the product’s calls spell them (docs/architecture.md «Вызовы»), and the other spelling reaches the same route', async () => {
    const u = await signUp(app);
    const calls = [
      'get /api/v1/returns/',
      'post /api/v1/returns/',
      'post /api/v1/returns/batch/',
      'get /api/v1/returns/{return_id}/inventory/',
      'patch /api/v1/returns/{return_id}/{to}/{inventory_id}/',
      'patch /api/v1/returns/{id}/',
    ];
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      path.startsWith('/api/v1/returns') ? Object.keys(ops).map((m) => `${m} ${path}`) : [],
    );
    expect(documented.sort()).toEqual([...calls].sort());
    for (const call of calls) {
      const [method, path] = call.split(' ') as [string, string];
      const concrete = path.replace('{to}', 'to_inventory').replace(/\{[a-z_]+\}/g, () => newId());
      for (const url of [concrete, concrete.slice(0, -1)]) {
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: u.headers,
          payload: method === 'get' ? undefined : {},
        });
        if (res.statusCode === 404) expect(res.json().detail, `${call} as ${url}`).not.toMatch(/^Адрес не найден/);
        expect(res.statusCode, `${call} as ${url}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});

describe('returns in sync', () => {
  it('are mirrored as the calls answer them, and a push applies an edit and the receipt as one group', async () => {
    const { u, api, products } = await seller();
    const p = products[0]!;
    const r = await api.create(p, 1);
    const pull = await ok(apiCall(app, u, 'GET', 'sync/pull?since=0&table=returns'));
    const mirrored = pull.changes.find(
      (c: { table: string; row: { id: string } }) => c.table === 'returns' && c.row.id === r.id,
    );
    expect(mirrored.row).toEqual(r);

    const push = async (entries: unknown[]) =>
      (await ok(app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: u.headers, payload: entries })))
        .results;
    const group = newId();
    // The receipt refuses (no price): the status edit of the same group is rolled back with it.
    const refused = await push([
      { id: newId(), group, method: 'PATCH', path: `/api/v1/returns/${r.id}/`, body: { status: 'ready' } },
      {
        id: newId(),
        group,
        method: 'POST',
        path: '/api/v1/returns/batch/',
        body: { date: '2024-04-01', batch: { [r.id]: {} } },
      },
    ]);
    expect(refused.map((x: { status: number }) => x.status)).toEqual([424, 422]);
    expect((await api.list()).returns[0]).toMatchObject({ status: null, processed: false });
    const again = newId();
    const applied = await push([
      {
        id: newId(),
        group: again,
        method: 'PATCH',
        path: `/api/v1/returns/${r.id}`,
        body: { status: 'ready', price: 120 },
      },
      {
        id: newId(),
        group: again,
        method: 'POST',
        path: '/api/v1/returns/batch',
        body: { date: '2024-04-01', batch: { [r.id]: {} } },
      },
    ]);
    expect(applied.map((x: { status: number }) => x.status)).toEqual([200, 201]);
    expect((await api.list()).returns[0]).toMatchObject({
      status: 'ready',
      processed: true,
      price: 120,
      final_moment: '2024-04-01T00:00:00.000Z',
      batch_date: '2024-04-01T00:00:00.000Z',
    });
  });
});
