import {
  batches,
  disposals,
  lots,
  markdowns,
  otherRealizations,
  realizations,
  reserves,
  stockMovements,
} from '../../server/db/schema/index.ts';
import {
  describeBadInput,
  type BadInputContext,
  type Method,
  type Route,
  type RouteCase,
} from './helpers/bad-input.ts';
import { newId } from './helpers/test-app.ts';

/**
 * Every stock call (lots, batches, other realizations, disposals, markdowns, reserves, sales,
 * movements) refuses broken input with problem+json, a Russian detail and a stable code, never a
 * 5xx, and without touching the database (the runner: helpers/bad-input.ts).
 */

/** Made in setup with client ids, so the table's addresses and bodies can name them. */
const P = { main: newId(), other: newId() };
/** Lots of P.main: `main` holds the stock every outflow takes (it is the oldest), `batched` sits in batch B. */
const L = { main: newId(), edit: newId(), gone: newId(), batched: newId() };
const B = newId();
const D = { main: newId(), gone: newId() };
const MARKDOWN = newId();
const RESERVE = newId();
const SALE = newId();
const OTHER = newId();

const NUL = 'nul\u0000note';
const TOO_MANY = 100_000;
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
const overdraw = (body: () => unknown): RouteCase => ({
  what: 'more than on hand',
  body,
  status: 409,
  code: 'insufficient_stock',
});

const lotNew = () => ({ product_id: P.main, count: 3, price: 10, date: '2024-06-01' });
const batchLine = (extra: object = {}) => ({ batch: [{ product_id: P.main, count: 2, price: 10, ...extra }] });
const otherLine = (extra: object = {}) => ({
  batch: [{ product_id: P.main, count: 1, marketplace: 'WB', realization_price: 50, ...extra }],
});
const disposalNew = () => ({ product_id: P.main, count: 1, price: 0 });
const markdownNew = () => ({ product_id: P.main, price: 10, markdown_price: 5 });

/** A stock call of the table: authenticated, answering 200 unless told. */
const api = (method: Method, url: string, name: string, rest: Partial<Route> = {}): Route => ({
  name,
  method,
  url: `/api/v1/${url}`,
  auth: true,
  okStatus: 200,
  ...rest,
});

