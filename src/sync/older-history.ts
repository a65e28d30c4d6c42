import { db, type MirroredRows, type OstatokDatabase } from '../db/database.ts';
import { api } from './api-client.ts';
import { endpoints } from './contract.ts';
import { historyFrom } from './history-window.ts';
import { putIfNewer } from './mirror-writes.ts';

/*
 * History older than the device's window (./history-window.ts), read from the server when a screen asks for it
 * («Показать ранее»). Online only and never stored: the mirror keeps the window, so a year of sales does not grow the
 * device; a screen holds what it asked for while it is open.
 */

type Movement = MirroredRows['stock_movements'];
type Sale = MirroredRows['realizations'];

/** Said when the older history cannot be read: offline, or the server did not answer. */
export class OlderHistoryUnavailable extends Error {
  constructor(detail?: string) {
    super(
      detail ??
        'История старше окна устройства хранится на сервере: подключитесь к сети, чтобы её показать. Последние недели видны и без сети.',
    );
    this.name = 'OlderHistoryUnavailable';
  }
}

/** The ledger's page size the server allows at most (server/schemas/stock-query.ts paging). */
const PAGE = 200;

async function orOffline<T>(call: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OlderHistoryUnavailable();
  try {
    return await call();
  } catch (err) {
    if (err instanceof OlderHistoryUnavailable) throw err;
    // fetch failed: no network, or the server is out of reach.
    throw new OlderHistoryUnavailable();
  }
}

/**
 * One page of a product's ledger written before `before` (the window's start by default), newest first, and whether
 * there are more: GET /api/v1/products/{id}/movements/?before=….
 */
export async function fetchOlderMovements(
  productId: string,
  page = 1,
  before: string = historyFrom(),
): Promise<{ rows: Movement[]; total: number; more: boolean }> {
  return orOffline(async () => {
    const { data, error, response } = await api().GET(endpoints.productMovements, {
      params: { path: { id: productId }, query: { before, page, page_size: PAGE } },
    });
    if (!data) throw new OlderHistoryUnavailable(problemDetail(error, response.status));
    return { rows: data.results, total: data.total, more: page * PAGE < data.total };
  });
}

/**
 * A product's sales dated before `before` (the window's start by default), newest first:
 * GET /api/v1/realization/{product_id}/.
 */
export async function fetchOlderSales(productId: string, before: string = historyFrom()): Promise<Sale[]> {
  return orOffline(async () => {
    const { data, error, response } = await api().GET(endpoints.productSales, {
      params: { path: { product_id: productId } },
    });
    if (!data) throw new OlderHistoryUnavailable(problemDetail(error, response.status));
    return data.filter((s) => s.datetime < before);
  });
}

function problemDetail(error: unknown, status: number): string {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail
    ? detail
    : `Не удалось загрузить раннюю историю: сервер ответил ${status}`;
}

/**
 * Brings an older sale fetched from the server back into the mirror with its ledger rows, for an edit of it to be
 * queued over: an edit needs the row it changes (and its `before`), and the stock projection replays a cancellation
 * or a new count over the sale's ledger rows (src/stock/projection.ts). By the version rule: never over a newer copy.
 * Once its edits are settled, the next pruning lets them go again.
 */
export async function keepOlderSale(sale: Sale, database: OstatokDatabase = db): Promise<void> {
  const ledger: Movement[] = [];
  for (let page = 1; ; page++) {
    const { rows, more } = await fetchOlderMovements(sale.product, page);
    ledger.push(...rows.filter((m) => m.source_table === 'realizations' && m.source_id === sale.id));
    if (!more) break;
  }
  const tables = [database.mirrored('realizations'), database.mirrored('stock_movements'), database.tombstones];
  await database.transaction('rw', tables, async () => {
    await putIfNewer(database, 'realizations', sale as never);
    for (const m of ledger) await putIfNewer(database, 'stock_movements', m as never);
  });
}
