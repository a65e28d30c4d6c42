import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposals, lots, productsWh, stockMovements } from '../../server/db/schema/index.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts } from './helpers/products.ts';
import { expectLedgerMatchesLots, receiveBatch } from './helpers/stock.ts';
import { call, costFieldPaths, newTeam, ok, pullAll, push, type Team } from './helpers/team.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/*
 * Stock counts (docs/rules.md «Инвентаризация»): members count on their own devices, their lines add up per product,
 * and posting writes shortages off FIFO and takes surpluses in at the last cost, once.
 */

let t: TestDatabase;
let app: FastifyInstance;
let team: Team;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  team = await newTeam(app);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

const newCount = (user: TestUser, body: Record<string, unknown>) =>
  ok(call(app, user, 'POST', 'counts/', { id: newId(), ...body }), 201);
const addLine = (user: TestUser, countId: string, productId: string, quantity: number, shelf = '') =>
  ok(
    call(app, user, 'POST', 'count_lines/', { id: newId(), count_id: countId, product_id: productId, quantity, shelf }),
    201,
  );

async function productFigures(businessId: string, productId: string) {
  const [row] = await app.database.db
    .select({ count: productsWh.stockCount, value: productsWh.stockValue })
    .from(productsWh)
    .where(and(eq(productsWh.userId, businessId), eq(productsWh.id, productId)));
  return row;
}

const movementsOf = (businessId: string, productId: string) =>
  app.database.db
    .select({
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      sourceTable: stockMovements.sourceTable,
      unitCost: stockMovements.unitCost,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.userId, businessId), eq(stockMovements.productId, productId)))
    .orderBy(asc(stockMovements.version));

describe('creating counts', () => {
  it('creates a whole-warehouse and a selection count, idempotently by id', async () => {
    const owner = await signUp(app);
    const [p] = await addProducts(app, owner, ['Кружка']);
    const id = newId();
    const body = { id, name: 'Ноябрь', scope: 'selection', product_ids: [p] };
    const created = await ok(call(app, owner, 'POST', 'counts/', body), 201);
    expect(created).toMatchObject({
      id,
      user_id: owner.id,
      name: 'Ноябрь',
      scope: 'selection',
      product_ids: [p],
      status: 'draft',
      posted_at: null,
      results: [],
    });
    // The device repeats its create (its answer was lost): the same row, nothing new.
    expect(await ok(call(app, owner, 'POST', 'counts/', body))).toEqual(created);
    expectProblem(await call(app, owner, 'POST', 'counts/', { ...body, name: 'Другое' }), 409, 'duplicate');

    const all = await newCount(owner, { scope: 'all' });
    expect(all).toMatchObject({ scope: 'all', product_ids: [], name: '' });
    const list = await ok(call(app, owner, 'GET', 'counts/'));
    expect(list.map((c: { id: string }) => c.id)).toEqual([all.id, id]);
  });

  it('refuses a selection without products, products for an «all» count and another business’s product', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const [mine] = await addProducts(app, owner, ['Чашка']);
    const [theirs] = await addProducts(app, stranger, ['Блюдце']);
    expectProblem(
      await call(app, owner, 'POST', 'counts/', { id: newId(), scope: 'selection', product_ids: [] }),
      400,
      'count_selection',
    );
    expectProblem(
      await call(app, owner, 'POST', 'counts/', { id: newId(), scope: 'all', product_ids: [mine] }),
      400,
      'count_selection',
    );
    expectProblem(
      await call(app, owner, 'POST', 'counts/', { id: newId(), scope: 'selection', product_ids: [mine, theirs] }),
      404,
      'not_found',
    );
    expectProblem(await call(app, owner, 'POST', 'counts/', { id: 'нет', scope: 'all' }), 400, 'validation_failed');
  });
});

