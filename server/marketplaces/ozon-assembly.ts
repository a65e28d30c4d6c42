import type { AssemblyAdapterOptions } from './assembly.ts';
import { pdfOfAnswer } from './assembly-pdf.ts';
import { joinUrl, requestAnswer, requestJson, type CallContext } from './http.ts';
import type { PacerPool } from './pacing.ts';
import type { PackageLabelRequest, ShipFbsPostingV4Request, ShipFbsPostingV4Response } from './ozon/wire-assembly.ts';
import type { FbsPostingGetRequest, FbsPostingGetResponse } from './ozon/wire.ts';
import { MarketplaceRefusedError, type AssemblyAdapter, type AssemblyOrder, type StoreCredentials } from './types.ts';

/** Statuses in which OZON already has the posting packed (awaiting_deliver) or beyond it. */
const PACKED = new Set(['awaiting_deliver', 'delivering', 'driver_pickup', 'sent_by_seller', 'delivered']);

/**
 * OZON assembly: /v4/posting/fbs/ship with the whole posting in one package (products by SKU), which moves it from
 * awaiting_packaging to awaiting_deliver; the label is /v2/posting/fbs/package-label. A ship OZON refuses is checked
 * against the posting's status (/v3/posting/fbs/get): one already packed (an earlier call whose answer was lost, or
 * the seller packed it in the cabinet) resolves as done; otherwise the refusal stands. Every call counts against the
 * Client-Id's 50 requests a second, with the other OZON adapters' (PacerPool.ozon).
 */
export class OzonAssembly implements AssemblyAdapter {
  readonly marketplace = 'OZON' as const;
  private readonly baseUrl: string;
  private readonly pacing: PacerPool;

  constructor(private readonly options: AssemblyAdapterOptions & { pacing: PacerPool }) {
    this.baseUrl = options.baseUrl ?? process.env.OZON_API_URL ?? 'https://api-seller.ozon.ru';
    this.pacing = options.pacing;
  }

  async assemble(store: StoreCredentials, order: AssemblyOrder): Promise<Record<string, unknown>> {
    const ctx = this.context(store);
    const request: ShipFbsPostingV4Request = {
      posting_number: order.postingNumber,
      packages: [{ products: this.products(store, order) }],
    };
    try {
      const answer = await requestJson<ShipFbsPostingV4Response>(ctx, {
        method: 'POST',
        url: joinUrl(this.baseUrl, '/v4/posting/fbs/ship'),
        headers: this.headers(store),
        body: request,
      });
      return { shippedAt: new Date().toISOString(), postings: answer?.result ?? [order.postingNumber] };
    } catch (error) {
      if (!(error instanceof MarketplaceRefusedError)) throw error;
      const status = await this.status(ctx, order.postingNumber).catch(() => undefined);
      if (status !== undefined && PACKED.has(status))
        return { ...order.assembly, alreadyShipped: true, status, checkedAt: new Date().toISOString() };
      throw error;
    }
  }

  async label(store: StoreCredentials, order: AssemblyOrder): Promise<Uint8Array> {
    const body: PackageLabelRequest = { posting_number: [order.postingNumber] };
    const answer = await requestAnswer(this.context(store), {
      method: 'POST',
      url: joinUrl(this.baseUrl, '/v2/posting/fbs/package-label'),
      headers: { ...this.headers(store), Accept: 'application/pdf' },
      body,
      binary: true,
    });
    return pdfOfAnswer(this.marketplace, store, answer.body as Uint8Array);
  }

  /** The posting's units by OZON SKU: the line's product id, or its key when that is the SKU (the feed's lineKey). */
  private products(store: StoreCredentials, order: AssemblyOrder): Array<{ product_id: number; quantity: number }> {
    const units = new Map<number, number>();
    for (const line of order.lines) {
      const sku = Number(line.externalProductId ?? line.lineKey.replace(/#\d+$/, ''));
      if (!Number.isSafeInteger(sku) || sku <= 0)
        throw new MarketplaceRefusedError(
          this.marketplace,
          store.name,
          400,
          `у товара «${line.offerId}» в отправлении ${order.postingNumber} нет номера OZON (SKU) — загрузите заказы ` +
            'заново и повторите.',
        );
      units.set(sku, (units.get(sku) ?? 0) + line.quantity);
    }
    return [...units].map(([product_id, quantity]) => ({ product_id, quantity }));
  }

  private async status(ctx: CallContext, postingNumber: string): Promise<string | undefined> {
    const body: FbsPostingGetRequest = { posting_number: postingNumber };
    const answer = await requestJson<FbsPostingGetResponse>(ctx, {
      method: 'POST',
      url: joinUrl(this.baseUrl, '/v3/posting/fbs/get'),
      headers: this.headers(ctx.store),
      body,
    });
    return answer?.result?.status;
  }

  private headers(store: StoreCredentials): Record<string, string> {
    return { 'Client-Id': store.marketId, 'Api-Key': store.apiKey };
  }

  private context(store: StoreCredentials): CallContext {
    return {
      marketplace: this.marketplace,
      store,
      retry: this.options.retry,
      pacer: this.pacing.ozon(store.marketId, this.options.ozonPerSecond),
    };
  }
}
