import { defaultSandboxStores, startSandbox, type SandboxMarketplace } from './server.ts';

/**
 * `npm run sandbox`: a local stand-in for the three marketplaces, for development and demos.
 *
 * Environment:
 *   SANDBOX_PORT (8090), SANDBOX_HOST (127.0.0.1), SANDBOX_OFFERS (2000 offers a store);
 *   SANDBOX_TRICKLE_PER_MINUTE: new random orders a minute per store from the start (trickle.ts; 0 or
 *     unset: none), SANDBOX_TRICKLE_MARKETPLACES (e.g. "OZON,YM"; all three by default),
 *     SANDBOX_TRICKLE_SEED (1). It stops by itself after 10,000 orders or 24 hours; POST /__sandbox/trickle
 *     changes or stops it while the sandbox runs.
 */
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

const perMinute = Number(process.env.SANDBOX_TRICKLE_PER_MINUTE ?? 0);
if (perMinute > 0) {
  try {
    const trickle = sandbox.setTrickle({
      per_minute: perMinute,
      ...(process.env.SANDBOX_TRICKLE_MARKETPLACES
        ? {
            marketplaces: process.env.SANDBOX_TRICKLE_MARKETPLACES.split(',').map(
              (m) => m.trim().toUpperCase() as SandboxMarketplace,
            ),
          }
        : {}),
      ...(process.env.SANDBOX_TRICKLE_SEED ? { seed: Number(process.env.SANDBOX_TRICKLE_SEED) } : {}),
    });
    console.log(
      `Поток заказов: ${trickle.per_minute} в минуту на магазин (${trickle.marketplaces.join(', ')}), до ${trickle.stops_at}`,
    );
  } catch (error) {
    console.error(`Поток заказов не запущен: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
