import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel, hasFieldName } from '../../server/plugins/app/field-names.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newId, signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

/*
 * A refused request's detail is read by the seller (the forms show it as is): it names fields by
 * their Russian names and says what is wrong in Russian, never «тело запроса» or a JSON key.
 * `errors` keeps the machine paths for programs.
 */

let t: TestDatabase;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  user = await signUp(app);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

const signup = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/users/signup/', payload });
const noLatin = (text: string) => expect(text, text).not.toMatch(/[A-Za-z]/);

describe('validation messages', () => {
  it('registration without login and password names both fields in Russian', async () => {
    const body = expectProblem(await signup({}), 400, 'validation_failed');
    expect(body.detail).toBe('Проверьте поля: Логин — обязательное поле; Пароль — обязательное поле');
    expect(body.errors!.map((e) => e.field).sort()).toEqual(['login', 'password']);
  });

  it('registration with a short password says how long it must be', async () => {
    const body = expectProblem(await signup({ login: 'anna@example.ru', password: 'short' }), 400, 'validation_failed');
    expect(body.detail).toBe('Проверьте поля: Пароль — не короче 8 символов');
    expect(body.detail).not.toMatch(/тело запроса|password/);
    expect(body.errors).toEqual([{ field: 'password', message: 'не короче 8 символов' }]);
  });

  it('a bad query parameter is named as the list parameter it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/products/all/?page=0', headers: user.headers });
    const body = expectProblem(res, 400, 'validation_failed');
    expect(body.detail).toBe('Проверьте параметры списка: Страница — не меньше 1');
    expect(body.errors).toEqual([{ field: 'page', message: 'не меньше 1' }]);
    noLatin(body.detail);
  });

  it('a bad address names the record it should point at', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/batch/not-an-id/', headers: user.headers });
    const body = expectProblem(res, 400, 'validation_failed');
    expect(body.detail).toBe('Неверный адрес: Документ — ожидался идентификатор записи');
    noLatin(body.detail);
  });

  it('a line of a document is named by its row, counted from 1', async () => {
    const payload = {
      batch: [
        { product_id: newId(), count: 1, price: 10 },
        { product_id: newId(), count: 'три', price: 10 },
      ],
    };
    const res = await app.inject({ method: 'POST', url: '/api/v1/inventory_batch/', payload, headers: user.headers });
    const body = expectProblem(res, 400, 'validation_failed');
    expect(body.detail).toBe('Проверьте поля: Строка 2: количество — ожидалось: число');
    expect(body.errors).toEqual([{ field: 'batch.1.count', message: 'ожидалось: число' }]);
  });

  it('an unknown field is called extra, by its own key in quotes', async () => {
    const body = expectProblem(
      await signup({ login: 'anna@example.ru', password: 'long enough pass', nickname: 'x' }),
      400,
      'validation_failed',
    );
    expect(body.detail).toBe('Проверьте поля: поле «nickname» — лишнее поле');
  });

  it('every field and parameter the API takes has a Russian name', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a walk over untyped OpenAPI JSON
    type JsonSchema = Record<string, any>;
    const api = JSON.parse(readFileSync(new URL('../../api/openapi.json', import.meta.url), 'utf8'));
    const names = new Set<string>();
    const seen = new Set<string>();
    const walk = (s: JsonSchema | undefined): void => {
      if (!s || typeof s !== 'object') return;
      if (s.$ref) {
        const key = String(s.$ref).split('/').pop()!;
        if (!seen.has(key)) {
          seen.add(key);
          walk(api.components.schemas[key]);
        }
        return;
      }
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        names.add(k);
        walk(v as Record<string, unknown>);
      }
      walk(s.items);
      for (const key of ['anyOf', 'oneOf', 'allOf']) for (const alt of s[key] ?? []) walk(alt);
    };
    for (const ops of Object.values<JsonSchema>(api.paths))
      for (const op of Object.values(ops)) {
        if (typeof op !== 'object' || op === null) continue;
        for (const p of op.parameters ?? []) names.add(p.name);
        for (const c of Object.values<{ schema?: Record<string, unknown> }>(op.requestBody?.content ?? {}))
          walk(c.schema);
      }
    expect(names.size).toBeGreaterThan(50);
    expect([...names].filter((n) => !hasFieldName(n))).toEqual([]);
    for (const n of names) expect(fieldLabel(n), n).toMatch(/^[А-ЯЁ]/);
  });
});
