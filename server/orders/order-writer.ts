import type { Db } from '../db/client.ts';
import type { OrderLineBooks } from '../db/schema/index.ts';
import { currentTransaction, runInTransaction } from '../db/tx-context.ts';
import { lockUser } from '../db/user-lock.ts';
import { pgErrorOf } from '../lib/pg-errors.ts';
import type { LiveHub } from '../live/hub.ts';
import type { MarketplaceOrder } from '../marketplaces/types.ts';
import type { MarketRow } from '../repositories/markets.ts';
import type { OrderLineRow, OrdersRepository } from '../repositories/orders.ts';
import type { PostingsRepository } from '../repositories/postings.ts';
import { listingMatcher, storeListingsMatching, type StoreListing } from '../repositories/store-listings.ts';
import { targetOf, type BooksTarget, type OrderBooks } from './books.ts';

export interface OrderWriterDeps {
  db: Db;
  orders: OrdersRepository;
  postings: PostingsRepository;
  books: OrderBooks;
  live: LiveHub;
}

export type WriterStore = Pick<MarketRow, 'id' | 'marketplace' | 'marketId'>;

/** SQLSTATEs a retry of the whole transaction cures: a deadlock, a serialization failure, a twin's unique insert. */
const RETRYABLE = new Set(['40P01', '40001', '23505']);

/** Whether a line still has something to do for the target (lines waiting on outside things are retried apart). */
function needsWork(target: BooksTarget, books: OrderLineBooks): boolean {
  if (books === 'pending') return target !== 'none';
  if (books === 'reserved') return target !== 'reserved';
  return false;
}

/** When and how a store's intake began, for telling orders handed over before it. */
export interface IntakeStart {
  /** Before the first run finished: everything it reads happened before the intake began. */
  firstRun: boolean;
  /** Where the first run's reading began: older changes it never saw. */
  windowStart: Date;
}

/**
 * An order first seen already handed over was handed over before the intake began (docs/rules.md «Заказы
 * маркетплейсов», `before_intake`) when the first run finds it so, or when it was ordered before the first run's
 * window, so that run could not see its handover. A later run's newcomer changed since the previous cursor: after.
 * The marketplaces' own clocks and rounding (YM dates to the second, in Moscow time) never decide this alone.
 */
export function handedOverBeforeIntake(order: MarketplaceOrder, start: IntakeStart): boolean {
  if (order.stage !== 'delivering' && order.stage !== 'delivered') return false;
  if (start.firstRun) return true;
  const ordered = Date.parse(order.orderedAt ?? '');
  return Number.isFinite(ordered) && ordered < start.windowStart.getTime();
}

export const zeroQuantityProblem = (offers: string[]) =>
  `Маркетплейс прислал позиции без количества (${offers.join(', ')}): они пропущены, учёт по ним не менялся.`;

/**
 * Writes one store's orders, one order per transaction: the user's lock, then its listings matched and its products
 * locked (the lock order of every write: the user, products, then rows — server/db/user-lock.ts), then the order and
 * its lines are stored and the books moved. A deadlock or a twin's insert rolls the order back and it is written
 * again from scratch.
 */
export class OrderWriter {
  moved = 0;
  private changed = false;

  constructor(
    private readonly deps: OrderWriterDeps,
    private readonly userId: string,
    private readonly store: WriterStore,
    private readonly intake: IntakeStart,
  ) {}

  private async lock(productId: string): Promise<void> {
    await this.deps.books.lockProduct(this.userId, productId);
  }

  async write(feed: MarketplaceOrder): Promise<void> {
    const usable = feed.items.filter((i) => Number.isInteger(i.quantity) && i.quantity > 0);
    const dropped = feed.items.filter((i) => !usable.includes(i)).map((i) => i.offerId || i.lineKey);
    const order = { ...feed, items: usable };
    if (await this.unchanged(order, dropped.length > 0)) return;
    await this.transaction(async () => {
      const listings = await this.matching(order.items);
      const find = listingMatcher(listings);
      const known = await this.knownLines(order.postingNumber);
      const products = new Set<string>();
      for (const l of known) if (l.productId) products.add(l.productId);
      for (const i of order.items) {
        const p = find(i.offerId, i.externalProductId)?.productId;
        if (p) products.add(p);
      }
      for (const id of [...products].sort()) await this.lock(id);

      const {
        order: row,
        lines,
        changed,
      } = await this.deps.orders.upsert(this.userId, this.store, order, new Date(), (o) =>
        handedOverBeforeIntake(o, this.intake),
      );
      if (dropped.length)
        await this.deps.orders.setProblem(
          this.userId,
          this.store.id,
          [order.postingNumber],
          zeroQuantityProblem(dropped),
        );
      const linked = await this.link(lines, find);
      const applied = await this.deps.books.apply(this.userId, row, linked);
      this.moved += applied.moved;
      if (changed || applied.moved > 0) this.changed = true;
    });
  }

