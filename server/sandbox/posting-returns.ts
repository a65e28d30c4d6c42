import type { SandboxReturn } from './data.ts';
import type { SandboxPosting } from './postings.ts';
import type { SandboxMarketplace } from './types.ts';

/**
 * Customer returns of the sandbox's own orders: a test hands over an order (postings.ts), then the buyer
 * sends it back. Each marketplace's returns call lists them after the store's generated returns, in its
 * own shape (ozon-returns.ts, wildberries-returns.ts, yandex-market-returns.ts), naming the order as the
 * real ones do: OZON by posting_number (and its order_number and order_id), Wildberries by the assembly
 * task id (orderId), Yandex Market by the order id (orderId).
 *
 * In process: sandbox.createReturn('OZON', {postingNumber: '1000000001-0001-1'}) → SandboxReturnView;
 * over HTTP (control-returns.ts): POST /__sandbox/returns/{marketplace} {"posting_number"[, "offer_id",
 * "quantity"]} → 201 SandboxReturnView. The return is of one line of the posting (its only one by default,
 * else `offer_id` picks it), `quantity` units of it (all by default). It is on its way to the seller and
 * dated now. A posting never handed over, an unknown posting or offer, or more units than the line has throw
 * a RangeError (400 over HTTP).
 */

/** A return of an order, as the control API asks for it. */
export interface SandboxReturnRequest {
  postingNumber: string;
  /** The line's article; needed only for a posting of several lines. */
  offerId?: string;
  /** Units returned; the whole line by default. */
  quantity?: number;
}

/** What the control API answers of a created return. */
export interface SandboxReturnView {
  marketplace: SandboxMarketplace;
  /** The store whose returns call lists it: OZON Client-Id, WB marketId, YM campaign id. */
  storeId: string;
  /** OZON return id, WB shkId, YM return id. */
  id: number;
  postingNumber: string;
  offerId: string;
  quantity: number;
  /** ISO 8601 UTC. */
  returnedAt: string;
}

/** Above every generated return id (3e9 … 3.9e9), so the two never collide and OZON's last_id walks onto them. */
const FIRST_ID = 8_000_000_000;

export class SandboxPostingReturns {
  private readonly byStore = new Map<string, SandboxReturn[]>();
  private seq = 0;

  /** The returns of a store's orders, oldest first. */
  of(marketplace: SandboxMarketplace, storeId: string): SandboxReturn[] {
    return this.byStore.get(`${marketplace}:${storeId}`) ?? [];
  }

  /** A return of a line of a handed-over posting; throws RangeError for bad input. */
  create(posting: SandboxPosting, request: SandboxReturnRequest, now = Date.now()): SandboxReturnView {
    const { marketplace, postingNumber } = posting;
    if (!posting.handedOverAt)
      throw new RangeError(
        `sandbox: the ${marketplace} posting ${postingNumber} was not handed over, nothing to return`,
      );
    const item =
      request.offerId === undefined
        ? posting.items.length === 1
          ? posting.items[0]
          : undefined
        : posting.items.find((i) => i.offer.offerId === request.offerId);
    if (!item)
      throw new RangeError(
        request.offerId === undefined
          ? `sandbox: the ${marketplace} posting ${postingNumber} has several lines, offer_id picks one`
          : `sandbox: the ${marketplace} posting ${postingNumber} has no line of ${request.offerId}`,
      );
    const quantity = request.quantity ?? item.quantity;
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > item.quantity)
      throw new RangeError(
        `sandbox: quantity must be a whole number from 1 to ${item.quantity}, got ${String(request.quantity)}`,
      );
    this.seq += 1;
    const { offer } = item;
    const made: SandboxReturn = {
      n: this.seq,
      id: FIRST_ID + this.seq,
      orderId: posting.id,
      postingNumber,
      offer,
      offerId: offer.offerId,
      sku: offer.sku,
      productId: offer.productId,
      name: offer.name,
      quantity,
      price: item.price,
      at: new Date(now),
      stage: 0,
    };
    const key = `${marketplace}:${posting.storeId}`;
    this.byStore.set(key, [...this.of(marketplace, posting.storeId), made]);
    return {
      marketplace,
      storeId: posting.storeId,
      id: made.id,
      postingNumber,
      offerId: offer.offerId,
      quantity,
      returnedAt: made.at.toISOString(),
    };
  }
}