describe('counting and posting', () => {
  it('merges two members’ lines, shows the figures, posts them through the stock engine exactly', async () => {
    const { owner, warehouse } = team;
    const biz = owner.id;
    const [a, b, c, d, e] = await addProducts(app, owner, ['Вилка', 'Нож', 'Ложка', 'Тарелка', 'Салфетка']);
    await receiveBatch(app, owner, '2026-01-01', [
      { product_id: a!, count: 3, price: 10 },
      { product_id: b!, count: 2, price: 15 },
      { product_id: c!, count: 4, price: 7 },
    ]);
    await receiveBatch(app, owner, '2026-02-01', [
      { product_id: a!, count: 5, price: 20 },
      { product_id: b!, count: 1, price: 25 },
    ]);
    const count = await newCount(warehouse, { name: 'Ноябрь', scope: 'all' });
    // a: 8 on hand, counted 1 + 1 on two shelves by two people → shortage 6 = 3 × 10 + 3 × 20.
    await addLine(owner, count.id, a!, 1, 'А-01');
    await addLine(warehouse, count.id, a!, 1, 'Б-02');
    // b: 3 on hand, counted 5 → surplus 2 at the last cost 25. d: never received, counted 1 → surplus at 0.
    const bLine = await addLine(warehouse, count.id, b!, 4);
    await ok(call(app, warehouse, 'PATCH', `count_lines/${bLine.id}/`, { quantity: 5, shelf: 'В-03' }));
    await addLine(owner, count.id, d!, 1);
    const stray = await addLine(owner, count.id, e!, 2);
    await ok(call(app, owner, 'DELETE', `count_lines/${stray.id}/`), 204);
    // c: 4 on hand, nobody counted it → all 4 written off; e: its only line was deleted, no stock → not in scope.

    const expected = [
      { product_id: a, expected: 8, counted: 2, difference: -6, cost: -90 },
      { product_id: b, expected: 3, counted: 5, difference: 2, cost: 50 },
      { product_id: c, expected: 4, counted: 0, difference: -4, cost: -28 },
      { product_id: d, expected: 0, counted: 1, difference: 1, cost: 0 },
    ].sort((x, y) => x.product_id!.localeCompare(y.product_id!));
    const detail = await ok(call(app, owner, 'GET', `counts/${count.id}/`));
    expect(detail.figures).toEqual(expected);
    expect(detail.lines).toHaveLength(4);
    expect(new Set(detail.lines.map((l: { created_by: string }) => l.created_by))).toEqual(
      new Set([owner.id, warehouse.id]),
    );
    // The warehouse member without the owner's leave sees the units, not the money.
    const seen = await ok(call(app, warehouse, 'GET', `counts/${count.id}/`));
    expect(costFieldPaths(seen)).toEqual([]);
    expect(seen.figures[0]).toHaveProperty('difference');

    const posted = await ok(call(app, warehouse, 'POST', `counts/${count.id}/post/`, {}));
    expect(posted).toMatchObject({ status: 'posted', posted_at: expect.any(String) });
    expect(costFieldPaths(posted)).toEqual([]);
    const after = await ok(call(app, owner, 'GET', `counts/${count.id}/`));
    expect(after.results).toEqual(expected);
    expect(after.figures).toEqual(expected);

    expect(await productFigures(biz, a!)).toEqual({ count: 2, value: 40 });
    expect(await productFigures(biz, b!)).toEqual({ count: 5, value: 105 });
    expect(await productFigures(biz, c!)).toEqual({ count: 0, value: 0 });
    expect(await productFigures(biz, d!)).toEqual({ count: 1, value: 0 });
    expect(await productFigures(biz, e!)).toEqual({ count: 0, value: 0 });

    const writeOff = { reason: 'disposal', sourceTable: 'disposals' };
    expect((await movementsOf(biz, a!)).slice(2)).toEqual([
      { delta: -3, unitCost: 10, ...writeOff },
      { delta: -3, unitCost: 20, ...writeOff },
    ]);
    expect((await movementsOf(biz, b!)).slice(2)).toEqual([
      { delta: 2, unitCost: 25, reason: 'receipt', sourceTable: 'lots' },
    ]);
    expect((await movementsOf(biz, c!)).slice(1)).toEqual([{ delta: -4, unitCost: 7, ...writeOff }]);
    expect(await movementsOf(biz, d!)).toEqual([{ delta: 1, unitCost: 0, reason: 'receipt', sourceTable: 'lots' }]);
    expect(await movementsOf(biz, e!)).toEqual([]);
    await expectLedgerMatchesLots(app, biz);

    const { db } = app.database;
    const writeOffs = await db
      .select({ productId: disposals.productId, count: disposals.count, description: disposals.description })
      .from(disposals)
      .where(eq(disposals.countId, count.id));
    expect(writeOffs.sort((x, y) => x.productId.localeCompare(y.productId))).toEqual(
      [
        { productId: a, count: 6, description: 'Инвентаризация «Ноябрь»' },
        { productId: c, count: 4, description: 'Инвентаризация «Ноябрь»' },
      ].sort((x, y) => x.productId!.localeCompare(y.productId!)),
    );
    const surplus = await db
      .select({ productId: lots.productId, count: lots.count, price: lots.price })
      .from(lots)
      .where(eq(lots.countId, count.id));
    expect(surplus.sort((x, y) => x.productId.localeCompare(y.productId))).toEqual(
      [
        { productId: b, count: 2, price: 25 },
        { productId: d, count: 1, price: 0 },
      ].sort((x, y) => x.productId!.localeCompare(y.productId!)),
    );

    // A posted count never changes: every edit answers 409 in Russian, and nothing moves.
    const refusals = [
      call(app, owner, 'PATCH', `counts/${count.id}/`, { name: 'Другое' }),
      call(app, owner, 'DELETE', `counts/${count.id}/`),
      call(app, owner, 'POST', `counts/${count.id}/post/`, {}),
      call(app, owner, 'POST', 'count_lines/', { id: newId(), count_id: count.id, product_id: a, quantity: 1 }),
      call(app, owner, 'PATCH', `count_lines/${bLine.id}/`, { quantity: 1 }),
      call(app, owner, 'DELETE', `count_lines/${bLine.id}/`),
    ];
    for (const res of await Promise.all(refusals)) {
      const body = expectProblem(res, 409, 'count_posted');
      expect(body.detail).toBe('Инвентаризация проведена: её нельзя изменить');
    }
    expect(await productFigures(biz, a!)).toEqual({ count: 2, value: 40 });
    expect(await ok(call(app, owner, 'GET', `counts/${count.id}/`))).toEqual(after);
  });

  it('keeps a selection to its products and refuses bad quantities in Russian', async () => {
    const owner = await signUp(app);
    const [p, q] = await addProducts(app, owner, ['Стакан', 'Поднос']);
    const count = await newCount(owner, { scope: 'selection', product_ids: [p] });
    const line = (product: string | undefined, quantity: unknown) =>
      call(app, owner, 'POST', 'count_lines/', { id: newId(), count_id: count.id, product_id: product, quantity });
    const outside = expectProblem(await line(q, 1), 409, 'count_scope');
    expect(outside.detail).toBe('Товар не входит в эту инвентаризацию');
    for (const bad of [-1, 1.5, '3']) {
      const body = expectProblem(await line(p, bad), 400, 'validation_failed');
      expect(JSON.stringify(body.errors)).toMatch(/[А-Яа-я]/);
    }
    const kept = await addLine(owner, count.id, p!, 3);
    expectProblem(
      await call(app, owner, 'PATCH', `count_lines/${kept.id}/`, { quantity: -2 }),
      400,
      'validation_failed',
    );
    // Taking a counted product out of the selection would lose its lines.
    expectProblem(
      await call(app, owner, 'PATCH', `counts/${count.id}/`, { product_ids: [q] }),
      409,
      'count_lines_exist',
    );
    const widened = await ok(call(app, owner, 'PATCH', `counts/${count.id}/`, { name: 'Полка', product_ids: [p, q] }));
    expect(widened).toMatchObject({ name: 'Полка', product_ids: [p, q] });
    const posted = await ok(call(app, owner, 'POST', `counts/${count.id}/post/`, {}));
    expect(posted.results).toEqual(
      [
        { product_id: p, expected: 0, counted: 3, difference: 3, cost: 0 },
        { product_id: q, expected: 0, counted: 0, difference: 0, cost: 0 },
      ].sort((x, y) => x.product_id!.localeCompare(y.product_id!)),
    );
  });

  it('refuses a shortage below the units reserved, naming the reserve', async () => {
    const owner = await signUp(app);
    const [p] = await addProducts(app, owner, ['Чайник']);
    await receiveBatch(app, owner, '2026-01-01', [{ product_id: p!, count: 5, price: 100 }]);
    await ok(call(app, owner, 'POST', 'reserve/', { product: p, count: 3, price: 100 }), 201);
    const count = await newCount(owner, { scope: 'all' });
    await addLine(owner, count.id, p!, 2);
    const refused = expectProblem(
      await call(app, owner, 'POST', `counts/${count.id}/post/`, {}),
      409,
      'count_reserved',
    );
    expect(refused.detail).toMatch(/в резерве 3 шт/);
    expect(await productFigures(owner.id, p!)).toEqual({ count: 5, value: 500 });
    const stillDraft = await ok(call(app, owner, 'GET', `counts/${count.id}/`));
    expect(stillDraft.status).toBe('draft');
  });

  it('deletes a draft with its lines; only the owner and managers may', async () => {
    const { owner, manager, warehouse } = team;
    const [p] = await addProducts(app, owner, ['Сито']);
    const count = await newCount(warehouse, { scope: 'selection', product_ids: [p] });
    const line = await addLine(warehouse, count.id, p!, 1);
    expectProblem(await call(app, warehouse, 'DELETE', `counts/${count.id}/`), 403, 'role_forbidden');
    await ok(call(app, manager, 'DELETE', `counts/${count.id}/`), 204);
    expectProblem(await call(app, owner, 'GET', `counts/${count.id}/`), 404, 'not_found');
    const pulled = await pullAll(app, owner);
    const gone = pulled.changes.filter((ch) => ch.id === count.id || ch.id === line.id);
    expect(gone.map((ch) => [ch.table, ch.deleted])).toEqual(
      expect.arrayContaining([
        ['counts', true],
        ['count_lines', true],
      ]),
    );
  });
});

