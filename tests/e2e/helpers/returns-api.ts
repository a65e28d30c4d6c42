import type { ServerApi } from './api.ts';

export interface ServerReturn {
  id: string;
  product_id: string | null;
  marketplace: string | null;
  order_number: string;
  article: string;
  name: string;
  count: number;
  status: 'ready' | 'markdown' | 'disposal' | 'deleted' | null;
  processed: boolean;
  price: number;
  markdown_price: number;
  batch_id: string | null;
  final_moment: string | null;
  product: { id: string; name: string } | null;
}

export interface ServerLotRow {
  id: string;
  product_id: string;
  batch_id: string | null;
  return_id: string | null;
  count: number;
  count_max: number;
  price: number;
  created_at: string;
  is_return: boolean;
}

/**
 * Returns and what receiving them made, as the server holds them (docs/rules.md «Возвраты»), over the public HTTP API.
 */
export class ReturnsApi {
  constructor(readonly api: ServerApi) {}

  /** POST /api/v1/extract/products/many for every store: the catalogs the returns are linked through. */
  async importCatalogs(stores: Array<{ marketplace: string; marketId: string }>): Promise<void> {
    await this.api.call(
      'POST',
      '/api/v1/extract/products/many',
      stores.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
    );
  }

  /** GET /api/v1/returns/: the first 200 (newest first), deleted ones left out. */
  async list(): Promise<{ returns: ServerReturn[]; total: number }> {
    return this.api.call('GET', '/api/v1/returns/?page=1&page_size=200');
  }

  /** POST /api/v1/inventory/: a lot of the product, made here so the caller knows its id. */
  async addLot(productId: string, count: number, price: number): Promise<string> {
    const id = crypto.randomUUID();
    await this.api.call('POST', '/api/v1/inventory/', { id, product_id: productId, count, price });
    return id;
  }

  /** GET /api/v1/inventory/{product_id}/: the product's lots. */
  lots(productId: string): Promise<ServerLotRow[]> {
    return this.api.call('GET', `/api/v1/inventory/${productId}/`);
  }

  async markdowns(
    productId: string,
  ): Promise<Array<{ id: string; lot_id: string | null; price: number; markdown_price: number; release: boolean }>> {
    return (
      await this.api.call<{
        results: Array<{ id: string; lot_id: string | null; price: number; markdown_price: number; release: boolean }>;
      }>('GET', `/api/v1/markdowns/?product_id=${productId}&page=1&page_size=200&release=false`)
    ).results;
  }

  async disposals(
    productId: string,
  ): Promise<Array<{ id: string; count: number; price: number; batch_id: string | null }>> {
    return (
      await this.api.call<{ results: Array<{ id: string; count: number; price: number; batch_id: string | null }> }>(
        'GET',
        `/api/v1/disposal/${productId}/?page=1&page_size=50`,
      )
    ).results;
  }

  /** GET /api/v1/batch/?is_return=true: the returns documents with their totals. */
  async receipts(): Promise<Array<{ id: string; total_count?: number; total_sum?: number }>> {
    return (
      await this.api.call<{ results: Array<{ id: string; total_count?: number; total_sum?: number }> }>(
        'GET',
        '/api/v1/batch/?is_return=true',
      )
    ).results;
  }
}
