import { batches, disposals, lots, markdowns, returns, stockMovements } from '../../server/db/schema/index.ts';
import {
  describeBadInput,
  type BadInputContext,
  type Method,
  type Route,
  type RouteCase,
} from './helpers/bad-input.ts';
import { newId } from './helpers/test-app.ts';

/**
 * Every returns call refuses broken input and the receipt's rules with problem+json, a Russian
 * detail and a stable code, never a 5xx, and without touching the database (helpers/bad-input.ts).
 */

const P = { main: newId(), other: newId() };
/** A lot of P.main (price 10), one of P.other. */
const L = { main: newId(), other: newId() };
/**
 * Returns of P.main: edited, received by the receipt, received at a lot's price, already received; and one without a
 * product.
 */
const R = { edit: newId(), receipt: newId(), to: newId(), done: newId(), unmatched: newId() };

const NUL = 'nul\u0000note';
const nulNote = (body: () => object): RouteCase => ({
  what: 'NUL in the note',
  body: () => ({ ...body(), description: NUL }),
  fields: ['description'],
});
const badAddress = (url: string, field = 'id'): RouteCase => ({
  what: 'an id that is not a uuid in the address',
  url,
  fields: [field],
});
const unknownId = (url: string, body?: () => unknown): RouteCase => ({
  what: 'an unknown id',
  url,
  body,
  status: 404,
  code: 'not_found',
});

const createNew = () => ({ product_id: P.main, count: 1 });
const receipt = (batch: Record<string, object> = { [R.receipt]: { status: 'ready', price: 10 } }) => ({
  date: '2024-07-01',
  batch,
});

const api = (method: Method, url: string, name: string, rest: Partial<Route> = {}): Route => ({
  name,
  method,
  url: `/api/v1/returns/${url}`,
  auth: true,
  okStatus: 200,
  ...rest,
});

const routes: Route[] = [
  api('GET', '?page=1&page_size=50&status=ready', 'returns list', {
    cases: [
      { what: 'an unknown status', url: '/api/v1/returns/?status=sold', fields: ['status'] },
      { what: 'page 0', url: '/api/v1/returns/?page=0', fields: ['page'] },
      { what: 'a page size over 200', url: '/api/v1/returns/?page_size=201', fields: ['page_size'] },
    ],
  }),
  api('POST', '', 'return create', {
    valid: () => ({ ...createNew(), id: newId() }),
    okStatus: 201,
    required: ['product_id', 'count'],
    wrongTypes: { id: 5, product_id: 'nope', count: '1' },
    cases: [
      { what: 'count 0', body: () => ({ ...createNew(), count: 0 }), fields: ['count'] },
      { what: 'a fractional count', body: () => ({ ...createNew(), count: 1.5 }), fields: ['count'] },
      { what: 'a count over the cap', body: () => ({ ...createNew(), count: 1_000_001 }), fields: ['count'] },
      {
        what: 'an unknown product',
        body: () => ({ ...createNew(), product_id: newId() }),
        status: 404,
        code: 'not_found',
      },
      { what: 'an id already taken', body: () => ({ ...createNew(), id: R.edit }), status: 409, code: 'duplicate' },
    ],
  }),
  api('PATCH', `${R.edit}/`, 'return update', {
    valid: () => ({ status: 'markdown', price: 10, markdown_price: 0, description: 'Пятно' }),
    wrongTypes: { status: 5, price: '1', markdown_price: true, description: 1, product_id: 'x' },
    cases: [
      { what: 'an unknown status', body: () => ({ status: 'sold' }), fields: ['status'] },
      { what: 'a negative price', body: () => ({ price: -1 }), fields: ['price'] },
      { what: 'a price over the cap', body: () => ({ price: 1_000_000_001 }), fields: ['price'] },
      nulNote(() => ({})),
      { what: 'an id other than the address', body: () => ({ id: newId() }), code: 'id_mismatch' },
      { what: 'an unknown product', body: () => ({ product_id: newId() }), status: 404, code: 'not_found' },
      {
        what: 'a processed return',
        url: `/api/v1/returns/${R.done}/`,
        body: () => ({ status: 'deleted' }),
        status: 409,
        code: 'return_processed',
      },
      badAddress('/api/v1/returns/not-a-uuid/'),
      unknownId(`/api/v1/returns/${newId()}/`, () => ({ status: 'deleted' })),
    ],
  }),
  api('POST', 'batch/', 'returns receipt', {
    valid: () => receipt(),
    okStatus: 201,
    required: ['date', 'batch'],
    wrongTypes: { id: 1, date: 5, description: 1, batch: [] },
    cases: [
      { what: 'no returns', body: () => receipt({}), fields: ['batch'] },
      {
        what: 'a key that is not a uuid',
        body: () => receipt({ x: { status: 'ready', price: 1 } }),
        fields: ['batch.x'],
      },
      {
        what: 'status deleted',
        body: () => receipt({ [R.receipt]: { status: 'deleted', price: 1 } }),
        fields: [`batch.${R.receipt}.status`],
      },
      {
        what: 'an unknown field in an item',
        body: () => receipt({ [R.receipt]: { status: 'ready', price: 1, count: 3 } }),
        fields: [`batch.${R.receipt}.count`],
      },
      { what: 'a month 13', body: () => ({ ...receipt(), date: '2024-13-01' }), fields: ['date'] },
      nulNote(() => receipt()),
      {
        what: 'price 0',
        body: () => receipt({ [R.receipt]: { status: 'ready', price: 0 } }),
        status: 422,
        code: 'return_price_missing',
        fields: [`batch.${R.receipt}.price`],
      },
      {
        what: 'markdown price 0',
        body: () => receipt({ [R.receipt]: { status: 'markdown', price: 5, markdown_price: 0 } }),
        status: 422,
        code: 'return_price_missing',
        fields: [`batch.${R.receipt}.markdown_price`],
      },
      {
        what: 'no status',
        body: () => receipt({ [R.receipt]: { price: 5 } }),
        status: 422,
        code: 'return_status_missing',
        fields: [`batch.${R.receipt}.status`],
      },
      {
        what: 'an unmatched return',
        body: () => receipt({ [R.unmatched]: { status: 'ready', price: 5 } }),
        status: 422,
        code: 'return_unmatched',
      },
      {
        what: 'a processed return',
        body: () => receipt({ [R.done]: { status: 'ready', price: 5 } }),
        status: 409,
        code: 'return_processed',
      },
      {
        what: 'an unknown return',
        body: () => receipt({ [newId()]: { status: 'ready', price: 5 } }),
        status: 404,
        code: 'not_found',
      },
    ],
  }),
  api('GET', `${R.edit}/inventory/`, 'return lots', {
    cases: [
      badAddress('/api/v1/returns/1/inventory/', 'return_id'),
      unknownId(`/api/v1/returns/${newId()}/inventory/`),
    ],
  }),
  api('PATCH', `${R.to}/to_inventory/${L.main}/`, 'return at a lot price', {
    cases: [
      { what: 'a `to` with a space', url: `/api/v1/returns/${R.to}/to%20inventory/${L.main}/`, fields: ['to'] },
      badAddress(`/api/v1/returns/${R.to}/to_inventory/x/`, 'inventory_id'),
      badAddress(`/api/v1/returns/x/to_inventory/${L.main}/`, 'return_id'),
      unknownId(`/api/v1/returns/${R.to}/to_inventory/${newId()}/`),
      unknownId(`/api/v1/returns/${newId()}/to_inventory/${L.main}/`),
      {
        what: 'a lot of another product',
        url: `/api/v1/returns/${R.to}/to_inventory/${L.other}/`,
        status: 422,
        code: 'lot_other_product',
      },
      {
        what: 'a processed return',
        url: `/api/v1/returns/${R.done}/to_disposal/${L.main}/`,
        status: 409,
        code: 'return_processed',
      },
    ],
  }),
];

