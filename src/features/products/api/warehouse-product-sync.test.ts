// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newTeam, type Team } from '../../../../tests/server/helpers/team.ts';
import { clearLocalData, db } from '../../../db/database.ts';
import { drainOutbox } from '../../../sync/push-worker.ts';
import { pushOverHttp } from '../../../sync/transports.ts';
import { signInAs, startRealServer, type RealServer } from '../../../testing/real-server.ts';
import { createProduct } from './create-product.ts';
import { updateProduct } from './update-product.ts';
import type { ProductWh } from './types.ts';

/*
 * The warehouse role adds products (issue 24) through the same call as everyone (POST /api/v1/products/products/,
 * open to it in server/lib/access-policy.ts); an edit made before the product was sent folds into that create.
 */
let server: RealServer;
let team: Team;

beforeAll(async () => {
  server = await startRealServer();
  team = await newTeam(server.app);
  await clearLocalData();
}, 120_000);
afterAll(async () => {
  await clearLocalData();
  await server?.close();
});

it('a product the warehouse member adds offline, then renames, reaches the server as renamed', async () => {
  signInAs(team.warehouse);
  const id = await createProduct({ name: 'Чайник', description: 'Стекло', shelf: 'А-1', files: [] });
  const local = (await db.rows('products_wh').get(id)) as ProductWh;
  expect(local.created_by).toBe(team.warehouse.id);
  await updateProduct(local, { name: 'Чайник заварочный' });
  expect(await db.outbox.count()).toBe(1);

  expect(await drainOutbox(pushOverHttp)).toMatchObject({ sent: 1, rejected: 0 });
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/products/product/${id}/`,
    headers: team.owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { product_wh } = res.json() as { product_wh: { name: string; shelf: string; created_by: string } };
  expect(product_wh).toMatchObject({ name: 'Чайник заварочный', shelf: 'А-1', created_by: team.warehouse.id });
}, 60_000);