const routes: Route[] = [
  api('POST', 'inventory/', 'lot create', {
    valid: () => ({ ...lotNew(), id: newId() }),
    okStatus: 201,
    required: ['product_id', 'count', 'price'],
    wrongTypes: { id: 5, product_id: 'nope', count: '3', price: '10', date: 20240101 },
    cases: [
      { what: 'count 0', body: () => ({ ...lotNew(), count: 0 }), fields: ['count'] },
      { what: 'a fractional count', body: () => ({ ...lotNew(), count: 1.5 }), fields: ['count'] },
      { what: 'a count over the cap', body: () => ({ ...lotNew(), count: 1_000_001 }), fields: ['count'] },
      { what: 'a negative price', body: () => ({ ...lotNew(), price: -1 }), fields: ['price'] },
      { what: 'a day that does not exist', body: () => ({ ...lotNew(), date: '2024-02-31' }), fields: ['date'] },
      { what: 'a Russian-style date', body: () => ({ ...lotNew(), date: '01.02.2024' }), fields: ['date'] },
      { what: 'a date before 1900', body: () => ({ ...lotNew(), date: '1899-12-31' }), fields: ['date'] },
      {
        what: 'an unknown product',
        body: () => ({ ...lotNew(), product_id: newId() }),
        status: 404,
        code: 'not_found',
      },
      { what: 'an id already taken', body: () => ({ ...lotNew(), id: L.main }), status: 409, code: 'duplicate' },
      // Both within their caps, but count × price overflows the product's stock_value (numeric(14,2)): the database
      // refuses it.
      {
        what: 'a lot worth more than the stock value holds',
        body: () => ({ ...lotNew(), count: 1_000_000, price: 1_000_000_000 }),
        code: 'invalid_value',
      },
    ],
  }),
  api('PATCH', `inventory/${L.edit}/`, 'lot update', {
    valid: () => ({ count: 4, price: 12 }),
    wrongTypes: { product_id: 1, count: '2', price: null },
    cases: [
      { what: 'a negative count', body: () => ({ count: -1 }), fields: ['count'] },
      {
        what: 'a count above what was received',
        body: () => ({ count: 6 }),
        status: 422,
        code: 'count_above_received',
      },
      { what: 'another product', body: () => ({ product_id: P.other }), status: 422, code: 'lot_product_fixed' },
      badAddress('/api/v1/inventory/not-a-uuid/'),
      unknownId(`/api/v1/inventory/${newId()}/`, () => ({ count: 1 })),
    ],
  }),
  api('DELETE', 'inventory/', 'lots delete', {
    valid: () => ({ ids: [L.gone] }),
    required: ['ids'],
    wrongTypes: { ids: 'all' },
    cases: [
      { what: 'no ids', body: () => ({ ids: [] }), fields: ['ids'] },
      { what: 'an id that is not a uuid', body: () => ({ ids: ['x'] }), fields: ['ids.0'] },
      { what: 'a lot taken from', body: () => ({ ids: [L.gone, L.main] }), status: 409, code: 'lot_has_outflows' },
      { what: 'an unknown lot', body: () => ({ ids: [L.gone, newId()] }), status: 404, code: 'not_found' },
    ],
  }),
  api('POST', 'inventory_batch/', 'batch lines', {
    valid: () => batchLine(),
    required: ['batch'],
    wrongTypes: { batch: {} },
    cases: [
      { what: 'no lines', body: () => ({ batch: [] }), fields: ['batch'] },
      {
        what: 'an empty line',
        body: () => ({ batch: [{}] }),
        fields: ['batch.0.product_id', 'batch.0.count', 'batch.0.price'],
      },
      {
        what: 'a line of wrong types',
        body: () => ({ batch: [{ id: 5, product_id: 'x', count: '1', price: true }] }),
        fields: ['batch.0.id', 'batch.0.product_id', 'batch.0.count', 'batch.0.price'],
      },
      { what: 'an unknown field in a line', body: () => batchLine({ note: 'x' }), fields: ['batch.0.note'] },
      {
        what: 'count and price 0',
        body: () => batchLine({ count: 0, price: 0 }),
        status: 422,
        code: 'line_incomplete',
        fields: ['batch.0.count', 'batch.0.price'],
      },
      {
        what: 'a repeated line',
        body: () => ({ batch: [...batchLine({ id: L.edit }).batch, ...batchLine({ id: L.edit }).batch] }),
        code: 'line_repeated',
      },
      { what: 'an unknown product', body: () => batchLine({ product_id: newId() }), status: 404, code: 'not_found' },
    ],
  }),
  api('POST', 'batch/', 'batch create', {
    valid: () => ({ date: '2024-07-01', description: 'Закупка' }),
    okStatus: 201,
    required: ['date'],
    wrongTypes: { id: 1, date: 5, kind: 'sale', description: [], inventory_ids: 'x', other_realization_ids: {} },
    cases: [
      { what: 'month 13', body: () => ({ date: '2024-13-01' }), fields: ['date'] },
      {
        what: 'a lot id that is not a uuid',
        body: () => ({ date: '2024-07-01', inventory_ids: ['x'] }),
        fields: ['inventory_ids.0'],
      },
      nulNote(() => ({ date: '2024-07-01' })),
      {
        what: 'an unknown lot',
        body: () => ({ date: '2024-07-01', inventory_ids: [newId()] }),
        status: 404,
        code: 'not_found',
      },
      {
        what: 'a lot of another batch',
        body: () => ({ date: '2024-07-01', inventory_ids: [L.batched] }),
        status: 409,
        code: 'lot_in_other_batch',
      },
      {
        what: 'an unknown realization',
        body: () => ({ date: '2024-07-01', other_realization_ids: [newId()] }),
        status: 404,
        code: 'not_found',
      },
    ],
  }),
  api('PATCH', `batch/${B}/`, 'batch update', {
    valid: () => ({ description: 'Исправлено', date: '2024-06-02' }),
    wrongTypes: { id: 1, date: false, kind: 1, description: 2, inventory_ids: 'x', other_realization_ids: 'y' },
    cases: [
      { what: 'an id other than the address', body: () => ({ id: newId() }), code: 'id_mismatch' },
      { what: 'a bad date', body: () => ({ date: '2024-06-02T25:00:00Z' }), fields: ['date'] },
      nulNote(() => ({})),
      badAddress('/api/v1/batch/123/', 'batch_id'),
      unknownId(`/api/v1/batch/${newId()}/`, () => ({ description: 'x' })),
    ],
  }),
  api('GET', 'batch/?is_return=true&date_start=2024-01-01&date_end=2024-12-31', 'batch list', {
    cases: [
      { what: 'a day that does not exist', url: '/api/v1/batch/?date_start=2024-02-30', fields: ['date_start'] },
      { what: 'a word for a date', url: '/api/v1/batch/?date_end=tomorrow', fields: ['date_end'] },
      {
        what: 'a date given twice',
        url: '/api/v1/batch/?date_start=2024-01-01&date_start=2024-02-01',
        fields: ['date_start'],
      },
      {
        what: 'both is_return and is_other',
        url: '/api/v1/batch/?is_return=true&is_other=true',
        code: 'filters_conflict',
      },
      { what: 'a flag that is not true or false', url: '/api/v1/batch/?is_other=maybe', fields: ['is_other'] },
      { what: 'page 0', url: '/api/v1/batch/?page=0', fields: ['page'] },
      { what: 'a page size over 200', url: '/api/v1/batch/?page_size=500', fields: ['page_size'] },
    ],
  }),
  api('GET', `inventory/?date_from=2024-01-01&date_to=2024-12-31&ids=${L.main},${L.edit}&search=x`, 'lots list', {
    cases: [
      { what: 'a day that does not exist', url: '/api/v1/inventory/?date_from=2023-02-29', fields: ['date_from'] },
      { what: 'a date out of range', url: '/api/v1/inventory/?date_to=2100-01-01', fields: ['date_to'] },
      { what: 'ids that are not uuids', url: '/api/v1/inventory/?ids=1,2', fields: ['ids.0', 'ids.1'] },
      { what: 'a NUL in the search', url: '/api/v1/inventory/?search=a%00b', fields: ['search'] },
      { what: 'a page that is not a number', url: '/api/v1/inventory/?page=abc', fields: ['page'] },
    ],
  }),
  api('GET', `products/${P.main}/movements/?page=1&page_size=10`, 'movements', {
    cases: [
      { what: 'page 0', url: `/api/v1/products/${P.main}/movements/?page=0`, fields: ['page'] },
      { what: 'a fractional page', url: `/api/v1/products/${P.main}/movements/?page=1.5`, fields: ['page'] },
      { what: 'a page that is not a number', url: `/api/v1/products/${P.main}/movements/?page=x`, fields: ['page'] },
      { what: 'a page given twice', url: `/api/v1/products/${P.main}/movements/?page=1&page=2`, fields: ['page'] },
      { what: 'a page size of 0', url: `/api/v1/products/${P.main}/movements/?page_size=0`, fields: ['page_size'] },
      badAddress('/api/v1/products/not-a-uuid/movements/'),
      unknownId(`/api/v1/products/${newId()}/movements/`),
    ],
  }),
  api('POST', 'other_realization_batch/', 'other realization lines', {
    valid: () => otherLine(),
    required: ['batch'],
    wrongTypes: { batch: 'x' },
    cases: [
      {
        what: 'an empty line',
        body: () => ({ batch: [{}] }),
        fields: ['batch.0.product_id', 'batch.0.count', 'batch.0.marketplace', 'batch.0.realization_price'],
      },
      {
        what: 'an unknown marketplace',
        body: () => otherLine({ marketplace: 'Avito' }),
        fields: ['batch.0.marketplace'],
      },
      { what: 'count 0', body: () => otherLine({ count: 0 }), fields: ['batch.0.count'] },
      { what: 'NUL in a line note', body: () => otherLine({ description: NUL }), fields: ['batch.0.description'] },
      {
        what: 'a repeated line',
        body: () => ({ batch: [...otherLine({ id: OTHER }).batch, ...otherLine({ id: OTHER }).batch] }),
        code: 'line_repeated',
      },
      overdraw(() => otherLine({ count: TOO_MANY })),
    ],
  }),
  api('PATCH', 'other_realization_batch/', 'other realization update', {
    valid: () => ({ id: OTHER, description: 'Подарок', release: true }),
    required: ['id'],
    wrongTypes: {
      id: 1,
      product_id: 2,
      count: '1',
      marketplace: 'Avito',
      realization_price: '1',
      description: 1,
      release: 'yes',
    },
    cases: [
      nulNote(() => ({ id: OTHER })),
      unknownId('/api/v1/other_realization_batch/', () => ({ id: newId() })),
      overdraw(() => ({ id: OTHER, count: TOO_MANY })),
    ],
  }),
  api('POST', 'disposal/', 'disposal create', {
    valid: disposalNew,
    okStatus: 201,
    required: ['product_id', 'count', 'price'],
    wrongTypes: { id: 1, product_id: 1, count: '1', price: '0', description: 5, lot_id: 7 },
    cases: [
      { what: 'count 0', body: () => ({ ...disposalNew(), count: 0 }), fields: ['count'] },
      nulNote(disposalNew),
      { what: 'an unknown lot', body: () => ({ ...disposalNew(), lot_id: newId() }), status: 404, code: 'not_found' },
      overdraw(() => ({ ...disposalNew(), count: TOO_MANY })),
      { what: 'an id already taken', body: () => ({ ...disposalNew(), id: D.main }), status: 409, code: 'duplicate' },
    ],
  }),
  api('PATCH', `disposal/${D.main}/`, 'disposal update', {
    valid: () => ({ description: 'Брак', price: 1 }),
    wrongTypes: { product_id: 1, count: 'x', price: [], description: {} },
    cases: [
      { what: 'count 0', body: () => ({ count: 0 }), fields: ['count'] },
      nulNote(() => ({})),
      overdraw(() => ({ count: TOO_MANY })),
      badAddress('/api/v1/disposal/x/'),
      unknownId(`/api/v1/disposal/${newId()}/`, () => ({ price: 1 })),
    ],
  }),
  api('DELETE', 'disposal/', 'disposals delete', {
    valid: () => ({ ids: [D.gone] }),
    required: ['ids'],
    wrongTypes: { ids: 'x' },
    cases: [
      { what: 'no ids', body: () => ({ ids: [] }), fields: ['ids'] },
      { what: 'an id that is not a uuid', body: () => ({ ids: [D.gone, 'x'] }), fields: ['ids.1'] },
      { what: 'an unknown disposal', body: () => ({ ids: [D.gone, newId()] }), status: 404, code: 'not_found' },
    ],
  }),
  api('POST', 'markdowns/', 'markdown create', {
    valid: markdownNew,
    okStatus: 201,
    required: ['product_id', 'price', 'markdown_price'],
    wrongTypes: { id: 1, product_id: [], description: 1, price: '10', markdown_price: null, lot_id: 'x' },
    cases: [
      {
        what: 'a negative markdown price',
        body: () => ({ ...markdownNew(), markdown_price: -5 }),
        fields: ['markdown_price'],
      },
      nulNote(markdownNew),
      { what: 'an unknown lot', body: () => ({ ...markdownNew(), lot_id: newId() }), status: 404, code: 'not_found' },
      {
        what: 'an unknown product',
        body: () => ({ ...markdownNew(), product_id: newId() }),
        status: 404,
        code: 'not_found',
      },
    ],
  }),
  api('PATCH', `markdowns/${MARKDOWN}/`, 'markdown update', {
    valid: () => ({ release: true, markdown_price: 4 }),
    wrongTypes: { description: 1, price: '1', markdown_price: null, release: 'yes' },
    cases: [
      nulNote(() => ({})),
      badAddress('/api/v1/markdowns/1/'),
      unknownId(`/api/v1/markdowns/${newId()}/`, () => ({ release: true })),
    ],
  }),
  api('POST', 'reserve/', 'reserve create', {
    valid: () => ({ count: 1, price: 20, product: P.main }),
    okStatus: 201,
    required: ['count', 'price', 'product'],
    wrongTypes: { id: 1, count: '1', price: '1', product: 5 },
    cases: [
      { what: 'count 0', body: () => ({ count: 0, price: 20, product: P.main }), fields: ['count'] },
      {
        what: 'product_id for product',
        body: () => ({ count: 1, price: 20, product_id: P.main }),
        fields: ['product', 'product_id'],
      },
      overdraw(() => ({ count: TOO_MANY, price: 20, product: P.main })),
    ],
  }),
  api('PATCH', `reserve/${RESERVE}/`, 'reserve update', {
    valid: () => ({ price: 25 }),
    wrongTypes: { count: '1', price: '1', status: 'sold' },
    cases: [
      overdraw(() => ({ count: TOO_MANY })),
      badAddress('/api/v1/reserve/x/'),
      unknownId(`/api/v1/reserve/${newId()}/`, () => ({ price: 1 })),
    ],
  }),
  api('POST', 'realization/', 'sale create', {
    valid: () => ({ count: 1, price: 0, realization_price: 30, product: P.main }),
    okStatus: 201,
    required: ['count', 'realization_price', 'product'],
    wrongTypes: { id: 1, count: '1', price: '1', realization_price: 'x', product: 5 },
    cases: [
      { what: 'count 0', body: () => ({ count: 0, realization_price: 30, product: P.main }), fields: ['count'] },
      overdraw(() => ({ count: TOO_MANY, realization_price: 30, product: P.main })),
      {
        what: 'an unknown product',
        body: () => ({ count: 1, realization_price: 30, product: newId() }),
        status: 404,
        code: 'not_found',
      },
    ],
  }),
  api('PATCH', `realization/${SALE}/`, 'sale update', {
    valid: () => ({ realization_price: 35 }),
    wrongTypes: { count: '1', price: '1', realization_price: 'x', status: 'returned' },
    cases: [
      overdraw(() => ({ count: TOO_MANY })),
      badAddress('/api/v1/realization/x/'),
      unknownId(`/api/v1/realization/${newId()}/`, () => ({ realization_price: 1 })),
    ],
  }),
];

