import type { AssemblyAdapterOptions } from './assembly.ts';
import { stickersPdf } from './assembly-pdf.ts';
import { joinUrl, requestJson, type CallContext } from './http.ts';
import type { PacerPool } from './pacing.ts';
import { MarketplaceRefusedError, type AssemblyAdapter, type AssemblyOrder, type StoreCredentials } from './types.ts';
import type { OrderStatus, OrdersStatusRequest, OrdersStatusResponse } from './wildberries/wire.ts';
import type {
  AddSupplyOrdersRequest,
  CreateSupplyRequest,
  CreateSupplyResponse,
  StickersRequest,
  StickersResponse,
} from './wildberries/wire-assembly.ts';

/** wbStatus values that end a task without delivery: nothing to pack. */
const WB_ENDED = new Set(['canceled', 'canceled_by_client', 'declined_by_client', 'defect']);

/**
 * Wildberries assembly of one assembly task (the order's posting number is its id): WB has no «packed» call, the
 * seller hands tasks over in supplies. So: read the task's status; `complete` (already in delivery) is done; a
 * cancelled one is refused here with its status; otherwise a supply (created once, kept in orders.assembly as
 * `supplyId` so a retry reuses it), the task added to it (new → confirm), and the supply handed to delivery
 * (confirm → complete). The sticker is /api/v3/orders/stickers as PNG 58×40, wrapped in a PDF. All calls are the
 * marketplace category's (300 a minute, burst 20 per token), paced with the order feed and the stock push.
 */
export class WildberriesAssembly implements AssemblyAdapter {
  readonly marketplace = 'WILDBERRIES' as const;
  private readonly baseUrl: string;
  private readonly pacing: PacerPool;

  constructor(private readonly options: AssemblyAdapterOptions & { pacing: PacerPool }) {
    this.baseUrl = options.baseUrl ?? process.env.WB_MARKETPLACE_API_URL ?? 'https://marketplace-api.wildberries.ru';
    this.pacing = options.pacing;
  }

  async assemble(store: StoreCredentials, order: AssemblyOrder): Promise<Record<string, unknown>> {
    const ctx = this.context(store);
    const id = this.taskId(store, order);
    const status = await this.status(ctx, id);
    if (!status)
      throw new MarketplaceRefusedError(
        this.marketplace,
        store.name,
        404,
        `Wildberries не знает сборочное задание ${id} — загрузите заказы заново.`,
      );
    const words = `${status.supplierStatus ?? ''}/${status.wbStatus ?? ''}`;
    if (status.supplierStatus === 'complete')
      return { ...order.assembly, delivered: true, status: words, checkedAt: new Date().toISOString() };
    if (status.supplierStatus === 'cancel' || WB_ENDED.has(status.wbStatus ?? ''))
      throw new MarketplaceRefusedError(
        this.marketplace,
        store.name,
        409,
        `сборочное задание ${id} отменено на Wildberries — собирать и отгружать его не нужно, верните товар на полку.`,
        { marketplaceError: `Статус задания: ${words}` },
      );

    const headers = { Authorization: store.apiKey };
    let supplyId = typeof order.assembly.supplyId === 'string' ? order.assembly.supplyId : undefined;
    if (!supplyId) {
      const body: CreateSupplyRequest = { name: `Остаток ${order.postingNumber}` };
      const created = await requestJson<CreateSupplyResponse>(ctx, {
        method: 'POST',
        url: joinUrl(this.baseUrl, '/api/v3/supplies'),
        headers,
        body,
      });
      supplyId = created?.id;
      if (!supplyId)
        throw new MarketplaceRefusedError(
          this.marketplace,
          store.name,
          200,
          'Wildberries не прислал номер поставки — повторите сборку.',
        );
      // Kept before the next call: a try that fails after this point adds the task to this supply, not a new one.
      await order.remember?.({ supplyId });
    }
    const add: AddSupplyOrdersRequest = { orders: [id] };
    await requestJson(ctx, {
      method: 'PATCH',
      url: joinUrl(this.baseUrl, `/api/marketplace/v3/supplies/${encodeURIComponent(supplyId)}/orders`),
      headers,
      body: add,
    });
    await requestJson(ctx, {
      method: 'PATCH',
      url: joinUrl(this.baseUrl, `/api/v3/supplies/${encodeURIComponent(supplyId)}/deliver`),
      headers,
    });
    return { supplyId, deliveredAt: new Date().toISOString() };
  }

  async label(store: StoreCredentials, order: AssemblyOrder): Promise<Uint8Array> {
    const id = this.taskId(store, order);
    const body: StickersRequest = { orders: [id] };
    const answer = await requestJson<StickersResponse>(this.context(store), {
      method: 'POST',
      url: joinUrl(this.baseUrl, '/api/v3/orders/stickers', { type: 'png', width: 58, height: 40 }),
      headers: { Authorization: store.apiKey },
      body,
    });
    const sticker = answer?.stickers?.find((s) => s.orderId === id && typeof s.file === 'string');
    if (!sticker?.file)
      throw new MarketplaceRefusedError(
        this.marketplace,
        store.name,
        409,
        `Wildberries не выдал стикер задания ${id}: стикер бывает только у собранного задания (на сборке или в ` +
          'доставке) — сначала соберите заказ.',
      );
    const caption = `WB ${id}${sticker.partA ? `  ${sticker.partA} ${sticker.partB ?? ''}` : ''}`.trim();
    return stickersPdf(store, [{ caption, png: new Uint8Array(Buffer.from(sticker.file, 'base64')) }]);
  }

  private taskId(store: StoreCredentials, order: AssemblyOrder): number {
    const id = Number(order.postingNumber);
    if (!Number.isSafeInteger(id) || id <= 0)
      throw new MarketplaceRefusedError(
        this.marketplace,
        store.name,
        400,
        `«${order.postingNumber}» — не номер сборочного задания Wildberries.`,
      );
    return id;
  }

  private async status(ctx: CallContext, id: number): Promise<OrderStatus | undefined> {
    const body: OrdersStatusRequest = { orders: [id] };
    const answer = await requestJson<OrdersStatusResponse>(ctx, {
      method: 'POST',
      url: joinUrl(this.baseUrl, '/api/v3/orders/status'),
      headers: { Authorization: ctx.store.apiKey },
      body,
    });
    return answer?.orders?.find((o) => o.id === id);
  }

  private context(store: StoreCredentials): CallContext {
    const pacer = this.pacing.wildberriesMarketplace(
      store.apiKey,
      this.options.wildberriesPerMinute,
      this.options.wildberriesBurst,
      this.options.minuteMs,
    );
    return { marketplace: this.marketplace, store, retry: this.options.retry, pacer };
  }
}
