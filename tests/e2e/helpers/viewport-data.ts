import type { SandboxStore } from '../../../server/sandbox/server.ts';
import type { ServerApi } from './api.ts';
import { CatalogApi } from './catalog-api.ts';
import { ReturnsApi } from './returns-api.ts';
import { ShippingApi } from './shipping-api.ts';
import { StockApi } from './stock-api.ts';
import { eventually } from './wait.ts';

/** Long Russian names, as sellers write them: they wrap, push columns and fill the drawer. */
export const longNames = [
  'Набор кухонных полотенец из египетского хлопка с вышивкой «Утренний сад», 6 штук',
  'Керамическая кружка ручной работы с глазурью цвета морской волны, 450 мл',
  'Детский магнитный конструктор «Юный инженер», 128 деталей в пластиковом кейсе',
  'Плед вязаный из мериносовой шерсти, крупная вязка, 150×200 см, графитовый',
] as const;

/** What the screens are opened on: every kind of row at least once, on the first product mostly. */
export interface ViewportData {
  products: string[];
  /** A product imported from the sandbox store: its tab «На маркетплейсах» has listings. */
  listedProduct: string;
  lots: string[];
  purchaseBatch: string;
  otherBatch: string;
  markdown: string;
  disposal: string;
  /** A return of the main product with no status yet: /return/{id}/to/{to} receives it. */
  returnId: string;
  marketId: string;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Creates the data over the public HTTP API, as another device of the seller would have. */
export async function seedViewportData(api: ServerApi, store: SandboxStore): Promise<ViewportData> {
  const catalog = new CatalogApi(api);
  const returns = new ReturnsApi(api);
  await catalog.addStore(store);
  await returns.importCatalogs([store]);
  await eventually(async () => (await catalog.total()) > 0, 'the sandbox catalog imported', 60_000);
  const imported = (await catalog.search('')).products.map((p) => p.product_wh.id);

  const products = await new StockApi(api).addProducts(longNames);
  const [main, second, third, fourth] = products as [string, string, string, string];
  const lots: string[] = [];
  for (const [i, id] of [main, second, third, fourth, ...imported].entries())
    lots.push(await returns.addLot(id, 40 + i, 1234.5 + i * 100));
  const post = <T>(path: string, body: unknown) => api.call<T>('POST', path, body);

  const purchaseBatch = crypto.randomUUID();
  await post('/api/v1/batch/', { id: purchaseBatch, date: today(), kind: 'purchase', inventory_ids: lots.slice(0, 3) });
  const markdown = crypto.randomUUID();
  await post('/api/v1/markdowns/', {
    id: markdown,
    product_id: main,
    price: 1234.5,
    markdown_price: 999,
    description: 'Повреждена упаковка при доставке со склада',
  });
  await post('/api/v1/markdowns/', {
    product_id: second,
    price: 1334.5,
    markdown_price: 800,
    description: 'Скол на ручке',
  });
  const disposal = crypto.randomUUID();
  await post('/api/v1/disposal/', { id: disposal, product_id: main, count: 2, price: 1234.5, description: 'Брак' });
  await post('/api/v1/reserve/', { count: 3, price: 1500, product: main });
  await post('/api/v1/realization/', { count: 2, realization_price: 2100, product: main });
  const { results } = await post<{ results: Array<{ id: string }> }>('/api/v1/other_realization_batch/', {
    batch: [
      {
        product_id: main,
        count: 1,
        marketplace: 'OZON',
        realization_price: 1900,
        description: 'Образец для фотосъёмки каталога',
      },
      { product_id: third, count: 2, marketplace: 'Other', realization_price: 1500, description: 'Подарок партнёру' },
    ],
  });
  const otherBatch = crypto.randomUUID();
  await post('/api/v1/batch/', {
    id: otherBatch,
    date: today(),
    kind: 'other',
    other_realization_ids: results.map((r) => r.id),
  });
  const returnId = await seedReturns(api, store, [main, second, third, fourth]);
  // A sold-out lot of the main product beside its stocked ones: /return/{id}/to/{to} shows it, not to be picked.
  const soldOut = await returns.addLot(main, 1, 1100);
  await api.call('PATCH', `/api/v1/inventory/${soldOut}/`, { count: 0 });

  // The shipping screen's rows: the sandbox store's orders matched to its listings.
  const shipping = new ShippingApi(api);
  await post('/api/v1/extract/products/status/', [{ marketplace: store.marketplace, market_id: store.marketId }]);
  await eventually(async () => (await shipping.status()).products.length > 0, 'the posting statuses imported', 60_000);
  await seedStockPush(api, store, imported, returns);

  return {
    products,
    listedProduct: imported[0]!,
    lots,
    purchaseBatch,
    otherBatch,
    markdown,
    disposal,
    returnId,
    marketId: store.marketId,
  };
}

/**
 * /returns in every state a row can have: no status yet (the one handed back), ready to sell and marked
 * down with their prices, one already received, and the sandbox store's own returns imported through
 * its listings (docs/rules.md «Возвраты»).
 */
async function seedReturns(
  api: ServerApi,
  store: SandboxStore,
  [main, second, third, fourth]: readonly [string, string, string, string],
) {
  const post = <T>(path: string, body: unknown) => api.call<T>('POST', path, body);
  const added = async (productId: string, count: number) => {
    const id = crypto.randomUUID();
    await post('/api/v1/returns/', { id, product_id: productId, count });
    return id;
  };
  const returnId = await added(main, 1);
  const ready = await added(second, 1);
  await api.call('PATCH', `/api/v1/returns/${ready}/`, { status: 'ready', price: 1334.5 });
  const markedDown = await added(third, 2);
  await api.call('PATCH', `/api/v1/returns/${markedDown}/`, {
    status: 'markdown',
    price: 1434.5,
    markdown_price: 990,
    description: 'Помята коробка, на корпусе царапина',
  });
  const received = await added(fourth, 1);
  await post('/api/v1/returns/batch/', {
    date: today(),
    batch: { [received]: { status: 'disposal', price: 1534.5, description: 'Брак' } },
  });

  const returns = new ReturnsApi(api);
  const before = (await returns.list()).total;
  await post('/api/v1/extract/returns/', {
    marketplace: store.marketplace,
    market_id: store.marketId,
    date_start: daysAgo(90),
    date_end: today(),
  });
  await eventually(async () => (await returns.list()).total > before, 'the sandbox returns imported', 60_000);
  return returnId;
}

/**
 * /stock-push with a past push in «Журнал передач» and both kinds of rows: pushed once (so the sandbox
 * holds the stock), then one listed product's stock raised, which leaves one change among unchanged rows.
 */
async function seedStockPush(api: ServerApi, store: SandboxStore, listed: string[], returns: ReturnsApi) {
  await api.call('POST', '/api/v1/stock-push/start/', { market_ids: [store.marketId] });
  const finished = async () => {
    const { runs } = await api.call<{ runs: Array<{ status: string }> }>('GET', '/api/v1/stock-push/log/');
    return runs.length > 0 && runs.every((r) => r.status === 'done' || r.status === 'failed');
  };
  await eventually(finished, 'the stock push finished', 60_000);
  await returns.addLot(listed[0]!, 5, 1500);
}
