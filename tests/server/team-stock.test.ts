import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProducts } from './helpers/products.ts';
import { call, newTeam, ok, push, type Team } from './helpers/team.ts';
import { newId, startTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/*
 * Stock rules hold across people: two members who each wrote off the last unit while offline send their edits;
 * the server takes one and refuses the other with the reason, and the stock never goes below zero.
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

const writeOffOne = (productId: string) => ({
  id: newId(),
  method: 'POST',
  path: '/api/v1/disposal/',
  body: { id: newId(), product_id: productId, count: 1, price: 10, description: 'бой' },
});

describe('two members writing off the last unit', () => {
  it('one push takes it, the other is refused with the reason; a retry changes nothing', async () => {
    const [productId] = await addProducts(app, team.owner, ['Последняя ваза']);
    await ok(call(app, team.owner, 'POST', 'inventory/', { product_id: productId, count: 1, price: 100 }), 201);

    const fromWarehouse = writeOffOne(productId!);
    const fromManager = writeOffOne(productId!);
    // Sent together, as two devices coming back online at once.
    const [[a], [b]] = await Promise.all([
      push(app, team.warehouse, [fromWarehouse]),
      push(app, team.manager, [fromManager]),
    ]);
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([201, 409]);
    const refused = a!.status === 409 ? a! : b!;
    expect(refused.body).toMatchObject({ code: 'insufficient_stock' });
    expect(String(refused.body!.detail)).toMatch(/^Недостаточно товара на складе: доступно 0 шт\./);

    // The refused device retries (it does not know yet): the same answer, nothing written.
    const retryOf =
      a!.status === 409 ? { user: team.warehouse, entry: fromWarehouse } : { user: team.manager, entry: fromManager };
    const [again] = await push(app, retryOf.user, [retryOf.entry]);
    expect(again!.status).toBe(409);

    const list = await ok(call(app, team.owner, 'GET', `disposal/${productId}/`));
    expect(list.results).toHaveLength(1);
    const stock = await ok(call(app, team.owner, 'GET', `inventory/?product_id=${productId}`));
    expect(stock.results.reduce((n: number, lot: { count: number }) => n + lot.count, 0)).toBe(0);
  });
});
