import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveCloseCode } from '../../api/ws.ts';
import { markets } from '../../server/db/schema/index.ts';
import { sessionEndedBy, SESSION_ENDED_MESSAGE } from '../../server/lib/sessions.ts';
import { expectProblem, type Res } from './helpers/expect-problem.ts';
import { connectLive, listen, withTimeout, type LiveClient } from './helpers/live-client.ts';
import { addProducts } from './helpers/products.ts';
import {
  call,
  costFieldPaths,
  logIn,
  me,
  newTeam,
  ok,
  productNames,
  pullAll,
  refresh,
  withTokens,
  type Team,
} from './helpers/team.ts';
import { newId, startTestApp, type TestUser } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/*
 * What a role allows and what the owner's changes to a member end: their sign-ins, tokens and sockets, what they
 * may read, and which calls are the owner's alone.
 */

let t: TestDatabase;
let app: FastifyInstance;
let base: string;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  base = await listen(app);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await app?.close();
  await t?.drop();
});

/** Polls until the access token is refused; the refusal. */
async function refusedWithin(user: TestUser, ms: number): Promise<Res> {
  const deadline = Date.now() + ms;
  let res = await me(app, user);
  while (res.statusCode === 200) {
    if (Date.now() > deadline) throw new Error(`the access token was still accepted after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    res = await me(app, user);
  }
  return res;
}

describe('a change of role', () => {
  it("ends the member's sign-ins: refresh says why, the access token is refused, a new sign-in has the new role", async () => {
    const team = await newTeam(app);
    const changed = await ok(call(app, team.owner, 'PATCH', `team/members/${team.manager.id}/`, { role: 'warehouse' }));
    expect(changed).toMatchObject({ user_id: team.manager.id, role: 'warehouse', can_see_costs: false });

    const why = expectProblem(await refresh(app, team.manager), 401, 'role_changed');
    expect(why.detail).toBe(sessionEndedBy.role_changed);
    expect(expectProblem(await refusedWithin(team.manager, 5000), 401, 'token_invalid').detail).toBe(
      SESSION_ENDED_MESSAGE,
    );
    // The other members' sign-ins go on.
    expect((await me(app, team.warehouse)).statusCode).toBe(200);

    const again = await logIn(app, team.manager);
    expect(await ok(me(app, again))).toMatchObject({ business: { id: team.owner.id }, role: 'warehouse' });
    // Now a warehouse member: writes of the managers' are refused.
    expectProblem(await call(app, again, 'POST', 'markets/add/', { market_id: 'm', name: 'М' }), 403, 'role_forbidden');
  });
});

describe('a removal', () => {
  it("ends the member's sign-ins and socket; signed in again, they are back in their own business", async () => {
    const team = await newTeam(app);
    await addProducts(app, team.owner, ['Товар команды']);
    expect(await productNames(app, team.warehouse)).toEqual(['Товар команды']);
    const socket = await connectLive(base, team.warehouse.id, team.warehouse.accessToken);
    sockets.push(socket);

    expect((await call(app, team.owner, 'DELETE', `team/members/${team.warehouse.id}/`)).statusCode).toBe(204);

    const why = expectProblem(await refresh(app, team.warehouse), 401, 'member_removed');
    expect(why.detail).toBe(sessionEndedBy.member_removed);
    await refusedWithin(team.warehouse, 5000);
    expect(await withTimeout(socket.closed, 5000, 'the removed member’s socket closes')).toEqual({
      code: LiveCloseCode.invalidToken,
      reason: SESSION_ENDED_MESSAGE,
    });

    const again = await logIn(app, team.warehouse);
    expect(await ok(me(app, again))).toMatchObject({
      business: { id: team.warehouse.id },
      role: 'owner',
      can_see_costs: true,
    });
    expect(await productNames(app, again)).toEqual([]);
    expect((await pullAll(app, again)).changes.filter((c) => c.table === 'products_wh')).toEqual([]);
    const members = (await ok(call(app, team.owner, 'GET', 'team/'))).members.map(
      (m: { user_id: string }) => m.user_id,
    );
    expect(members).toEqual([team.owner.id, team.manager.id]);
  });
});

describe('who may change the team', () => {
  let team: Team;
  beforeAll(async () => {
    team = await newTeam(app);
  });

  it('the owner is neither re-roled nor removed', async () => {
    const path = `team/members/${team.owner.id}/`;
    expectProblem(await call(app, team.owner, 'PATCH', path, { role: 'manager' }), 409, 'owner_fixed');
    expectProblem(await call(app, team.owner, 'DELETE', path), 409, 'owner_fixed');
    expect(await ok(me(app, team.owner))).toMatchObject({ business: { id: team.owner.id }, role: 'owner' });
  });

  it('a change that changes nothing leaves the sign-ins', async () => {
    const path = `team/members/${team.warehouse.id}/`;
    expect(await ok(call(app, team.owner, 'PATCH', path, { role: 'warehouse', can_see_costs: false }))).toMatchObject({
      role: 'warehouse',
    });
    team.warehouse = withTokens(team.warehouse, await ok(refresh(app, team.warehouse)));
    expect((await me(app, team.warehouse)).statusCode).toBe(200);
  });

  it("another business's member is not found", async () => {
    const other = await newTeam(app);
    for (const id of [other.manager.id, other.owner.id, newId()]) {
      const path = `team/members/${id}/`;
      expectProblem(await call(app, team.owner, 'PATCH', path, { role: 'warehouse' }), 404, 'not_found');
      expectProblem(await call(app, team.owner, 'DELETE', path), 404, 'not_found');
    }
    expect(await ok(me(app, other.manager))).toMatchObject({ business: { id: other.owner.id }, role: 'manager' });
  });

  it('a manager may not call the owner’s team endpoints', async () => {
    const { manager, warehouse } = team;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', 'team/'],
      ['POST', 'team/invitations/', { role: 'manager' }],
      ['DELETE', `team/invitations/${newId()}/`],
      ['PATCH', `team/members/${warehouse.id}/`, { role: 'manager' }],
      ['DELETE', `team/members/${warehouse.id}/`],
      ['GET', `team/members/${warehouse.id}/movements/`],
      ['PATCH', 'team/business/', { name: 'Захват' }],
    ];
    for (const [method, url, body] of calls) {
      const refused = expectProblem(await call(app, manager, method, url, body), 403, 'role_forbidden');
      expect(refused.detail).toBe('Это может сделать только владелец');
    }
    // HEAD runs the GET route's handler: it answers to the same roles, and the document says which.
    expect((await call(app, manager, 'HEAD', 'team/')).statusCode).toBe(403);
    const paths = (app.swagger() as { paths: Record<string, Record<string, { 'x-roles'?: string[] }>> }).paths;
    expect(paths['/api/v1/team/']?.get?.['x-roles']).toEqual(['owner']);
    expect(paths['/api/v1/team/members/{user_id}/movements/']?.get?.['x-roles']).toEqual(['owner']);
    // The names of the team are every member's to read.
    expect((await ok(call(app, manager, 'GET', 'team/members/'))).length).toBe(3);
    expect(await ok(me(app, warehouse))).toMatchObject({ business: { id: team.owner.id }, role: 'warehouse' });
  });
});

describe('cost visibility', () => {
  let team: Team;

  beforeAll(async () => {
    team = await newTeam(app);
    const [mug] = await addProducts(app, team.owner, ['Кружка с ценой']);
    await ok(call(app, team.owner, 'POST', 'inventory/', { product_id: mug, count: 3, price: 250 }), 201);
  });

  const reads = ['products/all/', 'inventory/', 'inventory/sum', 'sync/pull?since=0&limit=1000'];

  it('a warehouse member without leave reads no money field; the owner reads prices', async () => {
    // The owner first: a page the owner's read left in the business's cache must reach the member stripped too.
    for (const url of reads) {
      const owners = await ok(call(app, team.owner, 'GET', url));
      expect(costFieldPaths(owners).length, url).toBeGreaterThan(0);
      const answer = await ok(call(app, team.warehouse, 'GET', url));
      expect(costFieldPaths(answer), url).toEqual([]);
    }
    // The rest is there: the member works stock by counts.
    const lotsSeen = await ok(call(app, team.warehouse, 'GET', 'inventory/'));
    expect(lotsSeen.results).toEqual([expect.objectContaining({ count: 3, count_max: 3 })]);
    expect(await ok(call(app, team.warehouse, 'GET', 'inventory/sum'))).toEqual({ count: 3 });
    expect((await ok(call(app, team.owner, 'GET', 'inventory/'))).results[0].price).toBe(250);
    expect(await ok(call(app, team.owner, 'GET', 'inventory/sum'))).toEqual({ count: 3, price: 750 });
    const pulledLot = (await pullAll(app, team.owner)).changes.find((c) => c.table === 'lots');
    expect(pulledLot?.row).toMatchObject({ price: 250 });
  });

  it('with the owner’s leave (which ends their sign-ins) the member sees prices after signing in again', async () => {
    const changed = await ok(
      call(app, team.owner, 'PATCH', `team/members/${team.warehouse.id}/`, { can_see_costs: true }),
    );
    expect(changed).toMatchObject({ role: 'warehouse', can_see_costs: true });
    expectProblem(await refresh(app, team.warehouse), 401, 'role_changed');
    await refusedWithin(team.warehouse, 5000);

    const again = await logIn(app, team.warehouse);
    expect(await ok(me(app, again))).toMatchObject({ role: 'warehouse', can_see_costs: true });
    expect((await ok(call(app, again, 'GET', 'inventory/'))).results[0].price).toBe(250);
    expect(await ok(call(app, again, 'GET', 'inventory/sum'))).toEqual({ count: 3, price: 750 });
    const pulledLot = (await pullAll(app, again)).changes.find((c) => c.table === 'lots');
    expect(pulledLot?.row).toMatchObject({ price: 250 });
    for (const url of reads)
      expect(costFieldPaths(await ok(call(app, again, 'GET', url))).length, url).toBeGreaterThan(0);
  });
});

describe("stores' keys are the owner's", () => {
  it("a manager's PATCH with a new key is refused and leaves the key; a rename alone passes", async () => {
    const team = await newTeam(app);
    await ok(
      call(app, team.owner, 'POST', 'markets/add/', {
        market_id: 'shop-1',
        name: 'Магазин',
        access_token: 'ozon-key-0123456789',
      }),
      201,
    );
    const keyOf = async () =>
      (await app.database.db.select().from(markets).where(eq(markets.userId, team.owner.id)))[0]!.accessTokenEnc;
    const before = await keyOf();
    expect(before).not.toBeNull();

    const refused = expectProblem(
      await call(app, team.manager, 'PATCH', 'markets/shop-1/', {
        name: 'Чужой ключ',
        access_token: 'stolen-key-9876543210',
      }),
      403,
      'role_forbidden',
    );
    expect(refused.detail).toMatch(/владел/);
    expect(await keyOf()).toBe(before);
    expect((await ok(call(app, team.owner, 'GET', 'markets/shop-1/'))).name).toBe('Магазин');

    const renamed = await ok(call(app, team.manager, 'PATCH', 'markets/shop-1/', { name: 'Новое имя' }));
    expect(renamed).toMatchObject({ market_id: 'shop-1', name: 'Новое имя', has_access_token: true });
    expect(await keyOf()).toBe(before);
  });
});
