import type { Access } from './roles.ts';

/**
 * The authorization matrix: which members may make each call of the API, by its method and route as Fastify
 * registers it. A read is open to every member (the warehouse role without the owner's leave gets it with cost
 * prices and sums taken out: server/plugins/app/roles.ts); a write is for the owner and managers unless listed
 * here. The warehouse role works stock: receipts, returns, write-offs, markdowns, reserves, other realizations —
 * it creates and edits products but does not delete them, and touches no store. Members and marketplace keys are
 * the owner's alone. Each operation states its roles in the OpenAPI document (`x-roles`), and
 * tests/server/authorization-matrix.test.ts checks every operation against it for every role.
 */
const warehouseWrites = [
  'POST /api/v1/products/image/',
  'POST /api/v1/products/warehouse/add/',
  'POST /api/v1/products/products/',
  'PATCH /api/v1/products/warehouse/:id/update/',
  'POST /api/v1/inventory/',
  'DELETE /api/v1/inventory/',
  'PATCH /api/v1/inventory/:id/',
  'POST /api/v1/inventory_batch/',
  'POST /api/v1/batch/',
  'PATCH /api/v1/batch/:batch_id/',
  'POST /api/v1/other_realization_batch/',
  'PATCH /api/v1/other_realization_batch/',
  'DELETE /api/v1/other_realization_batch/:id/',
  'POST /api/v1/disposal/',
  'DELETE /api/v1/disposal/',
  'PATCH /api/v1/disposal/:id/',
  'POST /api/v1/markdowns/',
  'PATCH /api/v1/markdowns/:id/',
  'DELETE /api/v1/markdowns/:id/',
  'POST /api/v1/reserve/',
  'PATCH /api/v1/reserve/:id/',
  'DELETE /api/v1/reserve/:id/delete/',
  'POST /api/v1/returns/',
  'POST /api/v1/returns/batch/',
  'PATCH /api/v1/returns/:return_id/:to/:inventory_id/',
  'PATCH /api/v1/returns/:id/',
  // Assembly of marketplace orders (issue 25):
  'POST /api/v1/orders/:id/assemble/',
  'GET /api/v1/orders/:id/label/',
  // Stock counts (issue 25):
  'POST /api/v1/counts/',
  'PATCH /api/v1/counts/:id/',
  'POST /api/v1/counts/:id/post/',
  'POST /api/v1/count_lines/',
  'PATCH /api/v1/count_lines/:id/',
  'DELETE /api/v1/count_lines/:id/',
  'POST /api/v1/sync/push',
  'POST /api/v1/team/join/',
  // Signing out is every person's: the route checks its own tokens, so no role stands in the way.
  'POST /api/v1/users/logout',
];

const ownerOnly = [
  'POST /api/v1/markets/add/',
  'GET /api/v1/team/',
  'POST /api/v1/team/invitations/',
  'DELETE /api/v1/team/invitations/:id/',
  'PATCH /api/v1/team/members/:user_id/',
  'DELETE /api/v1/team/members/:user_id/',
  'GET /api/v1/team/members/:user_id/movements/',
  'PATCH /api/v1/team/business/',
];

const exceptions = new Map<string, Access>([
  ...warehouseWrites.map((key) => [key, 'member'] as const),
  ...ownerOnly.map((key) => [key, 'owner'] as const),
]);

/** Every call the policy names, as `METHOD url`: each must be a route (a misspelt one would fall to the default). */
export const namedCalls = (): string[] => [...exceptions.keys()];

export function accessOf(method: string, url: string): Access {
  // HEAD is the GET route's twin (sharing its schema, so its x-roles too): it answers to the same roles.
  const read = method === 'GET' || method === 'HEAD';
  return exceptions.get(`${read ? 'GET' : method} ${url}`) ?? (read ? 'member' : 'manager');
}
