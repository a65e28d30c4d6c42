import { allocate, roundMoney, unitCostOf, type Allocation } from '../../domain/fifo.ts';
import { stockMessages } from '../../domain/stock-rules.ts';
import { beforeReceipt, conflict, insufficientStock, lotMissing, Problem, productMissing } from '../lib/problem.ts';
import type { LotRow, MovementReason, NewLot, StockRepository, StockSource } from '../repositories/stock.ts';
import { lastInstantOf, type OutflowDate } from '../schemas/outflow-date.ts';

export type OutflowReason = Extract<MovementReason, 'disposal' | 'markdown' | 'realization' | 'other_realization'>;

export interface TakeRequest {
  productId: string;
  quantity: number;
  reason: OutflowReason;
  source: StockSource;
  /** Take only from this lot (a markdown of a particular lot, a return valued at a lot's cost). */
  lotId?: string | null;
  /** An outflow entered afterwards: its ledger rows carry this date, and its lots must have been received by then. */
  date?: OutflowDate;
  /** A marketplace handover that already happened: other orders' reserves cannot stop it, only the units on hand. */
  ignoreReserves?: boolean;
}

export interface Taken {
  allocations: Allocation[];
  /** Cost of goods of what was taken, in roubles. */
  cost: number;
  /** Average unit cost of what was taken. */
  unitCost: number;
}

const units = (n: number) => `${n} шт.`;

/** Refuses `date` if any of the lots was received after it (a bare day: after that day). */
function ensureReceivedBy(lots: Pick<LotRow, 'receivedAt'>[], date: OutflowDate | undefined): void {
  if (!date) return;
  const late = lots.find((l) => l.receivedAt.getTime() > lastInstantOf(date));
  if (late) throw beforeReceipt(date.at, late.receivedAt);
}

/**
 * The stock engine (docs/rules.md). Every change of a lot's remaining units goes through
 * here, under the product's row lock, and writes its ledger rows in the same transaction: the
 * ledger of a lot always sums to its remaining units, and an outflow's ledger rows say exactly
 * which units to put back when it is edited or deleted.
 */
export class StockEngine {
  constructor(private readonly repo: StockRepository) {}

  async lockProduct(userId: string, productId: string): Promise<void> {
    if (!(await this.repo.lockProduct(userId, productId))) throw productMissing();
  }

  /** Units on hand and not set aside by active reserves. */
  async available(
    userId: string,
    productId: string,
    exceptReserveId?: string,
  ): Promise<{ onHand: number; free: number }> {
    const lots = await this.repo.lotsOfProduct(userId, productId);
    const onHand = lots.reduce((s, l) => s + l.count, 0);
    return { onHand, free: onHand - (await this.repo.reservedCount(userId, productId, exceptReserveId)) };
  }

  async receive(userId: string, lot: NewLot): Promise<LotRow> {
    if (!Number.isInteger(lot.count) || lot.count <= 0)
      throw new Problem(400, 'invalid_count', stockMessages.invalidCount);
    await this.lockProduct(userId, lot.productId);
    const row = await this.repo.insertLot(userId, lot);
    await this.repo.recordMovements(userId, [
      {
        productId: row.productId,
        lotId: row.id,
        delta: row.count,
        reason: 'receipt',
        source: { table: 'lots', id: row.id },
        unitCost: row.price,
      },
    ]);
    return row;
  }

