import { and, eq, isNull } from 'drizzle-orm';
import { allocate, fifoCompare, unitCostOf, type LotStock } from '../../../domain/fifo.ts';
import type { Db } from '../../../server/db/client.ts';
import {
  lots,
  orderLines,
  orders,
  productsWh,
  realizations,
  reserves,
  stockMovements,
} from '../../../server/db/schema/index.ts';
import { expectedBooks, statusOf, type ModelPosting } from './orders-model.ts';

/*
 * Reads the user's books after the randomized order test and compares them with its model (orders-model.ts): every
 * mismatch is a line of text, so a failure lists them all with the seed. Checks both the exact model (each line's
 * books, reserve and sale; each product's units) and the ledger's invariants (FIFO replayed in commit order).
 */

export async function readBooks(db: Db, userId: string) {
  const [o, l, r, s, lt, m, p] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), isNull(orders.deletedAt))),
    db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.userId, userId), isNull(orderLines.deletedAt))),
    db
      .select()
      .from(reserves)
      .where(and(eq(reserves.userId, userId), isNull(reserves.deletedAt))),
    db
      .select()
      .from(realizations)
      .where(and(eq(realizations.userId, userId), isNull(realizations.deletedAt))),
    db.select().from(lots).where(eq(lots.userId, userId)),
    db.select().from(stockMovements).where(eq(stockMovements.userId, userId)),
    db
      .select()
      .from(productsWh)
      .where(and(eq(productsWh.userId, userId), isNull(productsWh.deletedAt))),
  ]);
  return { orders: o, lines: l, reserves: r, realizations: s, lots: lt, movements: m, products: p };
}
export type Books = Awaited<ReturnType<typeof readBooks>>;

export interface ModelOfBooks {
  postings: ModelPosting[];
  productIdOf: (key: number) => string;
  withoutStock: (key: number) => boolean;
  /** Units the test received per product id. */
  received: Map<string, number>;
}

const groupBy = <T, K>(items: readonly T[], key: (t: T) => K) => {
  const out = new Map<K, T[]>();
  for (const i of items) out.set(key(i), [...(out.get(key(i)) ?? []), i]);
  return out;
};
const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);

/** Each posting's order and line, and what the line did, against the model: exactly once, nothing lost. */
export function checkLines(books: Books, model: ModelOfBooks): string[] {
  const errors: string[] = [];
  const byPosting = groupBy(books.orders, (o) => `${o.marketplace}:${o.postingNumber}`);
  const linesByOrder = groupBy(books.lines, (l) => l.orderId);
  const reservesByLine = groupBy(books.reserves, (r) => r.orderLineId);
  const salesByLine = groupBy(books.realizations, (r) => r.orderLineId);
  if (books.orders.length !== model.postings.length)
    errors.push(`orders: ${books.orders.length} stored, ${model.postings.length} in the sandbox`);
  const lineIds = new Set(books.lines.map((l) => l.id));
  for (const r of books.reserves)
    if (r.orderLineId && !lineIds.has(r.orderLineId)) errors.push(`reserve ${r.id} of an unknown line`);
  for (const r of books.realizations)
    if (r.orderLineId && !lineIds.has(r.orderLineId)) errors.push(`realization ${r.id} of an unknown line`);

  for (const p of model.postings) {
    const name = `${p.marketplace} ${p.postingNumber} #${p.productKey} ×${p.quantity} [${p.history.join(' → ')}]`;
    const found = byPosting.get(`${p.marketplace}:${p.postingNumber}`) ?? [];
    if (found.length !== 1) {
      errors.push(`${name}: ${found.length} orders stored`);
      continue;
    }
    const order = found[0]!;
    if (order.status !== statusOf(p)) errors.push(`${name}: stored status ${order.status}`);
    if (order.beforeIntake !== p.beforeIntake) errors.push(`${name}: before_intake ${order.beforeIntake}`);
    if (order.problem) errors.push(`${name}: problem «${order.problem}»`);
    const lines = linesByOrder.get(order.id) ?? [];
    if (lines.length !== 1) {
      errors.push(`${name}: ${lines.length} lines`);
      continue;
    }
    const line = lines[0]!;
    const productId = model.productIdOf(p.productKey);
    if (line.offerId !== p.offerId || line.quantity !== p.quantity || line.price !== p.price)
      errors.push(
        `${name}: line ${line.offerId} ×${line.quantity} @${line.price}, made ${p.offerId} ×${p.quantity} @${p.price}`,
      );
    const expected = expectedBooks(p, model.withoutStock);
    const accepted = expected.split('|');
    if (!accepted.includes(line.books)) {
      errors.push(`${name}: books ${line.books}, expected ${expected}`);
      continue;
    }
    // A line that did nothing may never have been linked (cancelled while its article was not).
    const linkable = line.books !== 'skipped' || line.productId !== null;
    if (!p.beforeIntake && linkable && line.productId !== productId) errors.push(`${name}: product ${line.productId}`);
    const rs = reservesByLine.get(line.id) ?? [];
    const ss = salesByLine.get(line.id) ?? [];
    const want = {
      reserved: { reserve: 'active', sale: false },
      waiting_stock: { reserve: 'active', sale: false },
      sold: { reserve: 'realized', sale: true },
      released: { reserve: 'released', sale: false },
      skipped: { reserve: null, sale: false },
    }[line.books as 'reserved' | 'waiting_stock' | 'sold' | 'released' | 'skipped'];
    if (rs.length !== (want.reserve ? 1 : 0)) errors.push(`${name}: ${rs.length} reserves for books ${line.books}`);
    if (ss.length !== (want.sale ? 1 : 0)) errors.push(`${name}: ${ss.length} realizations for books ${line.books}`);
    const reserve = rs[0];
    if (reserve && want.reserve) {
      if (reserve.status !== want.reserve) errors.push(`${name}: reserve ${reserve.status}`);
      if (reserve.count !== p.quantity || reserve.price !== p.price || reserve.productId !== productId)
        errors.push(`${name}: reserve ×${reserve.count} @${reserve.price} of ${reserve.productId}`);
      if (reserve.postingNumber !== p.postingNumber || reserve.postingMarketplace !== p.marketplace)
        errors.push(`${name}: reserve names ${reserve.postingMarketplace} ${reserve.postingNumber}`);
      if (line.reserveId !== reserve.id) errors.push(`${name}: line's reserve_id ${line.reserveId}`);
    }
    const sale = ss[0];
    if (sale && want.sale) {
      if (sale.status !== 'completed' || sale.count !== p.quantity || sale.realizationPrice !== p.price)
        errors.push(`${name}: realization ${sale.status} ×${sale.count} @${sale.realizationPrice}`);
      if (sale.productId !== productId) errors.push(`${name}: realization of ${sale.productId}`);
      if (line.realizationId !== sale.id) errors.push(`${name}: line's realization_id ${line.realizationId}`);
    }
    if (line.books === 'waiting_stock' && line.shortage !== p.quantity)
      errors.push(`${name}: shortage ${line.shortage}, nothing on hand so ${p.quantity}`);
    if (line.books !== 'waiting_stock' && line.shortage !== 0) errors.push(`${name}: shortage ${line.shortage}`);
  }
  return errors;
}

