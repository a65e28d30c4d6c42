import { expect } from 'vitest';
import { jobs, postingStatuses } from '../../server/db/schema/index.ts';
import { describeBadInput, type BadInputContext, type Route } from './helpers/bad-input.ts';

/**
 * The posting status calls (docs/rules.md «Достаточность») refuse broken input with problem+json, a
 * Russian detail and a stable code, never a 5xx, queueing no job and changing no status row
 * (the runner: helpers/bad-input.ts).
 */

const routes: Route[] = [
  {
    name: 'extract statuses',
    method: 'POST',
    url: '/api/v1/extract/products/status/',
    auth: true,
    valid: () => [{ marketplace: 'OZON', market_id: 'shop-ozon' }],
    okStatus: 202,
    required: ['0.marketplace', '0.market_id'],
    wrongTypes: [{ marketplace: 'WB', market_id: 5 }],
    nul: [{ marketplace: 'OZON', market_id: 'nul\u0000id' }],
    cases: [
      { what: 'an empty list', body: () => [] },
      {
        what: "a store with '-'",
        body: () => [{ marketplace: '-', market_id: 'shop-plain' }],
        code: 'marketplace_not_set',
      },
      {
        what: 'a store without a marketplace',
        body: () => [{ marketplace: 'OZON', market_id: 'shop-plain' }],
        code: 'marketplace_not_set',
      },
      {
        what: 'another marketplace',
        body: () => [{ marketplace: 'YM', market_id: 'shop-ozon' }],
        code: 'marketplace_mismatch',
      },
      { what: 'no key', body: () => [{ marketplace: 'OZON', market_id: 'shop-nokey' }], code: 'access_token_missing' },
      {
        what: 'an unknown store',
        body: () => [
          { marketplace: 'OZON', market_id: 'shop-ozon' },
          { marketplace: 'OZON', market_id: 'nope' },
        ],
        status: 404,
        code: 'not_found',
      },
      {
        what: 'over 100 stores',
        body: () => Array.from({ length: 101 }, (_, i) => ({ marketplace: 'OZON', market_id: `s${i}` })),
      },
    ],
    accepted: (res) => expect(res.json().job_ids).toHaveLength(1),
  },
  {
    name: 'statuses',
    method: 'GET',
    url: '/api/v1/products_mp_status/',
    auth: true,
    okStatus: 200,
    cases: [
      { what: 'a bad product id', url: '/api/v1/products_mp_status/?product_id=1' },
      {
        what: 'an unknown product',
        url: `/api/v1/products_mp_status/?product_id=${crypto.randomUUID()}`,
        status: 404,
        code: 'not_found',
      },
      { what: 'an unknown filter', url: '/api/v1/products_mp_status/?sufficiency=maybe' },
      { what: 'a NUL in the search', url: '/api/v1/products_mp_status/?search=%00' },
      { what: 'a too long search', url: `/api/v1/products_mp_status/?search=${'x'.repeat(201)}` },
    ],
  },
];

async function setup({ app, user }: BadInputContext) {
  for (const payload of [
    { market_id: 'shop-ozon', name: 'Озон', marketplace: 'OZON', access_token: 'ozon-key' },
    { market_id: 'shop-plain', name: 'Без маркетплейса' },
    { market_id: 'shop-nokey', name: 'Озон без ключа', marketplace: 'OZON' },
  ]) {
    const res = await app.inject({ method: 'POST', url: '/api/v1/markets/add/', headers: user.headers, payload });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
}

describeBadInput({
  routes,
  tables: [jobs, postingStatuses],
  knownFields: ['marketplace', 'market_id'],
  setup,
});
