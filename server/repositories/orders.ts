import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders, type OrderLineBooks, type OrderStage } from '../db/schema/index.ts';
import { dbOf } from '../db/tx-context.ts';
import type { MarketplaceOrder } from '../marketplaces/types.ts';
import { liveRows } from './owned-rows.ts';
import type { ListingFigures } from './postings.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLineChanges = Partial<
  Pick<OrderLineRow, 'books' | 'reserveId' | 'realizationId' | 'shortage' | 'productId' | 'productMpId'>
>;

/** The stages after which nothing the marketplace says changes the books any more. */
const finalStages: OrderStage[] = ['delivered', 'cancelled'];

export interface OrderStore {
  id: string;
  marketplace: string;
}

/**
 * The SQL of marketplace orders (docs/rules.md «Заказы маркетплейсов»): orders and their lines as the intake stores
 * them, the row locks that make a line's books move once, and the reads of /orders. Every read and write is scoped to
 * the user; the rows are mirrored, so plain inserts and updates let the version trigger stamp them.
 */
export class OrdersRepository {
  constructor(private readonly root: Db) {}

  /**
   * Stores the order as the marketplace reports it now and answers it with its lines, locked until the transaction
   * ends. A line is added the first time it is seen and keeps what it did to the books; only its description (name,
   * price, quantity while nothing was booked) follows the marketplace. `firstSeenBeforeIntake` marks a new order
   * that was handed over before the store's intake began.
   */
  async upsert(
    userId: string,
    store: OrderStore,
    order: MarketplaceOrder,
    seenAt: Date,
    firstSeenBeforeIntake: (order: MarketplaceOrder) => boolean,
  ): Promise<{ order: OrderRow; lines: OrderLineRow[]; changed: boolean }> {
    const db = dbOf(this.root);
    const handedOver = ['awaiting_deliver', 'delivering', 'delivered'].includes(order.stage);
    const shippedAt = order.shippedAt ? new Date(order.shippedAt) : handedOver ? seenAt : null;
    const [existing] = await db
      .select()
      .from(orders)
      .where(
        and(eq(orders.storeId, store.id), eq(orders.postingNumber, order.postingNumber), eq(orders.userId, userId)),
      )
      .for('update');
    let row: OrderRow;
    let changed = false;
    if (!existing) {
      const [inserted] = await db
        .insert(orders)
        .values({
          userId,
          storeId: store.id,
          marketplace: store.marketplace,
          postingNumber: order.postingNumber,
          status: order.status,
          stage: order.stage,
          orderedAt: order.orderedAt ? new Date(order.orderedAt) : null,
          changedAt: new Date(order.changedAt),
          shippedAt,
          cancelledAfterHandover: order.cancelledAfterHandover ?? false,
          beforeIntake: firstSeenBeforeIntake(order),
        })
        // A twin run that inserted it first: take its row below.
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        row = inserted;
        changed = true;
      } else {
        return this.upsert(userId, store, order, seenAt, firstSeenBeforeIntake);
      }
    } else {
      row = existing;
      // An older report (a page read before a later one, an overlap re-read) never moves an order back.
      // Nor does a re-read from before a «Собрано» the marketplace accepted (docs/rules.md «Сборка заказов») move it
      // back to packaging: the assembly handed it over without a marketplace time of its own.
      const beforeAssembly = existing.assembledAt !== null && ['new', 'awaiting_packaging'].includes(order.stage);
      const newer = new Date(order.changedAt).getTime() >= existing.changedAt.getTime() && !beforeAssembly;
      const changes = {
        status: order.status,
        stage: order.stage,
        changedAt: new Date(order.changedAt),
        shippedAt: existing.shippedAt ?? shippedAt,
        // Once the marketplace said it was handed over before the cancel, that stays true.
        cancelledAfterHandover: existing.cancelledAfterHandover || (order.cancelledAfterHandover ?? false),
        problem: null,
      };
      const differs =
        existing.status !== changes.status ||
        existing.stage !== changes.stage ||
        existing.shippedAt?.getTime() !== changes.shippedAt?.getTime() ||
        existing.cancelledAfterHandover !== changes.cancelledAfterHandover ||
        existing.problem !== null;
      if (newer && differs) {
        const [updated] = await db.update(orders).set(changes).where(eq(orders.id, existing.id)).returning();
        row = updated!;
        changed = true;
      }
    }