describe('another business', () => {
  it('answers 404 for its counts and lines, and for its products in mine', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const [mine] = await addProducts(app, owner, ['Кастрюля']);
    const [theirs] = await addProducts(app, stranger, ['Сковорода']);
    const count = await newCount(owner, { scope: 'all' });
    const line = await addLine(owner, count.id, mine!, 1);
    const refusals = [
      call(app, stranger, 'GET', `counts/${count.id}/`),
      call(app, stranger, 'PATCH', `counts/${count.id}/`, { name: 'чужая' }),
      call(app, stranger, 'DELETE', `counts/${count.id}/`),
      call(app, stranger, 'POST', `counts/${count.id}/post/`, {}),
      call(app, stranger, 'POST', 'count_lines/', { id: newId(), count_id: count.id, product_id: theirs, quantity: 1 }),
      call(app, stranger, 'PATCH', `count_lines/${line.id}/`, { quantity: 5 }),
      call(app, stranger, 'DELETE', `count_lines/${line.id}/`),
      call(app, owner, 'POST', 'count_lines/', { id: newId(), count_id: count.id, product_id: theirs, quantity: 1 }),
    ];
    for (const res of await Promise.all(refusals)) expectProblem(res, 404, 'not_found');
    expect(await ok(call(app, stranger, 'GET', 'counts/'))).toEqual([]);
    const detail = await ok(call(app, owner, 'GET', `counts/${count.id}/`));
    expect(detail.lines).toEqual([line]);
  });
});