  /** Takes units oldest lot first (or from the named lot); 409 naming what is available. */
  async take(userId: string, request: TakeRequest): Promise<Taken> {
    await this.lockProduct(userId, request.productId);
    const lots = await this.repo.lotsOfProduct(userId, request.productId);
    if (request.lotId && !lots.some((l) => l.id === request.lotId)) throw lotMissing();
    const reserved = request.ignoreReserves ? 0 : await this.repo.reservedCount(userId, request.productId);
    const onHand = lots.reduce((s, l) => s + l.count, 0);
    const result = allocate(lots, request.quantity, { lotId: request.lotId ?? undefined, limit: onHand - reserved });
    if (!result.ok) throw insufficientStock(result.available, !!request.lotId);
    const takenFrom = new Set(result.allocations.map((a) => a.lotId));
    ensureReceivedBy(
      lots.filter((l) => takenFrom.has(l.id)),
      request.date,
    );
    await this.repo.shiftCounts(
      userId,
      result.allocations.map((a) => ({ lotId: a.lotId, delta: -a.count })),
    );
    await this.repo.recordMovements(
      userId,
      result.allocations.map((a) => ({
        productId: request.productId,
        lotId: a.lotId,
        delta: -a.count,
        reason: request.reason,
        source: request.source,
        unitCost: a.unitCost,
        at: request.date?.at,
      })),
    );
    return { allocations: result.allocations, cost: result.cost, unitCost: unitCostOf(result.allocations) };
  }

  /**
   * A reserve dated `date` sets aside the units FIFO would give after the other active reserves'
   * (docs/rules.md «Расход задним числом»): their lots must have been received by then. Call under
   * the product's lock, after the free units were checked.
   */
  async ensureReservableBy(userId: string, productId: string, quantity: number, date: OutflowDate): Promise<void> {
    const lots = await this.repo.lotsOfProduct(userId, productId);
    const reserved = await this.repo.reservedCount(userId, productId);
    const result = allocate(lots, reserved + quantity);
    if (!result.ok) throw insufficientStock(Math.max(0, result.available - reserved));
    const setAside = new Set(result.allocations.map((a) => a.lotId));
    ensureReceivedBy(
      lots.filter((l) => setAside.has(l.id)),
      date,
    );
  }

  /**
   * One unit for each source, all from the named lot (the markdowns of a received return, one per
   * unit): the same rules as `take` with that lot, in one counts update and one batch of ledger rows.
   */
  async takeOneEach(
    userId: string,
    request: { productId: string; lotId: string; reason: OutflowReason; sources: StockSource[] },
  ): Promise<void> {
    if (request.sources.length === 0) return;
    await this.lockProduct(userId, request.productId);
    const lots = await this.repo.lotsOfProduct(userId, request.productId);
    const lot = lots.find((l) => l.id === request.lotId);
    if (!lot) throw lotMissing();
    const free = lots.reduce((s, l) => s + l.count, 0) - (await this.repo.reservedCount(userId, request.productId));
    const available = Math.max(0, Math.min(lot.count, free));
    if (request.sources.length > available) throw insufficientStock(available, true);
    await this.repo.shiftCounts(userId, [{ lotId: lot.id, delta: -request.sources.length }]);
    await this.repo.recordMovements(
      userId,
      request.sources.map((source) => ({
        productId: request.productId,
        lotId: lot.id,
        delta: -1,
        reason: request.reason,
        source,
        unitCost: lot.price,
      })),
    );
  }

  /** Puts back exactly the units an outflow still holds, to the lots it took them from. */
  async putBack(userId: string, source: StockSource): Promise<void> {
    const held = await this.repo.heldBy(userId, source);
    if (held.length === 0) return;
    for (const productId of new Set(held.map((h) => h.productId))) await this.repo.lockProduct(userId, productId);
    await this.repo.shiftCounts(
      userId,
      held.map((h) => ({ lotId: h.lotId, delta: h.count })),
    );
    await this.repo.recordMovements(
      userId,
      held.map((h) => ({
        productId: h.productId,
        lotId: h.lotId,
        delta: h.count,
        reason: 'reversal',
        source,
        unitCost: h.unitCost,
      })),
    );
  }

  /**
   * An edited outflow: its units go back and the new quantity is taken again, so the result is
   * the same as deleting it and recording it anew — including which lots FIFO picks.
   */
  async retake(userId: string, request: TakeRequest): Promise<Taken> {
    await this.lockProduct(userId, request.productId);
    await this.putBack(userId, request.source);
    return this.take(userId, request);
  }

