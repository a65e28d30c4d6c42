import { describe, expect, it } from 'vitest';
import { apiCall } from './contract.ts';

describe('apiCall: queued edits built from the contract', () => {
  it('fills path parameters, one encoded segment each, and keeps the body', () => {
    expect(apiCall('PATCH', '/inventory/{id}/', { params: { id: 'l1' }, body: { count: 2 } })).toEqual({
      method: 'PATCH',
      path: '/api/v1/inventory/l1/',
      body: { count: 2 },
    });
    expect(apiCall('DELETE', '/markdowns/{id}/', { params: { id: 'a/b' } })).toEqual({
      method: 'DELETE',
      path: '/api/v1/markdowns/a%2Fb/',
    });
  });

  it('refuses an empty path parameter rather than sending to the collection', () => {
    expect(() => apiCall('PATCH', '/inventory/{id}/', { params: { id: '' }, body: {} })).toThrow();
  });

  it('does not compile with an address or a body the contract does not have', () => {
    // Checked by `npm run typecheck`: each line below must be a type error.
    const typeErrors = () => [
      // @ts-expect-error: no such address
      apiCall('PATCH', '/inventory/{lot}/', { params: { lot: 'l1' }, body: { count: 1 } }),
      // @ts-expect-error: the address takes no PUT
      apiCall('PUT', '/inventory/{id}/', { params: { id: 'l1' }, body: { count: 1 } }),
      // @ts-expect-error: a count is a number
      apiCall('PATCH', '/inventory/{id}/', { params: { id: 'l1' }, body: { count: 'one' } }),
      // @ts-expect-error: the path parameter is missing
      apiCall('PATCH', '/inventory/{id}/', { body: { count: 1 } }),
    ];
    expect(typeErrors).toBeTypeOf('function');
  });
});
