import type { ServerApi } from './api.ts';

/** A product's stock figures as GET /api/v1/products/all/ reports them (rolled up from lots by the server). */
export interface ServerFigures {
  id: string;
  name: string;
  count: number;
  reserve: number;
  markdowns: number;
  total_price: number;
}

export type MovementReason =
  'receipt' | 'correction' | 'removal' | 'disposal' | 'markdown' | 'realization' | 'other_realization' | 'reversal';

export interface ServerMovement {
  id: string;
  product_id: string;
  lot_id: string;
  delta: number;
  reason: MovementReason;
  source_table: string;
  source_id: string;
  unit_cost: number;
  created_at: string;
}

export interface ServerBatchListItem {
  id: string;
  date: string;
  kind: 'purchase' | 'return' | 'other';
  total_count: number;
  total_sum: number;
}

export interface ServerLot {
  id: string;
  product_id: string;
  batch_id: string | null;
  count: number;
  count_max: number;
  price: number;
  created_at: string;
}

export interface ServerBatch {
  id: string;
  date: string;
  kind: 'purchase' | 'return' | 'other';
  inventories: ServerLot[];
  markdowns: Array<{ id: string; product_id: string }>;
  disposals: Array<{ id: string; product_id: string; count: number }>;
  other_realizations: Array<{
    id: string;
    product_id: string;
    count: number;
    marketplace: string | null;
    realization_price: number;
  }>;
}

/**
 * Stock as the server holds it, over the public HTTP API (docs/architecture.md «Вызовы»): what the PWA really sent,
 * independent of what the device shows.
 */
export class StockApi {
  constructor(readonly api: ServerApi) {}

  /** POST /api/v1/products/warehouse/add/ with ids made here, so the caller knows which is which. */
  async addProducts(names: readonly string[]): Promise<string[]> {
    const body = names.map((name) => ({ id: crypto.randomUUID(), name }));
    const { inserted_ids } = await this.api.call<{ inserted_ids: string[] }>(
      'POST',
      '/api/v1/products/warehouse/add/',
      body,
    );
    if (inserted_ids.join() !== body.map((p) => p.id).join()) throw new Error(`unexpected ids: ${inserted_ids.join()}`);
    return inserted_ids;
  }

  /** Figures of every product of the user, by id. */
  async figures(): Promise<Map<string, ServerFigures>> {
    const { products } = await this.api.call<{ products: Array<{ product_wh: ServerFigures }> }>(
      'GET',
      '/api/v1/products/all/?page=1&page_size=200',
    );
    return new Map(
      products.map(({ product_wh: p }) => [
        p.id,
        {
          id: p.id,
          name: p.name,
          count: p.count,
          reserve: p.reserve,
          markdowns: p.markdowns,
          total_price: p.total_price,
        },
      ]),
    );
  }

  /** GET /api/v1/products/{id}/movements/: the product's whole ledger, newest first. */
  async movements(productId: string): Promise<ServerMovement[]> {
    const { results, total } = await this.api.call<{ results: ServerMovement[]; total: number }>(
      'GET',
      `/api/v1/products/${productId}/movements/?page=1&page_size=200`,
    );
    if (results.length !== total) throw new Error(`ledger of ${productId}: ${results.length} of ${total} rows read`);
    return results;
  }

  /** GET /api/v1/batch/: purchases without a flag, write-offs and other realizations with is_other. */
  async batches(kind: 'purchase' | 'other'): Promise<ServerBatchListItem[]> {
    const query = kind === 'other' ? '?is_other=true' : '';
    return (await this.api.call<{ results: ServerBatchListItem[] }>('GET', `/api/v1/batch/${query}`)).results;
  }

  /** GET /api/v1/batch/{id}/: the document with its lots and what was taken from them. */
  batch(id: string): Promise<ServerBatch> {
    return this.api.call<ServerBatch>('GET', `/api/v1/batch/${id}/`);
  }
}