/** Each product's units: sold, held and on hand equal the model's sums; the rollup equals the lots. */
export function checkProducts(books: Books, model: ModelOfBooks): string[] {
  const errors: string[] = [];
  const sold = new Map<string, number>();
  const held = new Map<string, number>();
  for (const p of model.postings) {
    const books_ = expectedBooks(p, model.withoutStock);
    const id = model.productIdOf(p.productKey);
    if (books_ === 'sold') add(sold, id, p.quantity);
    if (books_ === 'reserved' || books_ === 'waiting_stock') add(held, id, p.quantity);
  }
  for (const product of books.products) {
    const id = product.id;
    const salesUnits = books.realizations
      .filter((r) => r.productId === id && r.status === 'completed')
      .reduce((s, r) => s + r.count, 0);
    const heldUnits = books.reserves
      .filter((r) => r.productId === id && r.status === 'active')
      .reduce((s, r) => s + r.count, 0);
    const lotsOf = books.lots.filter((l) => l.productId === id && !l.deletedAt);
    const onHand = lotsOf.reduce((s, l) => s + l.count, 0);
    const received = lotsOf.reduce((s, l) => s + l.countMax, 0);
    const label = `product ${product.name}`;
    if (salesUnits !== (sold.get(id) ?? 0))
      errors.push(`${label}: ${salesUnits} units sold, model ${sold.get(id) ?? 0}`);
    if (heldUnits !== (held.get(id) ?? 0))
      errors.push(`${label}: ${heldUnits} units reserved, model ${held.get(id) ?? 0}`);
    if (received !== (model.received.get(id) ?? 0))
      errors.push(`${label}: lots received ${received}, the test received ${model.received.get(id) ?? 0}`);
    if (onHand !== received - salesUnits)
      errors.push(`${label}: on hand ${onHand} ≠ received ${received} − sold ${salesUnits}`);
    if (product.stockCount !== onHand) errors.push(`${label}: stock_count ${product.stockCount}, lots ${onHand}`);
    for (const l of lotsOf)
      if (l.count < 0 || l.count > l.countMax) errors.push(`${label}: lot ${l.id} count ${l.count}/${l.countMax}`);
  }
  return errors;
}

