import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markets } from '../../server/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';

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

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url: `/api/v1/markets/${url}`,
    payload,
    headers: { ...user.headers, ...headers },
  }) as Promise<Res>;
const list = (u: TestUser) => call(u, 'GET', '');
const get = (u: TestUser, id: string) => call(u, 'GET', `${encodeURIComponent(id)}/`);
const add = (u: TestUser, body: object, headers?: Record<string, string>) => call(u, 'POST', 'add/', body, headers);
const patch = (u: TestUser, id: string, body: object) => call(u, 'PATCH', `${encodeURIComponent(id)}/`, body);
const remove = (u: TestUser, id: string) => call(u, 'DELETE', `${encodeURIComponent(id)}/`);

/** Stored rows of a user's store, tombstones included: what the API says must match what is kept. */
const rows = (u: TestUser, marketId: string) =>
  app.database.db
    .select()
    .from(markets)
    .where(and(eq(markets.userId, u.id), eq(markets.marketId, marketId)));
async function storedKey(u: TestUser, marketId: string): Promise<string | null> {
  const live = (await rows(u, marketId)).filter((r) => r.deletedAt === null);
  expect(live).toHaveLength(1);
  return live[0]!.accessTokenEnc;
}

describe('store calls', () => {
  it('add, list, get, patch, delete', async () => {
    const u = await signUp(app);
    const created = await add(u, {
      market_id: '12345',
      name: 'Мой магазин',
      description: 'Озон, склад 1',
      marketplace: 'OZON',
    });
    expect(created.statusCode, created.body).toBe(201);
    const market = created.json();
    expect(market).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      market_id: '12345',
      name: 'Мой магазин',
      description: 'Озон, склад 1',
      marketplace: 'OZON',
      access_token: '',
      has_access_token: false,
    });

    const listed = await list(u);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([market]);
    expect((await get(u, '12345')).json()).toEqual(market);

    const changed = await patch(u, '12345', { name: 'Переименован', description: '', marketplace: 'YM' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: market.id,
      market_id: '12345',
      name: 'Переименован',
      description: '',
      marketplace: 'YM',
    });
    expect(changed.json().version).toBeGreaterThan(market.version);
    expect((await get(u, '12345')).json()).toEqual(changed.json());

    const deleted = await remove(u, '12345');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectProblem(await get(u, '12345'), 404, 'not_found');
    expect((await list(u)).json()).toEqual([]);
    expectProblem(await remove(u, '12345'), 404, 'not_found');
    expectProblem(await patch(u, '12345', { name: 'x' }), 404, 'not_found');
  });

  it('marketplace defaults to "-" and accepts only OZON, WILDBERRIES, YM, "-"', async () => {
    const u = await signUp(app);
    expect((await add(u, { market_id: 'plain', name: 'Без площадки' })).json().marketplace).toBe('-');
    for (const marketplace of ['OZON', 'WILDBERRIES', 'YM', '-'])
      expect((await add(u, { market_id: `m-${marketplace}`, name: 'М', marketplace })).json().marketplace).toBe(
        marketplace,
      );
    for (const marketplace of ['WB', 'Other', 'ozon', '', 1]) {
      const body = expectProblem(await add(u, { market_id: 'bad', name: 'М', marketplace }), 400, 'validation_failed');
      expect(body.errors).toContainEqual(expect.objectContaining({ field: 'marketplace' }));
      expectProblem(await patch(u, 'plain', { marketplace }), 400, 'validation_failed');
    }
    expectProblem(await get(u, 'bad'), 404, 'not_found');
    expect((await get(u, 'plain')).json().marketplace).toBe('-');
  });

  it('an empty PATCH changes nothing and answers the store', async () => {
    const u = await signUp(app);
    const market = (await add(u, { market_id: 'same', name: 'Магазин' })).json();
    const res = await patch(u, 'same', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(market);
  });
});

