import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStores, jobsFinished, startSandboxApp, type NamedStore, type SandboxApp } from './helpers/sandbox-app.ts';
import { signUp, type TestUser } from './helpers/test-app.ts';

/*
 * A store the marketplace refuses as a whole (here: a key it does not know) says why in Russian — what
 * it means and what to do — with the marketplace's own answer beside it, word for word, in the preview
 * and in the run's result (issue 21). Per-item refusals: tests/server/stock-push.test.ts.
 */

const stores: NamedStore[] = [
  { marketplace: 'OZON', marketId: '7770021', apiKey: 'ozon-refusal-key', name: 'Озон отказ' },
  { marketplace: 'WILDBERRIES', marketId: 'wb-refusal', apiKey: 'wb-refusal-token', name: 'ВБ отказ' },
  { marketplace: 'YM', marketId: '43000021', apiKey: 'ym-refusal-key', name: 'Маркет отказ' },
];

/** What the seller reads for each store with a wrong key, and what the marketplace answered. */
const refusals: Record<string, { error: string; marketplace_error: string }> = {
  '7770021': {
    error:
      'Магазин «Озон отказ» (OZON): маркетплейс не принял ключ API. Проверьте ключ и его права в кабинете продавца.',
    marketplace_error: 'HTTP 403 — 7: Invalid Api-Key, please check the key and try again',
  },
  'wb-refusal': {
    error:
      'Магазин «ВБ отказ» (Wildberries): маркетплейс не принял ключ API. Проверьте ключ и его права в кабинете ' +
      'продавца.',
    marketplace_error: 'HTTP 401 — unauthorized: token problem; token is malformed or unknown',
  },
  '43000021': {
    error:
      'Магазин «Маркет отказ» (Яндекс Маркет): маркетплейс не принял ключ API. Проверьте ключ и его права в ' +
      'кабинете продавца.',
    marketplace_error: 'HTTP 401 — UNAUTHORIZED: Api-Key token is invalid',
  },
};

let env: SandboxApp;
let app: FastifyInstance;
let user: TestUser;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/${url}`, headers: user.headers, payload });

beforeAll(async () => {
  env = await startSandboxApp({ offersPerStore: 3, postingsPerStore: 0, stores });
  ({ app } = env);
  user = await signUp(app);
  // The stores exist in the sandbox, but the seller typed their keys wrong.
  await addStores(
    app,
    user,
    stores.map((s) => ({ ...s, apiKey: `${s.apiKey}-typo` })),
  );
}, 90_000);

afterAll(() => env?.close());

describe('a store the marketplace refuses as a whole', () => {
  it('the preview says why in Russian and keeps the marketplace’s answer apart', async () => {
    const res = await call('GET', 'stock-push/preview/');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as {
      stores: Array<{ market_id: string; error: string | null; marketplace_error: string | null; warehouse: unknown }>;
    };
    expect(preview.stores).toHaveLength(3);
    for (const s of preview.stores) expect(s, s.market_id).toMatchObject({ ...refusals[s.market_id], warehouse: null });
  });

  it('the run’s result per store says the same, and the job itself is done', async () => {
    const started = await call('POST', 'stock-push/start/', {});
    expect(started.statusCode, started.body).toBe(202);
    const jobId = (started.json() as { job_id: string }).job_id;
    const [done] = await jobsFinished(app, user, [jobId], 30_000);
    expect(done!.status).toBe('done');
    const run = (await call('GET', `stock-push/log/${jobId}/`)).json() as {
      stores: Array<{ market_id: string; error: string | null; marketplace_error: string | null; sent: number }>;
    };
    expect(run.stores).toHaveLength(3);
    for (const s of run.stores) expect(s, s.market_id).toMatchObject({ ...refusals[s.market_id], sent: 0 });
    const listed = (await call('GET', 'stock-push/log/')).json() as {
      runs: Array<{ job_id: string; stores: Array<{ market_id: string; marketplace_error: string | null }> }>;
    };
    expect(listed.runs.find((r) => r.job_id === jobId)!.stores.map((s) => [s.market_id, s.marketplace_error])).toEqual(
      run.stores.map((s) => [s.market_id, refusals[s.market_id]!.marketplace_error]),
    );
  });
});
