import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { connectStores, importCatalogs, signInDemo } from '../demo/account.ts';
import { DemoApi } from '../demo/api.ts';
import { seedHistory } from '../demo/history.ts';
import { demoTricklePerMinute, startDemoTrickle } from '../demo/trickle.ts';
import { defaultSandboxStores, startSandbox } from '../sandbox/server.ts';

/*
 * `npm run demo`: the sandbox marketplace and the app on an embedded database, a demo account with
 * one store per marketplace (order intake on), their catalogs imported and three months of history
 * (server/demo/), then a trickle of new sandbox orders (SANDBOX_TRICKLE_PER_MINUTE, 2 a minute per store) — a
 * working, living Ostatok in one command. Everything goes through the public API, so the demo shows the real
 * paths; a second run reuses the account and its data and adds no second history.
 */

const login = process.env.DEMO_LOGIN ?? 'demo@ostatok.local';
const password = process.env.DEMO_PASSWORD ?? 'demo-ostatok';
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8090);
const offersPerStore = Number(process.env.SANDBOX_OFFERS ?? 2000);
const tricklePerMinute = demoTricklePerMinute(process.env);
if (typeof tricklePerMinute === 'object') {
  console.error(tricklePerMinute.error);
  process.exit(2);
}

const sandbox = await startSandbox({
  port: sandboxPort,
  host: '127.0.0.1',
  offersPerStore,
  stores: defaultSandboxStores,
});
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
    // The sandbox serves catalog pictures over plain http: only the demo lets them past the CSP
    // (server/plugins/external/helmet.ts).
    CSP_EXTRA_IMAGE_ORIGINS: sandbox.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The demo waits for its import jobs: picked up at once rather than on the next 1 s poll.
    JOB_POLL_MS: process.env.JOB_POLL_MS ?? '100',
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

try {
  const api = await signInDemo(new DemoApi(app), login, password);
  const stores = await connectStores(api, defaultSandboxStores);
  console.log(`Песочница маркетплейсов: ${sandbox.url} (${offersPerStore} товаров на магазин)`);
  console.log('Загружаем каталоги магазинов…');
  let started = Date.now();
  for (const line of await importCatalogs(api, stores)) console.log(`  ${line}`);
  console.log(`Готово за ${seconds(started)} с.`);
  console.log('Возвраты, заказы и история за три месяца…');
  started = Date.now();
  await seedHistory(api, stores, (line) => console.log(`  ${line}`));
  console.log(`Готово за ${seconds(started)} с (${api.calls.count} вызовов API).`);
  // After the history: the new orders are today's, taken in by the order intake like a marketplace's.
  console.log(`${startDemoTrickle(sandbox, tricklePerMinute)}\n`);
} catch (err) {
  console.error(`Не удалось подготовить демо: ${err instanceof Error ? err.message : String(err)}`);
  await stop(1);
}
console.log(`Остаток: http://localhost:${config.port}`);
console.log(`  логин:  ${login}`);
console.log(`  пароль: ${password}`);
console.log(`Данные: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}. Остановить: Ctrl+C`);

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}
