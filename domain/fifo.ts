/**
 * The stock rules both sides apply: the server when it commits an outflow, the PWA when it shows
 * what an outflow still waiting in the outbox will do. Pure functions over plain lot figures, so
 * the two can never disagree about which lots a sale takes from.
 */

export interface LotStock {
  id: string;
  /** Units remaining. */
  count: number;
  /** Unit cost in roubles. */
  price: number;
  /** Receipt date (the batch date): it decides FIFO order. ISO string or epoch milliseconds. */
  receivedAt: string | number | Date;
}

export interface Allocation {
  lotId: string;
  count: number;
  unitCost: number;
}

export type AllocationResult = { ok: true; allocations: Allocation[]; cost: number } | { ok: false; available: number };

const time = (v: string | number | Date) => new Date(v).getTime();

/**
 * Oldest receipt first; lots received at the same moment (one batch) by id, so the order is total
 * and the device, which knows only what a lot row carries, orders exactly as the server does.
 */
export function fifoCompare(a: LotStock, b: LotStock): number {
  return time(a.receivedAt) - time(b.receivedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Money in kopecks while summing, so 0.1 + 0.2 stays 0.30. */
export const roundMoney = (roubles: number) => Math.round(roubles * 100) / 100;

/**
 * Takes `quantity` units oldest lot first, or only from `lotId` when one is named. `limit` caps
 * what may be taken at all (units set aside by reserves are not available). Refused, it says how
 * many units were available instead.
 */
export function allocate(
  lots: readonly LotStock[],
  quantity: number,
  options: { lotId?: string; limit?: number } = {},
): AllocationResult {
  const candidates = (options.lotId ? lots.filter((l) => l.id === options.lotId) : [...lots].sort(fifoCompare)).filter(
    (l) => l.count > 0,
  );
  const onHand = candidates.reduce((sum, l) => sum + l.count, 0);
  const available = Math.max(0, Math.min(onHand, options.limit ?? Infinity));
  if (!Number.isInteger(quantity) || quantity <= 0 || quantity > available) return { ok: false, available };
  const allocations: Allocation[] = [];
  let left = quantity;
  let kopecks = 0;
  for (const lot of candidates) {
    if (left === 0) break;
    const take = Math.min(lot.count, left);
    allocations.push({ lotId: lot.id, count: take, unitCost: lot.price });
    kopecks += Math.round(lot.price * 100) * take;
    left -= take;
  }
  return { ok: true, allocations, cost: kopecks / 100 };
}

/** Average unit cost of what an outflow took, for its cost-of-goods price. */
export const unitCostOf = (allocations: readonly Allocation[]): number => {
  const units = allocations.reduce((s, a) => s + a.count, 0);
  if (units === 0) return 0;
  return roundMoney(allocations.reduce((s, a) => s + a.count * a.unitCost, 0) / units);
};
