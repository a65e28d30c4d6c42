import type { DemoApi } from './api.ts';
import type { DemoStore } from './marketplace-data.ts';
import type { SandboxStore } from '../sandbox/server.ts';

/** Signs up the demo account (or finds it from an earlier run) and signs in. */
export async function signInDemo(api: DemoApi, login: string, password: string): Promise<DemoApi> {
  const signup = await api.call('POST', '/api/v1/users/signup/', {
    login,
    password,
    first_name: 'Демо',
    last_name: 'Продавец',
  });
  if (signup.status !== 409 && signup.status !== 201)
    throw new Error(`учётная запись: ${signup.status} ${JSON.stringify(signup.body)}`);
  const res = await api.call<{ access_token: string }>('POST', '/api/v1/users/login/', {
    login,
    password,
    email: login,
  });
  if (res.status !== 200)
    throw new Error(`вход: ${res.status} (если пароль демо-учётной записи меняли, удалите DATA_DIR)`);
  return api.withToken(res.body.access_token);
}

/**
 * One store per sandbox marketplace, its orders taken in by themselves; an existing store (an earlier run) gets its key
 * set again in case the sandbox's changed, and the order intake turned on (a store made before it existed has it off).
 */
export async function connectStores(api: DemoApi, stores: SandboxStore[]): Promise<DemoStore[]> {
  for (const store of stores) {
    const body = {
      market_id: store.marketId,
      name: store.name,
      marketplace: store.marketplace,
      access_token: store.apiKey,
      order_intake: true,
    };
    const res = await api.call('POST', '/api/v1/markets/add/', body);
    if (res.status === 409)
      await api.expect(200, 'PATCH', `/api/v1/markets/${store.marketId}/`, {
        access_token: store.apiKey,
        order_intake: true,
      });
    else if (res.status !== 201) throw new Error(`магазин ${store.name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return stores.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId }));
}

/** Imports the stores' catalogs (background jobs, as the markets screen starts them); a line per store. */
export async function importCatalogs(api: DemoApi, stores: DemoStore[]): Promise<string[]> {
  const accepted = await api.expect<{ job_ids: string[] }>(202, 'POST', '/api/v1/extract/products/many/', stores);
  return (await api.waitJobs(accepted.job_ids)).map((job) =>
    job.status === 'done'
      ? `магазин «${String(job.result?.store)}»: добавлено ${String(job.result?.added)}, обновлено ${String(job.result?.updated)}`
      : `ошибка: ${job.error}`,
  );
}
