import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposals, invitations, lots, stockMovements } from '../../server/db/schema/index.ts';
import { expectProblem } from './helpers/expect-problem.ts';
import { addProducts } from './helpers/products.ts';
import {
  call,
  invite,
  join,
  me,
  newTeam,
  ok,
  productNames,
  pullAll,
  push,
  signUpInvited,
  withTokens,
  type Team,
} from './helpers/team.ts';
import { newId, signUp, startTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/* The team API and what membership changes: whose data a member sees, and who is recorded as each row's author. */

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

describe('invitations', () => {
  it('the code is shown once; the team lists the invitation without it until it is used', async () => {
    const owner = await signUp(app);
    const created = await invite(app, owner, 'warehouse', { can_see_costs: true, expires_in_hours: 24 });
    expect(created).toMatchObject({ id: expect.any(String), role: 'warehouse', can_see_costs: true });
    expect(created.code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const expiresInH = (Date.parse(created.expires_at) - Date.now()) / 3600_000;
    expect(expiresInH).toBeGreaterThan(23.9);
    expect(expiresInH).toBeLessThanOrEqual(24);

    const team = await ok(call(app, owner, 'GET', 'team/'));
    expect(team.business).toEqual({ id: owner.id, name: 'Анна Смирнова' });
    expect(team.members).toEqual([expect.objectContaining({ user_id: owner.id, role: 'owner' })]);
    expect(team.invitations).toEqual([
      {
        id: created.id,
        role: 'warehouse',
        can_see_costs: true,
        expires_at: created.expires_at,
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(team)).not.toContain(created.code);
    expect(JSON.stringify(team)).not.toContain(created.code.replace(/-/g, ''));

    const member = await signUpInvited(app, created.code);
    const after = await ok(call(app, owner, 'GET', 'team/'));
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m: { user_id: string }) => m.user_id)).toEqual([owner.id, member.id]);
  });

  it('a new account signing up with a code joins the business with the role of the invitation', async () => {
    const owner = await signUp(app);
    const { code } = await invite(app, owner, 'manager');
    const member = await signUpInvited(app, code);
    expect(member.signup.json()).toMatchObject({ business: { id: owner.id }, role: 'manager', can_see_costs: true });
    expect(await ok(me(app, member))).toMatchObject({
      id: member.id,
      business: { id: owner.id, name: 'Анна Смирнова' },
      role: 'manager',
    });
  });

  it('an existing account joins with the code and gets a new token pair stating the new business', async () => {
    const owner = await signUp(app);
    const person = await signUp(app);
    expect(await ok(me(app, person))).toMatchObject({ business: { id: person.id }, role: 'owner' });
    const { code } = await invite(app, owner, 'warehouse');
    const pair = await ok(join(app, person, code));
    expect(pair).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const joined = withTokens(person, pair);
    expect(await ok(me(app, joined))).toMatchObject({
      id: person.id,
      business: { id: owner.id },
      role: 'warehouse',
      can_see_costs: false,
    });
  });

  it('a code works once; an expired or revoked one is refused', async () => {
    const owner = await signUp(app);
    const used = await invite(app, owner, 'manager');
    await signUpInvited(app, used.code);
    expectProblem(await join(app, await signUp(app), used.code), 409, 'invitation_used');

    const expired = await invite(app, owner, 'manager');
    // The API allows no less than an hour: the clock is moved in the table instead.
    await app.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, expired.id));
    expectProblem(await join(app, await signUp(app), expired.code), 409, 'invitation_expired');

    const revoked = await invite(app, owner, 'warehouse');
    expect((await call(app, owner, 'DELETE', `team/invitations/${revoked.id}/`)).statusCode).toBe(204);
    const latecomer = await signUp(app);
    expectProblem(await join(app, latecomer, revoked.code), 404, 'invitation_not_found');
    expectProblem(await call(app, owner, 'DELETE', `team/invitations/${revoked.id}/`), 404, 'not_found');
    // A refused join leaves the person where they were.
    expect(await ok(me(app, latecomer))).toMatchObject({ business: { id: latecomer.id }, role: 'owner' });
    // A sign-up with a bad code creates no account.
    const signup = await call(app, null, 'POST', 'users/signup/', {
      login: `nobody-${newId()}@example.ru`,
      password: 'correct horse battery',
      invitation: revoked.code,
    });
    expectProblem(signup, 404, 'invitation_not_found');
  });

  it('a code typed in lower case with spaces still works', async () => {
    const owner = await signUp(app);
    const { code } = await invite(app, owner, 'warehouse');
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    const person = await signUp(app);
    const pair = await ok(join(app, person, typed));
    expect(await ok(me(app, withTokens(person, pair)))).toMatchObject({ business: { id: owner.id } });
  });

  it('an owner with a team, or a member of this one, cannot spend a code', async () => {
    const team = await newTeam(app);
    const other = await signUp(app);
    const { id, code } = await invite(app, other, 'manager');
    expectProblem(await join(app, team.owner, code), 409, 'owner_has_team');
    const again = await invite(app, team.owner, 'warehouse');
    expectProblem(await join(app, team.manager, again.code), 409, 'already_member');
    // Both codes are still open: a refusal spends nothing.
    expect((await ok(call(app, other, 'GET', 'team/'))).invitations.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(await ok(me(app, team.manager))).toMatchObject({ business: { id: team.owner.id }, role: 'manager' });
  });

  it('two accounts accepting the same code at once: exactly one joins', async () => {
    const owner = await signUp(app);
    const { id, code } = await invite(app, owner, 'manager');
    const [x, y] = [await signUp(app), await signUp(app)];
    const answers = await Promise.all([join(app, x, code), join(app, y, code)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expectProblem(refused, 409, 'invitation_used');
    const winner = answers[0]!.statusCode === 200 ? x : y;
    const loser = winner === x ? y : x;
    const [row] = await app.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.acceptedBy).toBe(winner.id);
    const members = (await ok(call(app, owner, 'GET', 'team/'))).members.map((m: { user_id: string }) => m.user_id);
    expect(members.sort()).toEqual([owner.id, winner.id].sort());
    expect(await ok(me(app, loser))).toMatchObject({ business: { id: loser.id }, role: 'owner' });
  });
});

describe("members work on the business's data", () => {
  let team: Team;
  let productId: string;

  beforeAll(async () => {
    team = await newTeam(app);
    productId = (await addProducts(app, team.owner, ['Кружка командная']))[0]!;
  });

  it("a product the owner created is the manager's and the warehouse member's too", async () => {
    for (const member of [team.manager, team.warehouse]) {
      expect(await productNames(app, member)).toEqual(['Кружка командная']);
      const pulled = await pullAll(app, member);
      expect(pulled.changes).toContainEqual(
        expect.objectContaining({
          table: 'products_wh',
          id: productId,
          row: expect.objectContaining({ name: 'Кружка командная' }),
        }),
      );
    }
    // An outsider sees none of it.
    expect(await productNames(app, await signUp(app))).toEqual([]);
  });

  it('a lot the warehouse member received is listed for the owner', async () => {
    const lot = await ok(
      call(app, team.warehouse, 'POST', 'inventory/', { product_id: productId, count: 4, price: 120 }),
      201,
    );
    const list = await ok(call(app, team.owner, 'GET', 'inventory/'));
    expect(list.results).toContainEqual(
      expect.objectContaining({ id: lot.id, product_id: productId, count: 4, price: 120 }),
    );
  });
});

describe('authorship', () => {
  let team: Team;
  let productId: string;

  beforeAll(async () => {
    team = await newTeam(app);
    productId = (await addProducts(app, team.owner, ['Чайник']))[0]!;
  });

  const lotRow = async (id: string) => (await app.database.db.select().from(lots).where(eq(lots.id, id)))[0]!;
  const disposalRow = async (id: string) =>
    (await app.database.db.select().from(disposals).where(eq(disposals.id, id)))[0]!;
  const movementsOf = (table: string, id: string) =>
    app.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.sourceTable, table), eq(stockMovements.sourceId, id)));

  it('a lot received over REST names the warehouse member; an edit names the editor', async () => {
    const lot = await ok(
      call(app, team.warehouse, 'POST', 'inventory/', { product_id: productId, count: 10, price: 50 }),
      201,
    );
    expect(await lotRow(lot.id)).toMatchObject({
      userId: team.owner.id,
      createdBy: team.warehouse.id,
      updatedBy: team.warehouse.id,
    });
    const moves = await movementsOf('lots', lot.id);
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(move.createdBy).toBe(team.warehouse.id);

    await ok(call(app, team.owner, 'PATCH', `inventory/${lot.id}/`, { price: 55 }));
    expect(await lotRow(lot.id)).toMatchObject({ createdBy: team.warehouse.id, updatedBy: team.owner.id });
  });

  it('a write-off pushed by the manager names the manager; a pushed edit names the editor', async () => {
    const id = newId();
    const [created] = await push(app, team.manager, [
      {
        id: newId(),
        method: 'POST',
        path: '/api/v1/disposal/',
        body: { id, product_id: productId, count: 2, price: 0 },
      },
    ]);
    expect(created!.status, JSON.stringify(created)).toBe(201);
    expect(await disposalRow(id)).toMatchObject({
      userId: team.owner.id,
      createdBy: team.manager.id,
      updatedBy: team.manager.id,
    });
    const moves = await movementsOf('disposals', id);
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(move.createdBy).toBe(team.manager.id);

    const [edited] = await push(app, team.warehouse, [
      { id: newId(), method: 'PATCH', path: `/api/v1/disposal/${id}/`, body: { description: 'разбит при перевозке' } },
    ]);
    expect(edited!.status, JSON.stringify(edited)).toBe(200);
    expect(await disposalRow(id)).toMatchObject({ createdBy: team.manager.id, updatedBy: team.warehouse.id });
  });

  it("the owner reads a member's movements with the product names", async () => {
    const warehouseMoves = await ok(call(app, team.owner, 'GET', `team/members/${team.warehouse.id}/movements/`));
    expect(warehouseMoves).toContainEqual(
      expect.objectContaining({
        product_id: productId,
        product_name: 'Чайник',
        delta: 10,
        reason: 'receipt',
        source_table: 'lots',
      }),
    );
    expect(warehouseMoves.every((m: { source_table: string }) => m.source_table === 'lots')).toBe(true);
    const managerMoves = await ok(call(app, team.owner, 'GET', `team/members/${team.manager.id}/movements/`));
    expect(managerMoves).toEqual([
      expect.objectContaining({ product_name: 'Чайник', delta: -2, reason: 'disposal', source_table: 'disposals' }),
    ]);
    expectProblem(await call(app, team.owner, 'GET', `team/members/${newId()}/movements/`), 404, 'not_found');
  });
});