    const known = await this.linesOf(userId, row.id, true);
    const byKey = new Map(known.map((l) => [l.lineKey, l]));
    const fresh = order.items.filter((i) => !byKey.has(i.lineKey) && i.quantity > 0);
    if (fresh.length > 0) {
      changed = true;
      await db
        .insert(orderLines)
        .values(
          fresh.map((i) => ({
            userId,
            orderId: row.id,
            lineKey: i.lineKey,
            offerId: i.offerId,
            externalProductId: i.externalProductId ?? null,
            name: i.name ?? '',
            quantity: i.quantity,
            price: i.price ?? 0,
          })),
        )
        .onConflictDoNothing();
    }
    for (const item of order.items) {
      const line = byKey.get(item.lineKey);
      if (!line) continue;
      const quantity = line.books === 'pending' || line.books === 'unlinked' ? item.quantity : line.quantity;
      const price = item.price ?? line.price;
      if (
        quantity > 0 &&
        (quantity !== line.quantity || price !== line.price || (item.name && item.name !== line.name))
      )
        await db
          .update(orderLines)
          .set({ quantity, price, name: item.name || line.name })
          .where(eq(orderLines.id, line.id));
    }
    return { order: row, lines: await this.linesOf(userId, row.id, true), changed };
  }

  /** The store's orders of these posting numbers, each with its live lines (no locks: a cheap look before writing). */
  async byPosting(
    userId: string,
    storeId: string,
    postingNumbers: string[],
  ): Promise<Array<{ order: OrderRow; lines: OrderLineRow[] }>> {
    if (postingNumbers.length === 0) return [];
    const rows = await dbOf(this.root)
      .select()
      .from(orders)
      .where(and(liveRows(orders, userId), eq(orders.storeId, storeId), inArray(orders.postingNumber, postingNumbers)));
    const lines = await this.linesOfOrders(
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((order) => ({ order, lines: lines.filter((l) => l.orderId === order.id) }));
  }

  /** The order's live lines by key; with `lock`, held until the transaction ends (id order: no deadlocks). */
  linesOf(userId: string, orderId: string, lock = false): Promise<OrderLineRow[]> {
    const query = dbOf(this.root)
      .select()
      .from(orderLines)
      .where(and(liveRows(orderLines, userId), eq(orderLines.orderId, orderId)))
      .orderBy(asc(orderLines.id));
    return lock ? query.for('update') : query;
  }

  async lockOrder(userId: string, orderId: string): Promise<OrderRow | undefined> {
    const [row] = await dbOf(this.root)
      .select()
      .from(orders)
      .where(and(liveRows(orders, userId), eq(orders.id, orderId)))
      .for('update');
    return row;
  }

  async updateLine(userId: string, lineId: string, changes: OrderLineChanges): Promise<void> {
    await dbOf(this.root)
      .update(orderLines)
      .set(changes)
      .where(and(eq(orderLines.userId, userId), eq(orderLines.id, lineId)));
  }

  /** Notes a problem on the order (null clears it); unchanged text writes nothing. */
  async setProblem(userId: string, storeId: string, postingNumbers: string[], problem: string | null): Promise<number> {
    if (postingNumbers.length === 0) return 0;
    const rows = await dbOf(this.root)
      .update(orders)
      .set({ problem })
      .where(
        and(
          liveRows(orders, userId),
          eq(orders.storeId, storeId),
          inArray(orders.postingNumber, postingNumbers),
          problem === null ? sql`${orders.problem} is not null` : sql`${orders.problem} is distinct from ${problem}`,
        ),
      )
      .returning({ id: orders.id });
    return rows.length;
  }

  /** Posting numbers of the store's orders the books still follow (not delivered, not cancelled), oldest first. */
  async openPostings(userId: string, storeId: string): Promise<string[]> {
    const rows = await dbOf(this.root)
      .select({ postingNumber: orders.postingNumber })
      .from(orders)
      .where(and(liveRows(orders, userId), eq(orders.storeId, storeId), notInArray(orders.stage, finalStages)))
      .orderBy(asc(orders.changedAt));
    return rows.map((r) => r.postingNumber);
  }

  /**
   * The store's orders with a line whose books wait for something outside the order (a listing to be linked, units
   * to arrive): each run tries them again.
   */
  async ordersWaiting(userId: string, storeId: string, books: OrderLineBooks[] = ['unlinked', 'waiting_stock']) {
    return dbOf(this.root)
      .selectDistinct({ id: orders.id, postingNumber: orders.postingNumber })
      .from(orders)
      .innerJoin(orderLines, and(eq(orderLines.orderId, orders.id), inArray(orderLines.books, books)))
      .where(and(liveRows(orders, userId), eq(orders.storeId, storeId)))
      .orderBy(asc(orders.postingNumber));
  }

  /** Orders of the store with an unlinked line of this offer: what linking it applies. */
  async ordersWithUnlinkedOffer(userId: string, storeId: string, offerId: string): Promise<string[]> {
    const rows = await dbOf(this.root)
      .selectDistinct({ id: orders.id })
      .from(orders)
      .innerJoin(
        orderLines,
        and(eq(orderLines.orderId, orders.id), eq(orderLines.books, 'unlinked'), eq(orderLines.offerId, offerId)),
      )
      .where(and(liveRows(orders, userId), eq(orders.storeId, storeId)));
    return rows.map((r) => r.id).sort();
  }

  /**
   * The store's posting-status figures from its stored orders (docs/rules.md «Достаточность»): units per listing and
   * stage, over lines matched to a listing, for the snapshot /shipping-delivery reads.
   */
  async storeFigures(userId: string, storeId: string): Promise<ListingFigures[]> {
    const units = (stage: OrderStage) =>
      sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.stage} = ${stage}), 0)`.mapWith(Number);
    const rows = await dbOf(this.root)
      .select({
        productMpId: sql<string>`${orderLines.productMpId}`,
        awaitingPackaging: units('awaiting_packaging'),
        awaitingDeliver: units('awaiting_deliver'),
        delivering: units('delivering'),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          liveRows(orders, userId),
          eq(orders.storeId, storeId),
          eq(orders.beforeIntake, false),
          inArray(orders.stage, ['awaiting_packaging', 'awaiting_deliver', 'delivering']),
          sql`${orderLines.productMpId} is not null`,
          sql`${orderLines.deletedAt} is null`,
        ),
      )
      .groupBy(orderLines.productMpId);
    return rows;
  }

  /** The live lines of the given orders. */
  linesOfOrders(userId: string, orderIds: string[]): Promise<OrderLineRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return dbOf(this.root)
      .select()
      .from(orderLines)
      .where(and(liveRows(orderLines, userId), inArray(orderLines.orderId, orderIds)))
      .orderBy(asc(orderLines.orderId), asc(orderLines.lineKey));
  }
}
