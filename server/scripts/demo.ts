import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { defaultSandboxStores, startSandbox } from '../sandbox/server.ts';

/*
 * `npm run demo`: the sandbox marketplace and the app on an embedded database, a demo account with
 * one store per marketplace, and their catalogs imported — a working Ostatok in one command.
 * Everything goes through the public API (signup, stores, import), so the demo shows the real paths
 * (keys are stored encrypted by the store route); a second run reuses the account and its data.
 */

const login = process.env.DEMO_LOGIN ?? 'demo@ostatok.local';
const password = process.env.DEMO_PASSWORD ?? 'demo-ostatok';
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8090);
const offersPerStore = Number(process.env.SANDBOX_OFFERS ?? 2000);

const sandbox = await startSandbox({ port: sandboxPort, host: '127.0.0.1', offersPerStore, stores: defaultSandboxStores });
// The WB adapter also reads WB_MARKETPLACE_API_URL from the environment where its options do not name the host.
process.env.WB_MARKETPLACE_API_URL = sandbox.url;
let config;
try {
  config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? './data-demo',
    OZON_API_URL: sandbox.url,
    WB_CONTENT_API_URL: sandbox.url,
    WB_ANALYTICS_API_URL: sandbox.url,
    WB_MARKETPLACE_API_URL: sandbox.url,
    YM_API_URL: sandbox.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
} catch (err) {
  await sandbox.close();
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
if (config.databaseUrl) console.log('Внимание: задан DATABASE_URL — демо-данные попадут в эту базу PostgreSQL.');

const app = await buildApp({ config });
await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await sandbox.close();
  process.exit(code);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const headers = await signIn(app);
for (const store of defaultSandboxStores) {
  const res = await call(app, 'POST', '/api/v1/markets/add/', headers, {
    market_id: store.marketId,
    name: store.name,
    marketplace: store.marketplace,
    access_token: store.apiKey,
  });
  // 409: the store is there from an earlier run; set its key again in case the sandbox's changed.
  if (res.statusCode === 409) await call(app, 'PATCH', `/api/v1/markets/${store.marketId}/`, headers, { access_token: store.apiKey });
  else await expectStatus(res, 201, 'магазин');
}

console.log(`Песочница маркетплейсов: ${sandbox.url} (${offersPerStore} товаров на магазин)`);
console.log('Загружаем каталоги магазинов…');
const started = Date.now();
const accepted = await call(app, 'POST', '/api/v1/extract/products/many/', headers, defaultSandboxStores.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })));
await expectStatus(accepted, 202, 'загрузка');
for (const id of (accepted.json() as { job_ids: string[] }).job_ids) {
  for (;;) {
    const job = (await call(app, 'GET', `/api/v1/jobs/${id}/`, headers)).json() as {
      status: string;
      result: { store: string; added: number; updated: number } | null;
      error: string | null;
    };
    if (job.status === 'done') {
      console.log(`  Магазин «${job.result?.store}»: добавлено ${job.result?.added}, обновлено ${job.result?.updated}`);
      break;
    }
    if (job.status === 'failed') {
      console.log(`  Ошибка: ${job.error}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
console.log(`Готово за ${((Date.now() - started) / 1000).toFixed(1)} с.\n`);
console.log(`Остаток: ${url}`);
console.log(`  логин:  ${login}`);
console.log(`  пароль: ${password}`);
console.log(`Данные: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}. Остановить: Ctrl+C`);

async function signIn(instance: FastifyInstance): Promise<{ authorization: string }> {
  const signup = await call(instance, 'POST', '/api/v1/users/signup/', {}, { login, password, first_name: 'Демо', last_name: 'Продавец' });
  if (signup.statusCode !== 409) await expectStatus(signup, 201, 'учётная запись');
  const res = await call(instance, 'POST', '/api/v1/users/login/', {}, { login, password, email: login });
  await expectStatus(res, 200, 'вход (если пароль демо-учётной записи меняли, удалите DATA_DIR)');
  return { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` };
}

function call(instance: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) {
  return instance.inject({ method, url, headers, payload: payload as object | undefined });
}

/** Setup that went wrong ends the demo with the answer printed: there is nothing useful to show. */
async function expectStatus(res: { statusCode: number; body: string }, status: number, what: string): Promise<void> {
  if (res.statusCode === status) return;
  console.error(`Не удалось подготовить демо (${what}): ${res.statusCode} ${res.body}`);
  await stop(1);
}
