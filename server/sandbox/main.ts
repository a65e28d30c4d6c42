import { defaultSandboxStores, startSandbox } from './server.ts';

/** `npm run sandbox`: a local stand-in for the three marketplaces, for development and demos. */
const port = Number(process.env.SANDBOX_PORT ?? 8090);
const offersPerStore = Number(process.env.SANDBOX_OFFERS ?? 2000);
const sandbox = await startSandbox({
  port,
  host: process.env.SANDBOX_HOST ?? '127.0.0.1',
  offersPerStore,
  stores: defaultSandboxStores,
});

console.log(`Песочница маркетплейсов: ${sandbox.url} (${offersPerStore} товаров на магазин)`);
console.log('Для приложения:');
console.log(
  `  OZON_API_URL=${sandbox.url} WB_CONTENT_API_URL=${sandbox.url} WB_ANALYTICS_API_URL=${sandbox.url} WB_MARKETPLACE_API_URL=${sandbox.url} YM_API_URL=${sandbox.url}`,
);
console.log('Магазины:');
for (const s of sandbox.stores)
  console.log(`  ${s.marketplace.padEnd(11)} market_id=${s.marketId.padEnd(10)} ключ=${s.apiKey}  («${s.name}»)`);

const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