  /**
   * Edits a lot by hand: `count` sets the remaining units (at most what was received), `countMax`
   * the units received (the remaining units move with it; never below what outflows took).
   */
  async editLot(
    userId: string,
    lot: LotRow,
    changes: { count?: number; countMax?: number; price?: number; inBatch?: boolean },
  ): Promise<void> {
    await this.lockProduct(userId, lot.productId);
    const [current] = await this.repo.lotsByIds(userId, [lot.id]);
    if (!current) throw lotMissing();
    let { count, countMax } = current;
    if (changes.countMax !== undefined && changes.countMax !== countMax) {
      const spent = countMax - count;
      if (changes.countMax < spent) {
        throw conflict('lot_spent', `Из партии уже израсходовано ${units(spent)}: поступление не может быть меньше`);
      }
      count += changes.countMax - countMax;
      countMax = changes.countMax;
    }
    if (changes.count !== undefined) {
      if (changes.count > countMax)
        throw new Problem(422, 'count_above_received', stockMessages.countAboveReceived(countMax));
      // Units outflows still hold come back here when they are edited or deleted: room must stay for them.
      const held = changes.count > count ? Math.max(0, await this.repo.heldFromLot(userId, lot.id)) : 0;
      if (changes.count + held > countMax) {
        throw new Problem(
          422,
          'count_above_received',
          `Остаток не может быть больше ${units(countMax - held)}: ещё ${units(held)} из поступивших ${units(countMax)} числятся в списаниях, уценках и продажах`,
        );
      }
      count = changes.count;
    }
    const delta = count - current.count;
    if (delta < 0) await this.ensureReservesCovered(userId, lot.productId, -delta);
    const price = changes.price !== undefined ? roundMoney(changes.price) : current.price;
    await this.repo.updateLot(userId, lot.id, {
      count,
      countMax,
      price,
      ...(changes.inBatch && countMax !== current.countMax ? { countMaxEdited: true } : {}),
      ...(changes.inBatch && price !== current.price ? { priceEdited: true } : {}),
    });
    if (delta !== 0) {
      await this.repo.recordMovements(userId, [
        {
          productId: lot.productId,
          lotId: lot.id,
          delta,
          reason: 'correction',
          source: { table: 'lots', id: lot.id },
          unitCost: price,
        },
      ]);
    }
  }

  /** Removes lots no outflow has taken from; their remaining units leave stock in the ledger. */
  async removeLots(userId: string, lots: LotRow[]): Promise<void> {
    const spent = await this.repo.lotsWithOutflows(
      userId,
      lots.map((l) => l.id),
    );
    if (spent.length > 0) {
      throw conflict('lot_has_outflows', 'Из партии уже списывали, уценяли или продавали товар — её нельзя удалить');
    }
    const byProduct = new Map<string, number>();
    for (const lot of lots) byProduct.set(lot.productId, (byProduct.get(lot.productId) ?? 0) + lot.count);
    for (const [productId, leaving] of byProduct) {
      await this.lockProduct(userId, productId);
      await this.ensureReservesCovered(userId, productId, leaving);
    }
    const now = new Date();
    for (const lot of lots) await this.repo.updateLot(userId, lot.id, { count: 0, deletedAt: now });
    await this.repo.recordMovements(
      userId,
      lots
        .filter((l) => l.count > 0)
        .map((l) => ({
          productId: l.productId,
          lotId: l.id,
          delta: -l.count,
          reason: 'removal',
          source: { table: 'lots', id: l.id },
          unitCost: l.price,
        })),
    );
  }

  /** Stock may not fall below what active reserves have set aside. */
  private async ensureReservesCovered(userId: string, productId: string, leaving: number): Promise<void> {
    const { free } = await this.available(userId, productId);
    if (leaving > free) {
      throw conflict('reserved_stock', stockMessages.reservedStock(leaving, free));
    }
  }
}
