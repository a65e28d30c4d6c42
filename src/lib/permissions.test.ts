import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessOf } from '../../server/lib/access-policy.ts';
import type { Membership, Role } from '../sync/tokens.ts';
import { can, seesCosts, type Action } from './permissions.ts';

/*
 * The screens' permissions against the server's authorization matrix: each action stands for the calls its
 * screen makes, and a role may do it exactly when the server lets that role make every one of them.
 */
const calls: Record<Exclude<Action, 'marketKey'>, string[]> = {
  receipts: [
    'POST /api/v1/inventory/',
    'PATCH /api/v1/inventory/:id/',
    'DELETE /api/v1/inventory/',
    'POST /api/v1/inventory_batch/',
    'POST /api/v1/batch/',
    'PATCH /api/v1/batch/:batch_id/',
  ],
  returns: [
    'POST /api/v1/returns/',
    'POST /api/v1/returns/batch/',
    'PATCH /api/v1/returns/:id/',
    'PATCH /api/v1/returns/:return_id/:to/:inventory_id/',
  ],
  disposals: ['POST /api/v1/disposal/', 'PATCH /api/v1/disposal/:id/', 'DELETE /api/v1/disposal/'],
  markdowns: ['POST /api/v1/markdowns/', 'PATCH /api/v1/markdowns/:id/', 'DELETE /api/v1/markdowns/:id/'],
  reserves: ['POST /api/v1/reserve/', 'PATCH /api/v1/reserve/:id/', 'DELETE /api/v1/reserve/:id/delete/'],
  otherRealizations: [
    'POST /api/v1/other_realization_batch/',
    'PATCH /api/v1/other_realization_batch/',
    'DELETE /api/v1/other_realization_batch/:id/',
    'POST /api/v1/batch/',
    'PATCH /api/v1/batch/:batch_id/',
  ],
  productCreate: [
    'POST /api/v1/products/products/',
    'POST /api/v1/products/warehouse/add/',
    'POST /api/v1/products/image/',
  ],
  productEdit: ['PATCH /api/v1/products/warehouse/:id/update/', 'POST /api/v1/products/image/'],
  productDelete: ['DELETE /api/v1/products/warehouse/delete/'],
  productGroup: ['PATCH /api/v1/products/group/:main_id/'],
  productUngroup: ['PATCH /api/v1/products/ungroup/:product_id/'],
  sales: ['POST /api/v1/realization/', 'PATCH /api/v1/realization/:id/', 'DELETE /api/v1/realization/:id/delete/'],
  marketCreate: ['POST /api/v1/markets/add/'],
  marketEdit: ['PATCH /api/v1/markets/:market_id/'],
  marketDelete: ['DELETE /api/v1/markets/:market_id/'],
  stockPush: ['POST /api/v1/stock-push/start/'],
  stockPushSettings: ['PATCH /api/v1/stock-push/settings/'],
  ordersLink: ['POST /api/v1/orders/link/'],
  ordersIntakeRun: ['POST /api/v1/orders/intake/run/'],
  importProducts: ['POST /api/v1/extract/products/many'],
  importReturns: ['POST /api/v1/extract/returns/'],
  refreshStatuses: ['POST /api/v1/extract/products/status/'],
  assembly: ['POST /api/v1/orders/:id/assemble/'],
  counts: [
    'POST /api/v1/counts/',
    'PATCH /api/v1/counts/:id/',
    'POST /api/v1/counts/:id/post/',
    'POST /api/v1/count_lines/',
    'PATCH /api/v1/count_lines/:id/',
    'DELETE /api/v1/count_lines/:id/',
  ],
  countDelete: ['DELETE /api/v1/counts/:id/'],
  team: [
    'GET /api/v1/team/',
    'POST /api/v1/team/invitations/',
    'DELETE /api/v1/team/invitations/:id/',
    'PATCH /api/v1/team/members/:user_id/',
    'DELETE /api/v1/team/members/:user_id/',
    'PATCH /api/v1/team/business/',
  ],
};

type OpenApi = { paths: Record<string, Record<string, { 'x-roles'?: string[] }>> };
const document = JSON.parse(readFileSync(new URL('../../api/openapi.json', import.meta.url), 'utf8')) as OpenApi;

const roles: Role[] = ['owner', 'manager', 'warehouse'];
const member = (role: Role, canSeeCosts = true): Membership => ({ userId: 'u', businessId: 'b', role, canSeeCosts });
const rank = { member: 0, manager: 1, owner: 2 } as const;
const roleRank: Record<Role, number> = { warehouse: 0, manager: 1, owner: 2 };

function split(call: string): { method: string; url: string } {
  const [method, url] = call.split(' ') as [string, string];
  return { method, url };
}
const serverAllows = (call: string, role: Role) => {
  const { method, url } = split(call);
  return roleRank[role] >= rank[accessOf(method, url)];
};

describe('can: the client offers what the server allows', () => {
  it('every call named is an operation of the API (a misspelt one would take the default answer)', () => {
    for (const call of Object.values(calls).flat()) {
      const { method, url } = split(call);
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[method.toLowerCase()], call).toBeDefined();
    }
  });

  for (const role of roles)
    it(`${role}: each action exactly when the server takes every one of its calls`, () => {
      for (const [action, list] of Object.entries(calls) as [Action, string[]][]) {
        const allowed = list.every((call) => serverAllows(call, role));
        expect(can(member(role), action), `${role} ${action}`).toBe(allowed);
        // The published contract says the same (x-roles of each operation).
        for (const call of list) {
          const { method, url } = split(call);
          const published = document.paths[url.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()]!['x-roles'];
          expect(published?.includes(role), `${role} ${call}`).toBe(serverAllows(call, role));
        }
      }
    });

  it("a store's key is the owner's: the server refuses a manager's PATCH that changes it", () => {
    expect(roles.filter((r) => can(member(r), 'marketKey'))).toEqual(['owner']);
  });

  it('the warehouse role: stock work yes; selling, grouping, stores, loads and the stock push no', () => {
    const warehouse = member('warehouse');
    const allowed = (Object.keys(calls) as Action[]).filter((a) => can(warehouse, a));
    expect(allowed.sort()).toEqual([
      'assembly',
      'counts',
      'disposals',
      'markdowns',
      'otherRealizations',
      'productCreate',
      'productEdit',
      'receipts',
      'reserves',
      'returns',
    ]);
  });

  it('no sign-in on the device holds nothing back (the server decides)', () => {
    expect(can(null, 'sales')).toBe(true);
    expect(seesCosts(null)).toBe(true);
  });

  it('costs: hidden only from a warehouse member without leave', () => {
    expect(seesCosts(member('warehouse', false))).toBe(false);
    expect(seesCosts(member('warehouse', true))).toBe(true);
    expect(seesCosts(member('manager'))).toBe(true);
  });
});
