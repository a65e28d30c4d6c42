import type { SandboxOffer } from './data.ts';
import { isHandedOver, isPacked, isPostingStatus, newPostingStatus } from './posting-statuses.ts';
import { createdIdentity, generatePostings, type SandboxPosting } from './postings.ts';
import type { SandboxMarketplace } from './types.ts';

/**
 * Every store's orders (postings.ts): the generated ones, made on the store's first listing, and those
 * created since, by number for the control API. Statuses and change times change in place, so every
 * marketplace call sees the same orders.
 */

/** A new order as the control API takes it (postings.ts): an article of the store's catalog, units, roubles a unit. */
export interface SandboxOrderRequest {
  offerId: string;
  quantity: number;
  price: number;
  /** OZON Client-Id, WB marketId, YM campaign id; the marketplace's first store by default. */
  store?: string;
}

interface StoreBook {
  offers: SandboxOffer[];
  postings: SandboxPosting[];
}

export class SandboxOrderBook {
  private readonly books = new Map<string, StoreBook>();
  private readonly byNumber = new Map<string, SandboxPosting>();
  private readonly sequences = new Map<SandboxMarketplace, number>();

  constructor(private readonly generatedPerStore: number) {}

  /** A store's orders, generated from `offers` on the first call; what SandboxState.postings answers. */
  postings(marketplace: SandboxMarketplace, storeId: string, offers: SandboxOffer[]): SandboxPosting[] {
    return this.book(marketplace, storeId, offers).postings;
  }

  /** The catalog a store's orders were generated from, once they were; undefined before. */
  offers(marketplace: SandboxMarketplace, storeId: string): SandboxOffer[] | undefined {
    return this.books.get(`${marketplace}:${storeId}`)?.offers;
  }

  find(marketplace: SandboxMarketplace, postingNumber: string): SandboxPosting | undefined {
    return this.byNumber.get(`${marketplace}:${postingNumber}`);
  }

  /**
   * Moves an order; a new status is a change (its time moves to `now`), the same one is not. The first
   * move out of the warehouse is its handover.
   */
  setStatus(marketplace: SandboxMarketplace, postingNumber: string, status: string, now = Date.now()): SandboxPosting {
    const posting = this.find(marketplace, postingNumber);
    if (!posting) throw new RangeError(`sandbox: no ${marketplace} posting ${postingNumber}`);
    if (!isPostingStatus(marketplace, status)) throw new RangeError(`sandbox: ${marketplace} has no status ${status}`);
    if (posting.status !== status) {
      posting.status = status;
      posting.changedAt = new Date(Math.max(now, posting.changedAt.getTime()));
      if (!posting.handedOverAt && isHandedOver(marketplace, status)) posting.handedOverAt = posting.changedAt;
      if (!posting.packedAt && isPacked(marketplace, status)) posting.packedAt = posting.changedAt;
    }
    return posting;
  }

  /**
   * The marketplace forgets an order: no call lists or finds it from now on (OZON /v3/posting/fbs/get
   * answers 404, WB's status call leaves it out, YM's orderIds filter finds nothing). Returns what it was.
   */
  vanish(marketplace: SandboxMarketplace, postingNumber: string): SandboxPosting {
    const posting = this.find(marketplace, postingNumber);
    if (!posting) throw new RangeError(`sandbox: no ${marketplace} posting ${postingNumber}`);
    this.byNumber.delete(`${marketplace}:${postingNumber}`);
    const postings = this.books.get(`${marketplace}:${posting.storeId}`)?.postings;
    const at = postings?.indexOf(posting) ?? -1;
    if (at >= 0) postings!.splice(at, 1);
    return posting;
  }

  /**
   * A new order of a store whose orders exist already (the caller lists them first), awaiting
   * packaging: one posting, or on Wildberries one single-unit task per unit. Throws RangeError for bad input.
   */
  create(
    marketplace: SandboxMarketplace,
    storeId: string,
    order: SandboxOrderRequest,
    now = Date.now(),
  ): SandboxPosting[] {
    const book = this.books.get(`${marketplace}:${storeId}`);
    if (!book) throw new RangeError(`sandbox: no ${marketplace} store ${storeId}`);
    const { offerId, quantity, price } = order;
    if (!Number.isSafeInteger(quantity) || quantity < 1)
      throw new RangeError(`sandbox: quantity must be a whole number of at least 1, got ${String(quantity)}`);
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0)
      throw new RangeError(`sandbox: price must be a number above 0, got ${String(price)}`);
    const offer = book.offers.find((o) => o.offerId === offerId);
    if (!offer) throw new RangeError(`sandbox: the ${marketplace} store ${storeId} has no offer ${String(offerId)}`);
    const units = marketplace === 'WILDBERRIES' ? Array.from({ length: quantity }, () => 1) : [quantity];
    return units.map((count) => {
      const seq = (this.sequences.get(marketplace) ?? 0) + 1;
      this.sequences.set(marketplace, seq);
      const posting: SandboxPosting = {
        marketplace,
        storeId,
        n: book.postings.length + 1,
        ...createdIdentity(marketplace, seq),
        status: newPostingStatus[marketplace],
        createdAt: new Date(now),
        changedAt: new Date(now),
        items: [{ offer, quantity: count, price }],
      };
      book.postings.push(posting);
      this.byNumber.set(`${marketplace}:${posting.postingNumber}`, posting);
      return posting;
    });
  }

  private book(marketplace: SandboxMarketplace, storeId: string, offers: SandboxOffer[]): StoreBook {
    const key = `${marketplace}:${storeId}`;
    let book = this.books.get(key);
    if (!book) {
      const postings = generatePostings(marketplace, storeId, offers, this.generatedPerStore, Date.now());
      this.books.set(key, (book = { offers, postings }));
      for (const p of postings) this.byNumber.set(`${marketplace}:${p.postingNumber}`, p);
    }
    return book;
  }
}