async function setup({ app, user }: BadInputContext) {
  const call = async (method: 'POST', url: string, payload: unknown, status: number) => {
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
  // The main lot is the oldest: every outflow takes from it, so the others stay untouched.
  await call('POST', 'inventory/', { id: L.main, product_id: P.main, count: 100, price: 10, date: '2024-01-01' }, 201);
  for (const [id, count] of [
    [L.edit, 5],
    [L.gone, 3],
    [L.batched, 2],
  ] as const)
    await call('POST', 'inventory/', { id, product_id: P.main, count, price: 10, date: '2024-06-01' }, 201);
  await call('POST', 'batch/', { id: B, date: '2024-06-01', inventory_ids: [L.batched] }, 201);
  for (const id of [D.main, D.gone]) await call('POST', 'disposal/', { ...disposalNew(), id }, 201);
  await call('POST', 'markdowns/', { ...markdownNew(), id: MARKDOWN }, 201);
  await call('POST', 'reserve/', { id: RESERVE, count: 1, price: 20, product: P.main }, 201);
  await call('POST', 'realization/', { id: SALE, count: 1, realization_price: 30, product: P.main }, 201);
  await call('POST', 'other_realization_batch/', otherLine({ id: OTHER }), 200);
}

describeBadInput({
  routes,
  tables: [lots, batches, disposals, markdowns, otherRealizations, reserves, realizations, stockMovements],
  knownFields: [
    ...[
      'id',
      'ids',
      'product_id',
      'product',
      'count',
      'price',
      'date',
      'batch',
      'kind',
      'description',
      'inventory_ids',
      'other_realization_ids',
    ],
    ...['marketplace', 'realization_price', 'markdown_price', 'release', 'lot_id', 'status'],
  ],
  setup,
});
