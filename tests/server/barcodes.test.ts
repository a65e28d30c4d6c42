import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ean13CheckDigit } from '../../domain/ean13.ts';
import { productBarcodes, productsWh } from '../../server/db/schema/index.ts';
import { toProblem } from '../../server/plugins/app/problems.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { productsCall, type Method } from './helpers/products.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/test-database.ts';

/*
 * A product's barcodes (docs/rules.md «Штрихкоды»): written through the product calls, unique within the business
 * (409 barcode_taken, never a 500, also when requests race), freed by a deletion, found by the list's search.
 */

let t: TestDatabase;
let app: FastifyInstance;

const call = (u: TestUser, method: Method, url: string, payload?: unknown) =>
  productsCall(app, u, method, url, payload);

/** A valid EAN-13 from twelve digits. */
const ean = (first12: string) => first12 + ean13CheckDigit(first12);
let serial = 100_000;
/** A fresh valid EAN-13 no other test uses. */
const freshEan = () => ean(`460${String(serial++).padStart(9, '0')}`);

async function addOne(user: TestUser, name: string, barcodes?: string[]): Promise<string> {
  const res = await call(user, 'POST', 'warehouse/add/', [{ name, ...(barcodes ? { barcodes } : {}) }]);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { inserted_ids: string[] }).inserted_ids[0]!;
}

