import { randomUUID } from 'node:crypto';
import { Problem } from '../lib/problem.ts';
import type { OrderLineBooks } from '../db/schema/index.ts';
import type { OrderLineRow, OrderRow, OrdersRepository } from '../repositories/orders.ts';
import type { RealizationsRepository } from '../repositories/realizations.ts';
import type { ReservesRepository } from '../repositories/reserves.ts';
import type { StockEngine } from '../stock/engine.ts';

/** What the order's stage asks of its lines (docs/rules.md «Заказы маркетплейсов»). */
export type BooksTarget = 'none' | 'reserved' | 'sold' | 'released' | 'skipped';

export function targetOf(order: Pick<OrderRow, 'stage' | 'beforeIntake' | 'cancelledAfterHandover'>): BooksTarget {
  if (order.beforeIntake) return 'skipped';
  switch (order.stage) {
    case 'new':
      return 'none';
    case 'awaiting_packaging':
      return 'reserved';
    case 'awaiting_deliver':
    case 'delivering':
    case 'delivered':
      return 'sold';
    case 'cancelled':
      return order.cancelledAfterHandover ? 'sold' : 'released';
  }
}

export interface OrderBooksDeps {
  orders: OrdersRepository;
  reserves: ReservesRepository;
  realizations: RealizationsRepository;
  stock: StockEngine;
}

/** What applying an order changed: lines whose books moved (anything that changes available counts). */
export interface Applied {
  moved: number;
}

const settled: OrderLineBooks[] = ['sold', 'released', 'skipped'];

/**
 * Moves an order's lines to what its stage asks — exactly once per line. Call inside the order's transaction with
 * its lines locked and their products already locked (product locks first, then writes: the lock order every
 * stock write keeps). A line's state says what it already did, and the reserve and the sale carry the line's id
 * under unique indexes, so a re-read, a retry or a second instance finds the work done and does nothing.
 */
export class OrderBooks {
  constructor(private readonly deps: OrderBooksDeps) {}

  /**
   * Locks a product before the order's rows are written. A product deleted since (merged into another) is not
   * locked: its lines keep what they did and wait.
   */
  async lockProduct(userId: string, productId: string): Promise<boolean> {
    try {
      await this.deps.stock.lockProduct(userId, productId);
      return true;
    } catch (err) {
      if (err instanceof Problem && err.status === 404) return false;
      throw err;
    }
  }

  async apply(userId: string, order: OrderRow, lines: OrderLineRow[]): Promise<Applied> {
    const target = targetOf(order);
    const applied: Applied = { moved: 0 };
    for (const line of lines) {
      const next = await this.applyLine(userId, order, line, target);
      if (next && next !== line.books) applied.moved += 1;
    }
    return applied;
  }

  /** Answers the line's books after the move, or undefined when nothing changed. */
  private async applyLine(
    userId: string,
    order: OrderRow,
    line: OrderLineRow,
    target: BooksTarget,
  ): Promise<OrderLineBooks | undefined> {
    const { orders } = this.deps;
    if (settled.includes(line.books)) return undefined;
    const holding = line.books === 'reserved' || line.books === 'waiting_stock';
    // Handed over and short of units: it stays on the way to a sale whatever the marketplace says next.
    const goal: BooksTarget = line.books === 'waiting_stock' ? 'sold' : target;

    if (goal === 'none') return undefined;
    if (goal === 'skipped' || (goal === 'released' && !holding)) {
      await orders.updateLine(userId, line.id, { books: 'skipped' });
      return 'skipped';
    }
    if (goal === 'released') {
      await this.deps.reserves.update(userId, line.reserveId!, { status: 'released' });
      await orders.updateLine(userId, line.id, { books: 'released', shortage: 0 });
      return 'released';
    }
    if (!line.productId) {
      if (line.books === 'unlinked') return undefined;
      await orders.updateLine(userId, line.id, { books: 'unlinked' });
      return 'unlinked';
    }
    let reserveId = line.reserveId;
    if (!holding) {
      reserveId = randomUUID();
      await this.deps.reserves.insert(userId, {
        id: reserveId,
        productId: line.productId,
        count: line.quantity,
        price: line.price,
        orderLineId: line.id,
        postingMarketplace: order.marketplace,
        postingStoreId: order.storeId,
        postingNumber: order.postingNumber,
      });
    }
    if (goal === 'reserved') {
      await orders.updateLine(userId, line.id, { books: 'reserved', reserveId });
      return 'reserved';
    }
    return this.sell(userId, order, { ...line, reserveId });
  }

  /**
   * The handover: the line's reserve becomes a sale of its units, FIFO, dated at the handover. Other orders' reserves
   * cannot stop a handover that happened; only missing units can — then the line waits, its reserve still holding
   * what there is, and is sold by a later run once the units arrive.
   */
  private async sell(userId: string, order: OrderRow, line: OrderLineRow): Promise<OrderLineBooks> {
    const { stock, orders, reserves, realizations } = this.deps;
    const productId = line.productId!;
    const realizationId = randomUUID();
    const shippedAt = order.shippedAt ?? new Date();
    const take = (dated: boolean) =>
      stock.take(userId, {
        productId,
        quantity: line.quantity,
        reason: 'realization',
        source: { table: 'realizations', id: realizationId },
        ignoreReserves: true,
        date: dated ? { at: shippedAt, dayOnly: false } : undefined,
      });
    let taken;
    let datedAt: Date | undefined = shippedAt;
    try {
      taken = await take(true);
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      if (err.code === 'before_receipt') {
        // The units were received (typed in) after the handover: the sale is dated now, when the books had them.
        taken = await take(false).catch((again: unknown) => {
          if (again instanceof Problem && again.code === 'insufficient_stock') return undefined;
          throw again;
        });
        datedAt = undefined;
      } else if (err.code !== 'insufficient_stock') throw err;
    }
    if (!taken) {
      const { onHand } = await stock.available(userId, productId);
      const shortage = Math.max(1, line.quantity - Math.max(0, onHand));
      if (line.books === 'waiting_stock' && line.shortage === shortage) return 'waiting_stock';
      await orders.updateLine(userId, line.id, { books: 'waiting_stock', reserveId: line.reserveId, shortage });
      return 'waiting_stock';
    }
    await reserves.update(userId, line.reserveId!, { status: 'realized' });
    await realizations.insert(userId, {
      id: realizationId,
      productId,
      count: line.quantity,
      price: taken.unitCost,
      realizationPrice: line.price,
      datetime: datedAt,
      createdAt: datedAt,
      orderLineId: line.id,
      postingMarketplace: order.marketplace,
      postingStoreId: order.storeId,
      postingNumber: order.postingNumber,
    });
    await orders.updateLine(userId, line.id, { books: 'sold', reserveId: line.reserveId, realizationId, shortage: 0 });
    return 'sold';
  }
}