async function setup({ app, user }: BadInputContext) {
  const call = async (method: 'POST' | 'PATCH', url: string, payload: unknown, status: number) => {
    const res = await app.inject({ method, url: `/api/v1/${url}`, headers: user.headers, payload: payload as object });
    if (res.statusCode !== status) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await call(
    'POST',
    'products/warehouse/add/',
    [
      { id: P.main, name: 'Чайник' },
      { id: P.other, name: 'Кружка' },
    ],
    201,
  );
  await call('POST', 'inventory/', { id: L.main, product_id: P.main, count: 5, price: 10, date: '2024-01-01' }, 201);
  await call('POST', 'inventory/', { id: L.other, product_id: P.other, count: 5, price: 10, date: '2024-01-01' }, 201);
  for (const id of [R.edit, R.receipt, R.to, R.done])
    await call('POST', 'returns/', { id, product_id: P.main, count: 1 }, 201);
  await call(
    'POST',
    'returns/batch/',
    { date: '2024-06-01', batch: { [R.done]: { status: 'ready', price: 10 } } },
    201,
  );
  await app.database.db
    .insert(returns)
    .values({ id: R.unmatched, userId: user.id, productId: null, name: 'Без товара', article: 'X-1' });
}

describeBadInput({
  routes,
  tables: [returns, lots, batches, disposals, markdowns, stockMovements],
  knownFields: [
    ...['id', 'return_id', 'product_id', 'count', 'status', 'price', 'markdown_price', 'description', 'date', 'batch'],
    // Echoed fields a PATCH accepts and ignores: an object of only these is a valid (empty) edit.
    ...['_id', 'product', 'processed', 'final_moment', 'batch_id', 'batch_date', 'created_at', 'updated_at', 'version'],
    ...['marketplace', 'market_id', 'order_number', 'article', 'name', 'returned_at', 'marketplace_status'],
  ],
  setup,
});