describe('through sync push', () => {
  it('merges two devices’ lines and posts them in one push group; pull mirrors both tables', async () => {
    const { owner, warehouse } = team;
    const [p] = await addProducts(app, owner, ['Термос']);
    await receiveBatch(app, owner, '2026-01-01', [{ product_id: p!, count: 10, price: 30 }]);
    const countId = newId();
    const entry = (body: unknown, path: string, group: string | null = null) => ({
      id: newId(),
      group,
      method: 'POST',
      path: `/api/v1/${path}`,
      body,
    });
    const lineBody = (quantity: number) => ({ id: newId(), count_id: countId, product_id: p, quantity });
    const fromOwner = await push(app, owner, [
      entry({ id: countId, name: 'Термосы', scope: 'selection', product_ids: [p] }, 'counts/'),
      entry(lineBody(3), 'count_lines/'),
    ]);
    expect(fromOwner.map((r) => r.status)).toEqual([201, 201]);
    const finish = [entry(lineBody(4), 'count_lines/', 'finish'), entry({}, `counts/${countId}/post/`, 'finish')];
    const fromWarehouse = await push(app, warehouse, finish);
    expect(fromWarehouse.map((r) => r.status)).toEqual([201, 200]);
    const posted = await ok(call(app, owner, 'GET', `counts/${countId}/`));
    expect(posted.results).toEqual([{ product_id: p, expected: 10, counted: 7, difference: -3, cost: -90 }]);
    expect(await productFigures(owner.id, p!)).toEqual({ count: 7, value: 210 });

    // The warehouse device replays its group (it lost the answer): answered as before, nothing posted twice.
    const again = await push(app, warehouse, finish);
    expect(again.map((r) => r.status)).toEqual([201, 200]);
    expect(await productFigures(owner.id, p!)).toEqual({ count: 7, value: 210 });

    const pulled = await pullAll(app, warehouse);
    const mirrored = pulled.changes.filter((ch) => ch.table === 'counts' || ch.table === 'count_lines');
    expect(mirrored.find((ch) => ch.id === countId)?.row).toMatchObject({ status: 'posted', id: countId });
    expect(mirrored.filter((ch) => ch.table === 'count_lines' && ch.row?.count_id === countId)).toHaveLength(2);
    expect(costFieldPaths(mirrored)).toEqual([]);
  });
});
