import type { AssemblyAdapterOptions } from './assembly.ts';
import { pdfOfAnswer } from './assembly-pdf.ts';
import { joinUrl, requestAnswer, requestJson, type CallContext } from './http.ts';
import type { PacerPool } from './pacing.ts';
import {
  MarketplaceError,
  MarketplaceRefusedError,
  type AssemblyAdapter,
  type AssemblyOrder,
  type StoreCredentials,
} from './types.ts';
import { findCampaigns } from './yandex-market-campaigns.ts';
import type {
  GetOrderResponse,
  SetOrderBoxLayoutRequest,
  SetOrderBoxLayoutResponse,
  UpdateOrderStatusRequest,
  YmOrder,
} from './yandex-market/wire-assembly.ts';

/** Statuses past packing: READY_TO_SHIP, shipped, or with the delivery service and beyond. */
const PACKED_STATUSES = new Set(['DELIVERY', 'PICKUP', 'DELIVERED', 'PARTIALLY_RETURNED', 'RETURNED']);
const isPacked = (o: YmOrder) =>
  (o.status === 'PROCESSING' && (o.substatus === 'READY_TO_SHIP' || o.substatus === 'SHIPPED')) ||
  PACKED_STATUSES.has(o.status ?? '');

/**
 * Yandex Market assembly of one FBS order: getOrder for its status and items; one already READY_TO_SHIP or further
 * is done; a cancelled one is refused here with its reason; otherwise setOrderBoxLayout puts every item, whole, in
 * one box, and updateOrderStatus moves it to PROCESSING/READY_TO_SHIP (anything YM refuses comes back with its
 * reason). The label is generateOrderLabels (A7 PDF, a page per box). The store may name a cabinet with several
 * shops: the order's shop is the first whose getOrder finds it, kept in orders.assembly as `campaignId`. Calls are
 * paced with the order feed's per-key pacer (YM counts each of these resources at 10,000 an hour; sharing one pacer
 * keeps well inside them).
 */
export class YandexMarketAssembly implements AssemblyAdapter {
  readonly marketplace = 'YM' as const;
  private readonly baseUrl: string;
  private readonly pacing: PacerPool;

  constructor(private readonly options: AssemblyAdapterOptions & { pacing: PacerPool }) {
    this.baseUrl = options.baseUrl ?? process.env.YM_API_URL ?? 'https://api.partner.market.yandex.ru';
    this.pacing = options.pacing;
  }

  async assemble(store: StoreCredentials, order: AssemblyOrder): Promise<Record<string, unknown>> {
    const ctx = this.context(store);
    const { campaignId, ymOrder } = await this.find(ctx, order);
    const path = `/v2/campaigns/${campaignId}/orders/${encodeURIComponent(order.postingNumber)}`;
    const words = `${ymOrder.status ?? ''}/${ymOrder.substatus ?? ''}`;
    if (isPacked(ymOrder)) return { ...order.assembly, campaignId, status: words, checkedAt: new Date().toISOString() };
    if (ymOrder.status === 'CANCELLED')
      throw new MarketplaceRefusedError(
        this.marketplace,
        store.name,
        400,
        `заказ ${order.postingNumber} отменён на Яндекс Маркете — собирать и отгружать его не нужно, верните товар ` +
          'на полку.',
        { marketplaceError: `Статус заказа: ${words}` },
      );
    let boxIds: number[] = [];
    if (ymOrder.status === 'PROCESSING' && ymOrder.substatus === 'STARTED') {
      const items = (ymOrder.items ?? []).flatMap((i) =>
        i.id !== undefined && (i.count ?? 0) > 0 ? [{ id: i.id, fullCount: i.count! }] : [],
      );
      const layout: SetOrderBoxLayoutRequest = { boxes: [{ items }] };
      const answer = await requestJson<SetOrderBoxLayoutResponse>(ctx, {
        method: 'PUT',
        url: joinUrl(this.baseUrl, `${path}/boxes`),
        headers: this.headers(store),
        body: layout,
      });
      boxIds = (answer?.result?.boxes ?? []).flatMap((b) => (b.boxId === undefined ? [] : [b.boxId]));
    }
    const status: UpdateOrderStatusRequest = { order: { status: 'PROCESSING', substatus: 'READY_TO_SHIP' } };
    await requestJson(ctx, {
      method: 'PUT',
      url: joinUrl(this.baseUrl, `${path}/status`),
      headers: this.headers(store),
      body: status,
    });
    return { campaignId, boxIds, readyAt: new Date().toISOString() };
  }

  async label(store: StoreCredentials, order: AssemblyOrder): Promise<Uint8Array> {
    const ctx = this.context(store);
    const campaignId = await this.campaignOf(ctx, order);
    const answer = await requestAnswer(ctx, {
      method: 'GET',
      url: joinUrl(
        this.baseUrl,
        `/v2/campaigns/${campaignId}/orders/${encodeURIComponent(order.postingNumber)}/delivery/labels`,
        { format: 'A7' },
      ),
      headers: { ...this.headers(store), Accept: 'application/pdf' },
      binary: true,
    });
    return pdfOfAnswer(this.marketplace, store, answer.body as Uint8Array);
  }

  /** The shop of the order: the one kept from an earlier call, else found by asking each of the store's shops. */
  private async campaignOf(ctx: CallContext, order: AssemblyOrder): Promise<number> {
    const kept = Number(order.assembly.campaignId);
    if (Number.isSafeInteger(kept) && kept > 0) return kept;
    return (await this.find(ctx, order)).campaignId;
  }

  private async find(ctx: CallContext, order: AssemblyOrder): Promise<{ campaignId: number; ymOrder: YmOrder }> {
    const kept = Number(order.assembly.campaignId);
    const campaigns =
      Number.isSafeInteger(kept) && kept > 0
        ? [kept]
        : (await findCampaigns(this.baseUrl, ctx, this.headers(ctx.store))).campaignIds;
    let lastRefusal: MarketplaceError | undefined;
    for (const campaignId of campaigns) {
      try {
        const answer = await requestJson<GetOrderResponse>(ctx, {
          method: 'GET',
          url: joinUrl(this.baseUrl, `/v2/campaigns/${campaignId}/orders/${encodeURIComponent(order.postingNumber)}`),
          headers: this.headers(ctx.store),
        });
        if (answer?.order) return { campaignId, ymOrder: answer.order };
      } catch (error) {
        // Another shop of the cabinet does not have it (404): try the next.
        if (!(error instanceof MarketplaceRefusedError) || error.status !== 404) throw error;
        lastRefusal = error;
      }
    }
    throw new MarketplaceRefusedError(
      this.marketplace,
      ctx.store.name,
      404,
      `Яндекс Маркет не нашёл заказ ${order.postingNumber} в магазинах ключа — загрузите заказы заново.`,
      { marketplaceError: lastRefusal?.marketplaceError ?? null },
    );
  }

  private headers(store: StoreCredentials): Record<string, string> {
    return { 'Api-Key': store.apiKey };
  }

  private context(store: StoreCredentials): CallContext {
    return {
      marketplace: this.marketplace,
      store,
      retry: this.options.retry,
      pacer: this.pacing.yandexMarketOrders(store.apiKey),
    };
  }
}
