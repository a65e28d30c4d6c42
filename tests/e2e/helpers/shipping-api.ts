import type { ServerApi } from './api.ts';

/** One product of GET /api/v1/products_mp_status/ (server/schemas/postings.ts ProductSufficiency). */
export interface ServerSufficiency {
  product: { id: string; name: string };
  articles: string[];
  count: number;
  awaiting_packaging: number;
  awaiting_deliver: number;
  delivering: number;
  sufficiency: number;
  enough: boolean;
  delivery_price: number | null;
  delivering_uncovered: number;
  fetched_at: string | null;
}

export interface ServerShipping {
  products: ServerSufficiency[];
  total: { delivering: number; delivery_price: number; complete: boolean };
  stores: Array<{ marketplace: string; market_id: string; name: string; fetched_at: string | null }>;
  fetched_at: string | null;
}

/**
 * The shipping and delivery figures as the server answers them (docs/rules.md «Достаточность»), over the public HTTP
 * API.
 */
export class ShippingApi {
  constructor(readonly api: ServerApi) {}

  /** GET /api/v1/products_mp_status/: its one element. */
  async status(
    query: { sufficiency?: 'enough' | 'not_enough' | 'all'; search?: string; product_id?: string } = {},
  ): Promise<ServerShipping> {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as [string, string][]);
    const [item] = await this.api.call<ServerShipping[]>('GET', `/api/v1/products_mp_status/?${params}`);
    return item!;
  }

  /** POST /api/v1/inventory/: a lot of the product (stock received). */
  async addLot(productId: string, count: number, price: number, date?: string): Promise<void> {
    await this.api.call('POST', '/api/v1/inventory/', {
      id: crypto.randomUUID(),
      product_id: productId,
      count,
      price,
      ...(date ? { date } : {}),
    });
  }
}