/**
 * The ledger: each lot's movements sum to its units; each sale took exactly its count, at the unit cost of the lots
 * it took from, and — replayed per product in commit order (row versions; the product lock orders them) — exactly
 * the units FIFO gives at that moment; the units left are the newest, so sold units are the oldest ones.
 */
export function checkLedger(books: Books): string[] {
  const errors: string[] = [];
  const lotById = new Map(books.lots.map((l) => [l.id, l]));
  const byLot = groupBy(books.movements, (m) => m.lotId);
  for (const lot of books.lots) {
    const sum = (byLot.get(lot.id) ?? []).reduce((s, m) => s + m.delta, 0);
    if (sum !== lot.count) errors.push(`lot ${lot.id}: ledger ${sum}, count ${lot.count}`);
  }
  const salesById = new Map(books.realizations.map((r) => [r.id, r]));
  const ordersById = new Map(books.orders.map((o) => [o.id, o]));
  const lineById = new Map(books.lines.map((l) => [l.id, l]));
  for (const [productId, moves] of groupBy(books.movements, (m) => m.productId)) {
    const present = new Map<string, LotStock>();
    const sorted = [...moves].sort((a, b) => a.version - b.version);
    for (let i = 0; i < sorted.length;) {
      const m = sorted[i]!;
      if (m.reason === 'receipt') {
        const lot = lotById.get(m.lotId)!;
        present.set(lot.id, { id: lot.id, count: m.delta, price: lot.price, receivedAt: lot.receivedAt });
        i += 1;
        continue;
      }
      if (m.reason !== 'realization' || m.sourceTable !== 'realizations') {
        errors.push(`product ${productId}: unexpected movement ${m.reason} from ${m.sourceTable}`);
        i += 1;
        continue;
      }
      let j = i;
      while (j < sorted.length && sorted[j]!.sourceId === m.sourceId) j += 1;
      const group = sorted.slice(i, j);
      i = j;
      const sale = salesById.get(m.sourceId);
      if (!sale) {
        errors.push(`movement of a missing realization ${m.sourceId}`);
        continue;
      }
      const taken = group.map((g) => ({ lotId: g.lotId, count: -g.delta, unitCost: g.unitCost }));
      const units = taken.reduce((s, t) => s + t.count, 0);
      if (units !== sale.count) errors.push(`realization ${sale.id}: ledger took ${units}, count ${sale.count}`);
      if (unitCostOf(taken) !== sale.price)
        errors.push(`realization ${sale.id}: price ${sale.price}, ledger ${unitCostOf(taken)}`);
      const fifo = allocate([...present.values()], sale.count);
      const want = fifo.ok ? fifo.allocations.map((a) => `${a.lotId}×${a.count}@${a.unitCost}`).sort() : ['refused'];
      const got = taken.map((t) => `${t.lotId}×${t.count}@${t.unitCost}`).sort();
      if (want.join() !== got.join())
        errors.push(`realization ${sale.id}: took ${got.join(' ')}, FIFO ${want.join(' ')}`);
      for (const t of taken) {
        const lot = present.get(t.lotId);
        if (lot) lot.count -= t.count;
        if (t.unitCost !== lotById.get(t.lotId)?.price)
          errors.push(`realization ${sale.id}: unit cost ${t.unitCost} of lot ${t.lotId}`);
      }
      // Dated at the handover when its lots were there by then; else when the books had them (now).
      const order = ordersById.get(lineById.get(sale.orderLineId ?? '')?.orderId ?? '');
      const latest = Math.max(...taken.map((t) => lotById.get(t.lotId)!.receivedAt.getTime()));
      const shipped = order?.shippedAt?.getTime();
      const posting = order ? `${order.marketplace} ${order.postingNumber} (${order.status})` : 'no order';
      if (shipped !== undefined && latest <= shipped && sale.datetime.getTime() !== shipped)
        errors.push(
          `realization of ${posting}: dated ${sale.datetime.toISOString()}, handed over ${order!.shippedAt!.toISOString()}`,
        );
      if (sale.datetime.getTime() < latest) errors.push(`realization ${sale.id}: dated before its lot was received`);
    }
    // Whatever the order of sales, FIFO leaves the newest units: the sold ones are a prefix in FIFO order.
    const all = books.lots.filter((l) => l.productId === productId && !l.deletedAt);
    const ordered = [...all].sort(fifoCompare);
    let gone = ordered.reduce((s, l) => s + l.countMax - l.count, 0);
    for (const l of ordered) {
      const want = l.countMax - Math.min(l.countMax, gone);
      gone -= Math.min(l.countMax, gone);
      if (l.count !== want) errors.push(`product ${productId}: lot ${l.id} keeps ${l.count}, FIFO leaves ${want}`);
    }
  }
  return errors;
}