  /** Lines waiting on something outside their order (a listing linked since, units received since): tried again. */
  async retryWaiting(): Promise<void> {
    const waiting = await this.deps.orders.ordersWaiting(this.userId, this.store.id);
    for (const { id } of waiting) await this.reapply(id);
  }

  /** Applies one stored order again (after a link, or for its waiting lines). */
  async reapply(orderId: string): Promise<void> {
    await this.transaction(async () => {
      const lines = await this.deps.orders.linesOf(this.userId, orderId);
      const listings = await this.matching(lines.filter((l) => !l.productId));
      const find = listingMatcher(listings);
      const products = new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])));
      for (const l of lines) {
        const p = !l.productId ? find(l.offerId, l.externalProductId ?? undefined)?.productId : null;
        if (p) products.add(p);
      }
      for (const id of [...products].sort()) await this.lock(id);
      const order = await this.deps.orders.lockOrder(this.userId, orderId);
      if (!order) return;
      const locked = await this.deps.orders.linesOf(this.userId, orderId, true);
      const linked = await this.link(locked, find);
      const applied = await this.deps.books.apply(this.userId, order, linked);
      this.moved += applied.moved;
      if (applied.moved > 0) this.changed = true;
    });
  }

  /** The store's /shipping-delivery figures, rebuilt from its orders as of the run's start. */
  async rebuildFigures(fetchedAt: Date): Promise<void> {
    await this.transaction(async () => {
      const figures = await this.deps.orders.storeFigures(this.userId, this.store.id);
      const { written, cleared } = await this.deps.postings.replaceSnapshot(
        this.userId,
        this.store,
        figures,
        fetchedAt,
        { onlyChanged: true },
      );
      if (written + cleared > 0) this.changed = true;
    });
  }

  /** One `changes` message for the whole run: devices pull, and the automatic stock push starts its timer. */
  async flush(): Promise<void> {
    if (!this.changed) return;
    this.changed = false;
    this.deps.live.publish(this.userId, { type: 'changes' });
  }

  /** An order already stored as the marketplace reports it, with nothing left to do, costs no transaction. */
  private async unchanged(order: MarketplaceOrder, hasDropped: boolean): Promise<boolean> {
    const [stored] = await this.deps.orders.byPosting(this.userId, this.store.id, [order.postingNumber]);
    if (!stored || hasDropped) return false;
    if (stored.order.stage !== order.stage || stored.order.status !== order.status || stored.order.problem)
      return false;
    const keys = new Set(stored.lines.map((l) => l.lineKey));
    if (order.items.some((i) => !keys.has(i.lineKey))) return false;
    if (!!order.cancelledAfterHandover && !stored.order.cancelledAfterHandover) return false;
    const target = targetOf(stored.order);
    return !stored.lines.some((l) => needsWork(target, l.books));
  }

  private async knownLines(postingNumber: string): Promise<OrderLineRow[]> {
    const [stored] = await this.deps.orders.byPosting(this.userId, this.store.id, [postingNumber]);
    return stored?.lines ?? [];
  }

  private matching(
    items: ReadonlyArray<{ offerId: string; externalProductId?: string | null }>,
  ): Promise<StoreListing[]> {
    const offers = [...new Set(items.map((i) => i.offerId).filter(Boolean))];
    const externals = [...new Set(items.flatMap((i) => (i.externalProductId ? [i.externalProductId] : [])))];
    return storeListingsMatching(this.deps.db, this.userId, this.store, offers, externals);
  }

  /** Lines with nothing booked yet take their listing's product, if the store has the listing now. */
  private async link(
    lines: OrderLineRow[],
    find: ReturnType<typeof listingMatcher<StoreListing>>,
  ): Promise<OrderLineRow[]> {
    const out: OrderLineRow[] = [];
    for (const line of lines) {
      if (line.productId || (line.books !== 'pending' && line.books !== 'unlinked')) {
        out.push(line);
        continue;
      }
      const listing = find(line.offerId, line.externalProductId ?? undefined);
      if (!listing?.productId) {
        out.push(line);
        continue;
      }
      const books: OrderLineBooks = 'pending';
      await this.deps.orders.updateLine(this.userId, line.id, {
        productId: listing.productId,
        productMpId: listing.id,
        books,
      });
      out.push({ ...line, productId: listing.productId, productMpId: listing.id, books });
    }
    return out;
  }

  /**
   * Inside a request's transaction (a link) the work joins it, under the user's lock the request took; otherwise
   * each order is its own transaction, the user's lock first, retried.
   */
  private async transaction(work: () => Promise<void>): Promise<void> {
    if (currentTransaction()) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.db.transaction((tx) =>
          runInTransaction(tx, async () => {
            await lockUser(tx, this.userId);
            await work();
          }),
        );
        return;
      } catch (err) {
        const code = pgErrorOf(err)?.code;
        if (!code || !RETRYABLE.has(code) || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 20 * attempt * Math.random()));
      }
    }
  }
}
