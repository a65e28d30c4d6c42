import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEan13 } from '../../domain/ean13.ts';
import { productsMp, productsWh } from '../../server/db/schema/index.ts';
import { generateOffers } from '../../server/sandbox/data.ts';
import { addStores, jobsFinished, startSandboxApp, type NamedStore, type SandboxApp } from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

/*
 * The catalog import fills the warehouse products' barcodes from the marketplaces (docs/rules.md «Штрихкоды»):
 * OZON product info `barcodes`, WB card sizes' `skus`, YM offer `barcodes`, over real HTTP to the sandbox.
 */

const OFFERS = 30;
const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '5550101', apiKey: 'ozon-barcodes-key', name: 'Озон Штрих' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-barcodes', apiKey: 'wb-barcodes-token', name: 'ВБ Штрих' },
  { marketplace: 'YM', marketId: '41000101', apiKey: 'ym-barcodes-key', name: 'Маркет Штрих' },
];

let env: SandboxApp;

interface ImportResult {
  offers: number;
  added: number;
  updated: number;
  barcodes_skipped?: number;
}

async function importStores(user: TestUser, which: readonly NamedStore[]) {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/v1/extract/products/many/',
    headers: user.headers,
    payload: which.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
  });
  expect(res.statusCode, res.body).toBe(202);
  const jobs = await jobsFinished<ImportResult>(env.app, user, (res.json() as { job_ids: string[] }).job_ids);
  for (const j of jobs) expect(j, JSON.stringify(j)).toMatchObject({ status: 'done', error: null });
  return jobs.map((j) => j.result!);
}

/** The OZON sandbox's catalog of a store, as its calls serve it (server/sandbox/ozon.ts). */
const ozonOffers = (store: NamedStore) => generateOffers(`OZON:${store.marketId}`, OFFERS, `OZ${store.marketId}`);

/** offer_id → the barcodes of the warehouse product its listing belongs to, for one store. */
async function barcodesByOffer(user: TestUser, marketId: string) {
  const rows = await env.app.database.db
    .select({
      offerId: productsMp.offerId,
      extra: productsMp.extra,
      barcodes: productsWh.barcodes,
      version: productsWh.version,
    })
    .from(productsMp)
    .innerJoin(productsWh, eq(productsWh.id, productsMp.productWhId))
    .where(and(eq(productsMp.userId, user.id), eq(productsMp.marketId, marketId), isNull(productsMp.deletedAt)));
  return new Map(rows.map((r) => [r.offerId, r]));
}

beforeAll(async () => {
  env = await startSandboxApp(
    { offersPerStore: OFFERS, stores },
    { JOBS_ENABLED: 'true', ORDER_INTAKE_ENABLED: 'false', JOB_POLL_MS: '50', JOB_RETRY_BASE_MS: '40' },
  );
});

afterAll(async () => {
  await env?.close();
});

describe('catalog import of barcodes', () => {
  it('puts each marketplace offer’s barcodes on its warehouse product, for all three marketplaces', async () => {
    const user = await signUp(env.app);
    await addStores(env.app, user, stores);
    const results = await importStores(user, stores);
    for (const r of results) expect(r).toMatchObject({ offers: OFFERS, added: OFFERS, updated: 0 });
    for (const r of results) expect(r.barcodes_skipped).toBeUndefined();

    // Each listing keeps the codes its marketplace served (extra.barcodes); its product has them now.
    for (const store of stores) {
      const got = await barcodesByOffer(user, store.marketId);
      expect(got.size).toBe(OFFERS);
      for (const [offerId, row] of got) {
        const served = (row.extra as { barcodes?: string[] }).barcodes ?? [];
        expect(served.length, `${store.marketplace} ${offerId}`).toBeGreaterThan(0);
        expect(served.every(isValidEan13)).toBe(true);
        expect(row.barcodes, `${store.marketplace} ${offerId}`).toEqual(served);
      }
    }
    // And they are the catalog's own, as the sandbox made it.
    const ozonGot = await barcodesByOffer(user, stores[0]!.marketId);
    for (const o of ozonOffers(stores[0]!)) expect(ozonGot.get(o.offerId)?.barcodes).toEqual(o.barcodes);

    // A product is found by its code through the list search.
    const wbGot = [...(await barcodesByOffer(user, stores[1]!.marketId)).entries()];
    const sample = { offerId: wbGot[0]![0], barcodes: wbGot[0]![1].barcodes };
    const search = await env.app.inject({
      method: 'GET',
      url: `/api/v1/products/all/?search=${sample!.barcodes[0]}`,
      headers: user.headers,
    });
    expect(
      search.json().products.map((p: { products_mp: { offer_id: string }[] }) => p.products_mp[0]!.offer_id),
    ).toEqual([sample!.offerId]);

    // Imported again: nothing rewritten, no product version moves.
    const before = await barcodesByOffer(user, stores[0]!.marketId);
    const again = await importStores(user, [stores[0]!]);
    expect(again[0]).toMatchObject({ added: 0, updated: 0 });
    const after = await barcodesByOffer(user, stores[0]!.marketId);
    for (const [offerId, row] of before) expect(after.get(offerId)?.version).toBe(row.version);
  });

  it('adds to the codes a product has, and skips a code another product has without failing', async () => {
    const user = await signUp(env.app);
    const ozon = stores[0]!;
    const [first, second] = ozonOffers(ozon);
    // Someone already gave the second offer's code to a product of their own.
    const own = await env.app.inject({
      method: 'POST',
      url: '/api/v1/products/warehouse/add/',
      headers: user.headers,
      payload: [{ name: 'Заведён вручную', barcodes: second!.barcodes }],
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().inserted_ids[0] as string;

    await addStores(env.app, user, [ozon]);
    const [result] = await importStores(user, [ozon]);
    expect(result).toMatchObject({ offers: OFFERS, added: OFFERS, barcodes_skipped: second!.barcodes.length });
    let got = await barcodesByOffer(user, ozon.marketId);
    expect(got.get(second!.offerId)?.barcodes).toEqual([]);
    const mine = await env.app.inject({
      method: 'GET',
      url: `/api/v1/products/product/${ownId}/`,
      headers: user.headers,
    });
    expect(mine.json().product_wh.barcodes).toEqual(second!.barcodes);

    // The seller adds a code of their own to the first product; a new import keeps it and adds nothing twice.
    const listing = await env.app.database.db
      .select({ productId: productsMp.productWhId })
      .from(productsMp)
      .where(and(eq(productsMp.userId, user.id), eq(productsMp.offerId, first!.offerId)));
    const productId = listing[0]!.productId;
    const patched = await env.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/warehouse/${productId}/update/`,
      headers: user.headers,
      payload: { barcodes: ['SHELF-7'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await importStores(user, [ozon]);
    got = await barcodesByOffer(user, ozon.marketId);
    expect(got.get(first!.offerId)?.barcodes).toEqual(['SHELF-7', ...first!.barcodes]);
    expect(got.get(second!.offerId)?.barcodes).toEqual([]);
  });
});

describe('the sandbox catalog', () => {
  it('serves valid EAN-13 codes', () => {
    for (const o of generateOffers('any-store', 200, 'X'))
      expect(o.barcodes.every(isValidEan13), o.barcodes[0]).toBe(true);
  });
});