describe('market_id', () => {
  it('a duplicate within one user answers 409 market_id_taken and adds nothing', async () => {
    const u = await signUp(app);
    await add(u, { market_id: 'dup', name: 'Первый' });
    expectProblem(await add(u, { market_id: 'dup', name: 'Второй' }), 409, 'market_id_taken');
    expect(await rows(u, 'dup')).toHaveLength(1);
    expect((await get(u, 'dup')).json().name).toBe('Первый');
  });

  it('double submits racing each other: one store, the rest 409 market_id_taken', async () => {
    const u = await signUp(app);
    const answers = await Promise.all([1, 2, 3].map((i) => add(u, { market_id: 'race', name: `Гонка ${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expectProblem(a, 409, 'market_id_taken');
    expect(await rows(u, 'race')).toHaveLength(1);
  });

  it('is unique per user: another user may use the same one', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const first = (await add(a, { market_id: 'shared', name: 'У А' })).json();
    const second = await add(b, { market_id: 'shared', name: 'У Б' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.id);
    expect((await get(a, 'shared')).json().name).toBe('У А');
    expect((await get(b, 'shared')).json().name).toBe('У Б');
  });

  it('cannot change on PATCH (409 market_id_locked); repeating it is fine', async () => {
    const u = await signUp(app);
    await add(u, { market_id: 'fixed', name: 'Магазин' });
    expectProblem(await patch(u, 'fixed', { market_id: 'other', name: 'Новое' }), 409, 'market_id_locked');
    expect((await get(u, 'fixed')).json().name).toBe('Магазин');
    expectProblem(await get(u, 'other'), 404, 'not_found');
    const same = await patch(u, 'fixed', { market_id: 'fixed', name: 'Новое' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ market_id: 'fixed', name: 'Новое' });
  });

  it('of a deleted store can be used again', async () => {
    const u = await signUp(app);
    const old = (await add(u, { market_id: 'reuse', name: 'Старый' })).json();
    expect((await remove(u, 'reuse')).statusCode).toBe(204);
    const again = await add(u, { market_id: 'reuse', name: 'Новый' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).not.toBe(old.id);
    expect((await list(u)).json().map((m: { name: string }) => m.name)).toEqual(['Новый']);
  });
});

describe('the store key (access_token)', () => {
  const key = 'sk-live-ABCDEF-0123456789-XyZ9';

  it('is encrypted at rest and answered only as a mask', async () => {
    const u = await signUp(app);
    const created = await add(u, { market_id: 'k1', name: 'С ключом', access_token: key });
    const answers = [created, await get(u, 'k1'), await list(u), await patch(u, 'k1', { name: 'Ещё' })];
    for (const res of answers) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.body).not.toContain(key);
      expect(res.body).not.toContain(key.slice(0, -4));
    }
    expect(created.json()).toMatchObject({ access_token: '••••XyZ9', has_access_token: true });
    const sealed = await storedKey(u, 'k1');
    expect(sealed).not.toBeNull();
    expect(sealed).not.toContain(key);
    expect(app.secrets.open(sealed!)).toBe(key);
  });

  it('a short key reveals no characters at all', async () => {
    const u = await signUp(app);
    expect((await add(u, { market_id: 'short', name: 'К', access_token: 'abc12345' })).json().access_token).toBe(
      '••••',
    );
  });

  it.each([
    ['without access_token', { name: 'Другое имя' }],
    ['with the mask', { access_token: '••••XyZ9' }],
    ['with the bare mask prefix', { access_token: '••••' }],
    ['with null', { access_token: null, description: 'новое' }],
  ])('PATCH %s keeps the old key', async (_what, body) => {
    const u = await signUp(app);
    await add(u, { market_id: 'keep', name: 'Магазин', access_token: key });
    const before = await storedKey(u, 'keep');
    const res = await patch(u, 'keep', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ access_token: '••••XyZ9', has_access_token: true });
    const after = await storedKey(u, 'keep');
    expect(after).toBe(before);
    expect(app.secrets.open(after!)).toBe(key);
  });

  it('PATCH with a new key replaces it; an empty string removes it', async () => {
    const u = await signUp(app);
    await add(u, { market_id: 'swap', name: 'Магазин', access_token: key });
    const replaced = await patch(u, 'swap', { access_token: 'new-key-000000-ABCD' });
    expect(replaced.json()).toMatchObject({ access_token: '••••ABCD', has_access_token: true });
    expect(app.secrets.open((await storedKey(u, 'swap'))!)).toBe('new-key-000000-ABCD');

    const removed = await patch(u, 'swap', { access_token: '' });
    expect(removed.json()).toMatchObject({ access_token: '', has_access_token: false });
    expect(await storedKey(u, 'swap')).toBeNull();
  });

  it('a store added without a key has none', async () => {
    const u = await signUp(app);
    expect((await add(u, { market_id: 'nokey', name: 'Без ключа', access_token: '' })).json()).toMatchObject({
      access_token: '',
      has_access_token: false,
    });
    expect(await storedKey(u, 'nokey')).toBeNull();
  });
});

describe("another user's store", () => {
  it('answers 404 on GET, PATCH and DELETE and stays unchanged', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const market = (
      await add(owner, { market_id: 'mine', name: 'Чужой', access_token: 'owner-secret-key-7777' })
    ).json();
    const sealed = await storedKey(owner, 'mine');

    expectProblem(await get(stranger, 'mine'), 404, 'not_found');
    expectProblem(await patch(stranger, 'mine', { name: 'Взлом', access_token: '' }), 404, 'not_found');
    expectProblem(await remove(stranger, 'mine'), 404, 'not_found');
    expect((await list(stranger)).json()).toEqual([]);

    expect((await get(owner, 'mine')).json()).toEqual(market);
    expect(await storedKey(owner, 'mine')).toBe(sealed);
  });
});

describe('Idempotency-Key on add', () => {
  it('a replay creates exactly one store and answers the same body', async () => {
    const u = await signUp(app);
    const key = newId();
    const body = { market_id: 'idem', name: 'Один раз', access_token: 'idempotent-key-4321' };
    const first = await add(u, body, { 'idempotency-key': key });
    const again = await add(u, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()).toEqual(first.json());
    expect(await rows(u, 'idem')).toHaveLength(1);
    expect((await list(u)).json()).toHaveLength(1);
  });

  it('the same key with a different body → 422 idempotency_key_reused, nothing added', async () => {
    const u = await signUp(app);
    const key = newId();
    await add(u, { market_id: 'idem-a', name: 'А' }, { 'idempotency-key': key });
    expectProblem(
      await add(u, { market_id: 'idem-b', name: 'Б' }, { 'idempotency-key': key }),
      422,
      'idempotency_key_reused',
    );
    expect(await rows(u, 'idem-b')).toHaveLength(0);
    expect((await list(u)).json()).toHaveLength(1);
  });

  it('retries racing with one Idempotency-Key all answer the first answer, and one store exists', async () => {
    const u = await signUp(app);
    const key = newId();
    const body = { market_id: 'idem-race', name: 'Гонка' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(u, body, { 'idempotency-key': key })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const [firstBody] = answers.map((a) => a.json());
    for (const a of answers) expect(a.json()).toEqual(firstBody);
    expect(await rows(u, 'idem-race')).toHaveLength(1);
  });

  it('keys are per user: another user with the same key gets a store of its own', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const key = newId();
    const body = { market_id: 'idem-shared', name: 'Магазин' };
    const first = await add(a, body, { 'idempotency-key': key });
    const second = await add(b, body, { 'idempotency-key': key });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    expect(await rows(b, 'idem-shared')).toHaveLength(1);
  });
});
