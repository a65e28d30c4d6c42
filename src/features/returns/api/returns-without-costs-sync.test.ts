// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newTeam, type Team } from '../../../../tests/server/helpers/team.ts';
import { clearLocalData, db } from '../../../db/database.ts';
import { pullChanges } from '../../../sync/pull.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pullOverHttp, pushOverHttp } from '../../../sync/transports.ts';
import { signInAs, startRealServer, type RealServer } from '../../../testing/real-server.ts';
import { createReturn } from './create-return.ts';
import { receiveReturnAt } from './receive-return-at.ts';
import { receiveReturns } from './receive-returns.ts';
import { updateReturn } from './update-return.ts';

/*
 * A warehouse member without leave to see costs receives returns (issue 24). The price they type goes to the
 * server, and the rows that come back carry none: the receipt must still go through — the server has the price
 * and checks it — and «Оприходовать по цене партии» takes a lot the member cannot see the price of.
 */
let server: RealServer;
let team: Team;

const ownerCall = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await server.app.inject({ method, url, headers: team.owner.headers, payload: payload as never });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as unknown;
};

beforeAll(async () => {
  server = await startRealServer();
  team = await newTeam(server.app);
  await clearLocalData();
  signInAs(team.warehouse);
}, 120_000);
afterAll(async () => {
  await clearLocalData();
  await server?.close();
});

async function productWithLot(price: number): Promise<{ productId: string; lotId: string }> {
  const productId = crypto.randomUUID();
  const lotId = crypto.randomUUID();
  await ownerCall('POST', '/api/v1/products/products/', { id: productId, name: 'Чайник' });
  await ownerCall('POST', '/api/v1/inventory/', { id: lotId, product_id: productId, count: 3, price });
  return { productId, lotId };
}

it('priced, synced (the price comes back hidden), then received: the server takes it at that price', async () => {
  const { productId } = await productWithLot(80);
  await pullChanges(pullOverHttp);
  expect((await db.rows('lots').where('product_id').equals(productId).first())?.price).toBeUndefined();

  const id = await createReturn(productId);
  await updateReturn((await db.rows('returns').get(id))!, {
    status: 'ready',
    choice: { price: 75, markdown_price: 0, description: '' },
  });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  await pullChanges(pullOverHttp);
  const synced = (await db.rows('returns').get(id))!;
  expect(synced.status).toBe('ready');
  expect(synced.price).toBeUndefined();

  expect(await receiveReturns('2025-02-14')).toMatchObject({ ok: true, count: 1 });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  const lots = (await ownerCall('GET', `/api/v1/inventory/${productId}/`)) as { return_id: string; price: number }[];
  expect(lots.find((l) => l.return_id === id)?.price).toBe(75);
}, 60_000);

it('«по цене партии» at a lot whose price the member does not see: the server prices it', async () => {
  const { productId, lotId } = await productWithLot(64);
  await pullChanges(pullOverHttp);
  const id = await createReturn(productId);
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  expect(await receiveReturnAt(id, 'to_inventory', lotId)).toEqual({ ok: true });
  expect(await drainOutbox(pushOverHttp)).toMatchObject({ rejected: 0 });
  const lots = (await ownerCall('GET', `/api/v1/inventory/${productId}/`)) as { return_id: string; price: number }[];
  expect(lots.find((l) => l.return_id === id)?.price).toBe(64);
}, 60_000);
