import type { SandboxStore } from '../../../server/sandbox/server.ts';
import type { ServerApi } from './api.ts';

export interface ServerListing {
  id: string;
  product_wh_id: string;
  offer_id: string;
  name: string;
  marketplace: string;
  market_id: string;
}

export interface ServerProduct {
  product_wh: { id: string; name: string; description: string; images: string[] };
  products_mp: ServerListing[];
}

/**
 * The catalog as the server holds it, read over the public HTTP API (docs/architecture.md «Вызовы»): what the
 * PWA really sent, independent of what the device shows.
 */
export class CatalogApi {
  constructor(readonly api: ServerApi) {}

  /** A store linked to a marketplace, with the key the sandbox accepts (stored encrypted by the server). */
  async addStore(store: SandboxStore): Promise<void> {
    await this.api.call('POST', '/api/v1/markets/add/', {
      market_id: store.marketId,
      name: store.name ?? store.marketId,
      marketplace: store.marketplace,
      access_token: store.apiKey,
    });
  }

  /** GET /api/v1/products/all/: the first page of products whose name or article contains `search`. */
  async search(search: string): Promise<{ products: ServerProduct[]; total: number }> {
    const query = new URLSearchParams({ search, page: '1', page_size: '200' });
    return this.api.call('GET', `/api/v1/products/all/?${query}`);
  }

  /** Every product of the user, counted by the server. */
  async total(): Promise<number> {
    return (await this.api.call<{ total: number }>('GET', '/api/v1/products/all/?page=1&page_size=1')).total;
  }

  /** The one product holding this listing (articles are unique per store in the sandbox). */
  async byArticle(offerId: string): Promise<ServerProduct> {
    const found = (await this.search(offerId)).products.filter((p) =>
      p.products_mp.some((l) => l.offer_id === offerId),
    );
    if (found.length !== 1) throw new Error(`article ${offerId}: ${found.length} products on the server`);
    return found[0]!;
  }

  /** GET /api/v1/products/product/{id}/; null when the server answers 404 (deleted or merged away). */
  async product(id: string): Promise<ServerProduct | null> {
    const res = await fetch(`${this.api.baseUrl}/api/v1/products/product/${id}/`, {
      headers: { authorization: `Bearer ${this.api.accessToken}` },
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET product ${id}: ${res.status} ${await res.text()}`);
    return (await res.json()) as ServerProduct;
  }

  /** An uploaded picture as anyone with its URL gets it: status, type and bytes. */
  async image(url: string): Promise<{ status: number; contentType: string | null; bytes: Buffer }> {
    const res = await fetch(new URL(url, this.api.baseUrl));
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  }
}

/** Offer ids of a product's listings, sorted, for comparisons. */
export const articlesOf = (product: ServerProduct | null) => (product?.products_mp.map((l) => l.offer_id) ?? []).sort();