async function barcodesOf(user: TestUser, id: string): Promise<string[]> {
  const res = await call(user, 'GET', `product/${id}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product_wh.barcodes;
}

/** What the database's own index holds for the business: code → product. */
async function index(user: TestUser): Promise<Record<string, string>> {
  const rows = await app.database.db.select().from(productBarcodes).where(eq(productBarcodes.userId, user.id));
  return Object.fromEntries(rows.map((r) => [r.code, r.productId]));
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('barcodes of a warehouse product', () => {
  it('are created, replaced by an update, collapsed, and carried by every product answer and the sync row', async () => {
    const user = await signUp(app);
    const [a, b] = [freshEan(), freshEan()];
    const id = await addOne(user, 'Чай чёрный', [` ${a} `, 'CODE-128/x', a]);
    expect(await barcodesOf(user, id)).toEqual([a, 'CODE-128/x']);

    const patched = await call(user, 'PATCH', `warehouse/${id}/update/`, { barcodes: [b, a] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().product_wh.barcodes).toEqual([b, a]);
    expect(await index(user)).toEqual({ [a]: id, [b]: id });

    // An update without barcodes leaves them; a list row sent back whole changes nothing.
    await call(user, 'PATCH', `warehouse/${id}/update/`, { name: 'Чай чёрный, 100 г' });
    expect(await barcodesOf(user, id)).toEqual([b, a]);
    const list = await call(user, 'GET', 'all/');
    const row = list.json().products[0];
    expect(row.product_wh.barcodes).toEqual([b, a]);
    const resent = await call(user, 'PATCH', `warehouse/${id}/update/`, row);
    expect(resent.statusCode, resent.body).toBe(200);

    const created = await call(user, 'POST', 'products/', { name: 'Кофе', barcodes: ['98765'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().product_wh.barcodes).toEqual(['98765']);

    const pulled = await app.inject({
      method: 'GET',
      url: '/api/v1/sync/pull?since=0&limit=1000',
      headers: user.headers,
    });
    const change = (pulled.json().changes as { table: string; id: string; row: { barcodes: string[] } }[]).find(
      (c) => c.table === 'products_wh' && c.id === id,
    );
    expect(change?.row.barcodes).toEqual([b, a]);

    // An empty list takes them all away.
    await call(user, 'PATCH', `warehouse/${id}/update/`, { barcodes: [] });
    expect(await barcodesOf(user, id)).toEqual([]);
    expect(Object.values(await index(user))).not.toContain(id);
  });

  it('refuses a code another product of the business has: 409 in Russian naming it, nothing changed', async () => {
    const user = await signUp(app);
    const code = freshEan();
    const green = await addOne(user, 'Чай зелёный', [code]);
    const other = await addOne(user, 'Чай белый');

    const patch = await call(user, 'PATCH', `warehouse/${other}/update/`, { name: 'Чай жёлтый', barcodes: [code] });
    expect(expectProblem(patch, 409, 'barcode_taken').detail).toBe(`Штрихкод ${code} уже у товара «Чай зелёный»`);
    expect(await barcodesOf(user, other)).toEqual([]);
    expect((await call(user, 'GET', `product/${other}/`)).json().product_wh.name).toBe('Чай белый');

    const add = await call(user, 'POST', 'warehouse/add/', [{ name: 'Новый' }, { name: 'Ещё', barcodes: [code] }]);
    expect(expectProblem(add, 409, 'barcode_taken').detail).toBe(`Штрихкод ${code} уже у товара «Чай зелёный»`);
    const create = await call(user, 'POST', 'products/', { name: 'Третий', barcodes: ['x1', code] });
    expectProblem(create, 409, 'barcode_taken');
    // Two new products of one request may not share a code either.
    const twice = await call(user, 'POST', 'warehouse/add/', [
      { name: 'Первый', barcodes: ['SAME-1'] },
      { name: 'Второй', barcodes: ['SAME-1'] },
    ]);
    expect(expectProblem(twice, 409, 'barcode_taken').detail).toBe('Штрихкод SAME-1 уже у товара «Первый»');
    const live = await app.database.db
      .select({ name: productsWh.name })
      .from(productsWh)
      .where(eq(productsWh.userId, user.id));
    expect(live.map((r) => r.name).sort()).toEqual(['Чай белый', 'Чай зелёный']);
    expect(await index(user)).toEqual({ [code]: green });
  });

  it('answers the database key as barcode_taken when a write slips past the check (the backstop)', async () => {
    const user = await signUp(app);
    const code = freshEan();
    await addOne(user, 'Первый', [code]);
    const second = await addOne(user, 'Второй');
    const error = await app.database.db
      .update(productsWh)
      .set({ barcodes: [code] })
      .where(eq(productsWh.id, second))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(error).toBeDefined();
    const problem = toProblem(error as never);
    expect(problem).toMatchObject({
      status: 409,
      code: 'barcode_taken',
      detail: `Штрихкод ${code} уже у другого товара`,
    });
    expect(await barcodesOf(user, second)).toEqual([]);
  });

  it('lets another business use the same code, and a deleted product frees its codes', async () => {
    const [one, two] = [await signUp(app), await signUp(app)];
    const code = freshEan();
    const first = await addOne(one, 'Мыло', [code]);
    const theirs = await addOne(two, 'Мыло у соседа', [code]);
    expect(await barcodesOf(two, theirs)).toEqual([code]);
    // Another business's product is not found, whatever its codes.
    expect((await call(two, 'PATCH', `warehouse/${first}/update/`, { barcodes: [] })).statusCode).toBe(404);

    const removed = await call(one, 'DELETE', 'warehouse/delete/', [first]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await index(one)).toEqual({});
    const again = await addOne(one, 'Мыло новое', [code]);
    expect(await index(one)).toEqual({ [code]: again });
  });

  it('moves the codes of grouped products to the main one', async () => {
    const user = await signUp(app);
    const [a, b] = [freshEan(), freshEan()];
    const main = await addOne(user, 'Главный', [a]);
    const other = await addOne(user, 'Второй', [b, a.slice(0, 8)]);
    const res = await call(user, 'PATCH', `group/${main}/`, [other]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product_wh.barcodes).toEqual([a, b, a.slice(0, 8)]);
    expect(await index(user)).toEqual({ [a]: main, [b]: main, [a.slice(0, 8)]: main });
  });

  it('refuses bad codes with 400 and a Russian message naming the field', async () => {
    const user = await signUp(app);
    const id = await addOne(user, 'Проверка');
    const cases: [unknown, RegExp][] = [
      [['4600000000002'], /Штрихкод 4600000000002: неверная контрольная цифра EAN-13/],
      [['46 0001'], /Штрихкоды, элемент 1 — штрихкод — без пробелов/],
      [['   '], /Штрихкоды, элемент 1 — штрихкод не может быть пустым/],
      [['x'.repeat(65)], /не длиннее 64 символов/],
      [['ok', 'tab\there'], /Штрихкоды, элемент 2/],
      [Array.from({ length: 51 }, (_, i) => `C${i}`), /не больше 50 штрихкодов/],
      [[4600000000001], /Штрихкоды, элемент 1 — ожидалось: строка/],
      ['4601234567890', /Штрихкоды — ожидалось: список/],
    ];
    for (const [barcodes, message] of cases) {
      const res = await call(user, 'PATCH', `warehouse/${id}/update/`, { barcodes });
      const body = expectProblem(res, 400, 'validation_failed');
      expect(body.detail, JSON.stringify(barcodes)).toMatch(message);
      expect(body.errors?.[0]?.field).toMatch(/^barcodes/);
    }
    const add = await call(user, 'POST', 'warehouse/add/', [{ name: 'Плохой', barcodes: ['4600000000002'] }]);
    expect(expectProblem(add, 400, 'validation_failed').detail).toMatch(/Строка 1: штрихкоды, элемент 1/);
    expect(await barcodesOf(user, id)).toEqual([]);
    // Fifty distinct codes and repeats beyond them are fine: repeats collapse before the count matters only once.
    const fifty = Array.from({ length: 50 }, (_, i) => `C${i}`);
    const ok = await call(user, 'PATCH', `warehouse/${id}/update/`, { barcodes: fifty });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().product_wh.barcodes).toHaveLength(50);
  });

  it('refuses a taken code pushed from a device as that entry’s 409, storing nothing of it', async () => {
    const user = await signUp(app);
    const code = freshEan();
    await addOne(user, 'Чай зелёный', [code]);
    const target = await addOne(user, 'Чай красный');
    const fresh = newId();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      headers: user.headers,
      payload: [
        {
          id: newId(),
          group: null,
          method: 'PATCH',
          path: `/api/v1/products/warehouse/${target}/update/`,
          body: { barcodes: [code] },
        },
        {
          id: newId(),
          group: null,
          method: 'POST',
          path: '/api/v1/products/warehouse/add/',
          body: [{ id: fresh, name: 'С чужим кодом', barcodes: ['OWN-1', code] }],
        },
        {
          id: newId(),
          group: null,
          method: 'PATCH',
          path: `/api/v1/products/warehouse/${target}/update/`,
          body: { barcodes: ['OWN-2'] },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { status: number; body: { code?: string; detail?: string } }[];
    expect(results.map((r) => r.status)).toEqual([409, 409, 200]);
    expect(results[0]!.body).toMatchObject({
      code: 'barcode_taken',
      detail: `Штрихкод ${code} уже у товара «Чай зелёный»`,
    });
    expect(results[1]!.body.code).toBe('barcode_taken');
    const stored = await app.database.db
      .select()
      .from(productsWh)
      .where(and(eq(productsWh.userId, user.id), eq(productsWh.id, fresh)));
    expect(stored).toEqual([]);
    expect(await barcodesOf(user, target)).toEqual(['OWN-2']);
    expect((await index(user))['OWN-1']).toBeUndefined();
  });

  it('is found by the list search: a barcode exactly, alongside name and article', async () => {
    const user = await signUp(app);
    const code = freshEan();
    const id = await addOne(user, 'Пряник', [code]);
    await addOne(user, `Товар ${code.slice(0, 6)}`);
    const search = async (q: string) => {
      const res = await call(user, 'GET', `all/?search=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().products as { product_wh: { id: string; name: string } }[]).map((p) => p.product_wh.name);
    };
    // Read once before the code changes: the page cache must not answer it again afterwards.
    expect(await search(code)).toEqual(['Пряник']);
    expect(await search(code.slice(0, 6))).toEqual([`Товар ${code.slice(0, 6)}`]);
    const other = freshEan();
    await call(user, 'PATCH', `warehouse/${id}/update/`, { barcodes: [other] });
    expect(await search(code)).toEqual([]);
    expect(await search(other)).toEqual(['Пряник']);
    await call(user, 'DELETE', 'warehouse/delete/', [id]);
    expect(await search(other)).toEqual([]);
  });

  it('lets exactly one of 8 concurrent updates take a new code: seven 409, no 5xx', async () => {
    const user = await signUp(app);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await addOne(user, `Гонка ${i}`));
    const code = freshEan();
    const answers = await Promise.all(
      ids.map((id) => call(user, 'PATCH', `warehouse/${id}/update/`, { barcodes: [code] })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, `${testDbKind}: ${answers.map((r) => r.body).join('\n')}`).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expectProblem(r, 409, 'barcode_taken');
    const winner = ids[answers.findIndex((r) => r.statusCode === 200)]!;
    expect(await index(user)).toEqual({ [code]: winner });
  });
});
