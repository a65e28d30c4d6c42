import type { DemoApi } from './api.ts';
import {
  productsAwaitingPacking,
  receiveReturns,
  refreshOrders,
  startReturnsImport,
  type DemoStore,
} from './marketplace-data.ts';
import { makeOutflows, type Tally } from './outflows.ts';
import { planHistory, type DemoProduct } from './plan.ts';
import { receivePurchases } from './purchases.ts';

/*
 * Three months of a working business for the imported catalog, made through the API as the screens
 * make it: purchases in dated documents, then what left the warehouse (other realizations, write-offs,
 * markdowns, sales, reserves) on their own dates across the three months, in date order, then the
 * marketplaces' returns, part of them received. The marketplace data (current orders, returns) is
 * loaded on every run — loading it again adds nothing twice — while the history is made once: a
 * purchase document means it is there already. The orders come first: the plan leaves some products
 * they wait for without stock, so the shipping screen shows shortages.
 */

export interface HistoryReport {
  /** false: the account had purchase documents already, nothing was added. */
  made: boolean;
}

/** `log` gets a line per step as it ends, with the time it took: the demo must stay quick on the full catalog. */
export async function seedHistory(
  api: DemoApi,
  stores: DemoStore[],
  log: (line: string) => void,
  now = new Date(),
): Promise<HistoryReport> {
  let lap = Date.now();
  const step = (text: string) => {
    log(`${text} — ${((Date.now() - lap) / 1000).toFixed(1)} с`);
    lap = Date.now();
  };
  const failed = (errors: string[]) => errors.forEach((e) => log(`ошибка загрузки: ${e}`));
  failed(await refreshOrders(api, stores));
  step('заказы маркетплейсов загружены');
  // The returns load in the background meanwhile; they are needed only at the end.
  const returnsImport = await startReturnsImport(api, stores, now);
  const returnsLoaded = async () => {
    failed(await returnsImport.finish());
    step(
      `возвраты покупателей загружены: ${(await api.expect<{ total: number }>(200, 'GET', '/api/v1/returns/?page_size=1')).total}`,
    );
  };

  const existing = await api.expect<{ total: number }>(200, 'GET', '/api/v1/batch/?page_size=1');
  if (existing.total > 0) {
    await returnsLoaded();
    log(`история уже есть (документов закупки: ${existing.total}) — не добавляем`);
    return { made: false };
  }

  const products = await catalogProducts(api);
  const plan = planHistory(products, await productsAwaitingPacking(api), now);
  step(`товаров: ${products.length}`);

  const lots = await receivePurchases(api, plan.purchases);
  step(`закупки: ${plan.purchases.length} документов, ${lots} партий`);
  const made = await makeOutflows(api, plan);
  const { others } = made;
  step(
    [
      `прочие реализации: ${others.lines} строк в ${others.documents} документах${refusedNote(others.refused)}`,
      counted('списания', made.disposals),
      counted('уценки', made.markdowns),
      counted('продажи', made.sales),
      counted('резервы', made.reserves),
    ].join('; ') + ' (по датам за три месяца)',
  );
  await returnsLoaded();
  step(`оприходовано возвратов: ${await receiveReturns(api, plan.products, now)}`);
  const zero = [...plan.products.values()].filter((p) => p.fate !== 'stocked').length;
  log(`товаров без остатка: ${zero} из ${products.length}`);
  return { made: true };
}

/**
 * The warehouse products with their articles, read as the app's own sync does (1000 rows a call: the
 * product list pages by 200 and sums figures the demo does not need yet).
 */
async function catalogProducts(api: DemoApi): Promise<DemoProduct[]> {
  const articles = new Map<string, string[]>();
  for (const row of await pullTable<{ product_wh_id: string; offer_id: string }>(api, 'products_mp')) {
    articles.set(row.product_wh_id, [...(articles.get(row.product_wh_id) ?? []), row.offer_id]);
  }
  return (await pullTable<{ id: string; name: string }>(api, 'products_wh')).map((p) => ({
    id: p.id,
    key: (articles.get(p.id) ?? []).sort().join(' ') || p.name,
  }));
}

async function pullTable<T>(api: DemoApi, table: string): Promise<T[]> {
  const rows: T[] = [];
  for (let since = 0; ;) {
    const page = await api.expect<{
      cursor: number;
      has_more: boolean;
      changes: { deleted: boolean; row: T | null }[];
    }>(200, 'GET', `/api/v1/sync/pull?table=${table}&since=${since}&limit=1000`);
    for (const change of page.changes) if (!change.deleted && change.row) rows.push(change.row);
    if (!page.has_more) return rows;
    since = page.cursor;
  }
}

const refusedNote = (refused: number) => (refused > 0 ? ` (не хватило остатка: ${refused})` : '');
const counted = (what: string, t: Tally) => `${what}: ${t.done}${refusedNote(t.refused)}`;
