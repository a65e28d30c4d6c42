import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { defaultSandboxStores } from '../../../../server/sandbox/server.ts';
import { waitUntil } from '../../../../tests/server/helpers/live-client.ts';
import { seeder } from '../../../../tests/server/helpers/products.ts';
import {
  addStores,
  runStoreJobs,
  startSandboxApp,
  type NamedStore,
  type SandboxApp,
} from '../../../../tests/server/helpers/sandbox-app.ts';
import { signUp, type TestUser } from '../../../../tests/server/helpers/test-app.ts';
import { useNodeUint8Array } from '../../../testing/real-server-in-jsdom.ts';
import { signInAs } from '../../../testing/real-server.ts';
import { setApiBase } from '../../../sync/config.ts';
import type { StockPushPreview, StockPushRun } from '../api/stock-push-calls.ts';

/**
 * The stock push screen's world for its component tests (jsdom): the real server on an in-memory
 * database and the sandbox marketplace, one OZON store with its catalog imported, stock on hand, one
 * push already made (one article refused by the marketplace), then more stock received for two
 * products. So the preview holds, for real, listings that change and listings that do not, and the
 * log a run with a refusal.
 */
export interface PushWorld {
  env: SandboxApp;
  user: TestUser;
  store: NamedStore;
  /** The preview as the server answers it now. */
  preview(): Promise<StockPushPreview['stores'][number]>;
  run: StockPushRun;
  /** The article the marketplace refused in that push. */
  refusedOffer: string;
  close(): Promise<void>;
}

const OFFERS = 6;

export async function startPushWorld(): Promise<PushWorld> {
  useNodeUint8Array();
  const store = { ...defaultSandboxStores[0]!, name: 'Озон Север' } as NamedStore;
  const env = await startSandboxApp({
    offersPerStore: OFFERS,
    stores: [store],
    postingsPerStore: 0,
    returnsPerStore: 0,
  });
  const { app, sandbox } = env;
  setApiBase(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  const user = await signUp(app);
  signInAs(user);
  await addStores(app, user, [store]);
  await runStoreJobs(app, user, 'extract/products/many/', [store], 60_000);

  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const res = await app.inject({ method, url: `/api/v1/stock-push/${url}`, headers: user.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  };
  const preview = async () => (await call<StockPushPreview>('GET', 'preview/')).stores[0]!;

  // Stock for every product, a reserve on the first; the marketplace refuses the second article.
  const seed = seeder(app, user);
  const items = (await preview()).items;
  expect(items).toHaveLength(OFFERS);
  for (const [i, item] of items.entries()) await seed.lot(item.product_id, 3 + i, 100);
  await seed.reserve(items[0]!.product_id, 1);
  const refusedOffer = items[1]!.offer_id;
  sandbox.refuseStock(store.marketplace, refusedOffer);

  const { job_id } = await call<{ job_id: string }>('POST', 'start/', {});
  let run: StockPushRun | undefined;
  await waitUntil(
    async () => {
      run = await call<StockPushRun>('GET', `log/${job_id}/`);
      return run.status === 'done' || run.status === 'failed';
    },
    60_000,
    'the push done',
  );
  expect(run!.status).toBe('done');

  // After the push, two products get more stock: their listings change, the others stay as sent.
  for (const item of [items[3]!, items[5]!]) await seed.lot(item.product_id, 2, 100);
  return { env, user, store, preview, run: run!, refusedOffer, close: () => env.close() };
}
