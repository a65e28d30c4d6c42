/*
 * When each of a product's outflows happened. The API refuses an outflow dated before the receipt of
 * the lots FIFO takes it from (docs/rules.md «Расход задним числом»), and the demo makes them in date
 * order, so the plan dates them the way a shop lives: spread between the product's first receipt and
 * now, in working hours, each no earlier than the receipt that brings the units it needs.
 */

/** How far back the history goes, days. */
export const HISTORY_DAYS = 90;

/** Noon (Moscow) `daysAgo` days before `now`: documents of the same day sort by their time. */
export function dayBefore(now: Date, daysAgo: number, hour = 9): Date {
  const day = new Date(now);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  day.setUTCHours(hour, 0, 0, 0);
  return day;
}

/** Units of a product received at a moment (a purchase document's date). */
export interface Receipt {
  at: Date;
  count: number;
}

/** An outflow to date: `place` records it on the date chosen. */
export interface Demand {
  count: number;
  /** Only on one of these dates (the other-realization documents'), the first that fits; none fits — dropped. */
  dates?: readonly Date[];
  place(date: Date): void;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Received goods are on the shelf a few hours after the document. */
const SHELVING = 3 * HOUR;
/** The newest outflow stays a little before now: the API refuses a date ahead of its clock. */
const LATEST_BEFORE_NOW = 10 * MINUTE;

/** When the product's `units`-th unit is on the shelf; never (Infinity) if the receipts hold fewer. */
function availableAt(receipts: readonly Receipt[], units: number): number {
  let received = 0;
  for (const r of receipts) {
    received += r.count;
    if (received >= units) return r.at.getTime() + SHELVING;
  }
  return Infinity;
}

/** A moment between `from` and `to`, in working hours (10:00–19:00 Moscow) where the range allows. */
function workingMoment(from: number, to: number, next: () => number): number {
  const day = new Date(from + next() * (to - from));
  day.setUTCHours(7 + Math.floor(next() * 9), Math.floor(next() * 60), 0, 0);
  return Math.min(to, Math.max(from, day.getTime()));
}

/**
 * Dates the product's outflows in a random order: random moments after its first receipt, sorted,
 * each moved later where the units it needs (with those of the outflows before it) were not on the
 * shelf yet. So every outflow finds its units received by its date, whatever FIFO picks.
 */
export function schedule(receipts: readonly Receipt[], demands: readonly Demand[], now: Date, next: () => number) {
  if (receipts.length === 0 || demands.length === 0) return;
  const first = receipts[0]!.at.getTime() + SHELVING;
  const latest = now.getTime() - LATEST_BEFORE_NOW;
  const moments = demands.map(() => workingMoment(first, latest, next)).sort((a, b) => a - b);
  const order = [...demands];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let taken = 0;
  let previous = first;
  order.forEach((demand, i) => {
    let at = Math.max(moments[i]!, previous, availableAt(receipts, taken + demand.count));
    if (demand.dates) at = demand.dates.find((d) => d.getTime() >= at)?.getTime() ?? Infinity;
    if (at > latest) return;
    demand.place(new Date(at));
    taken += demand.count;
    previous = at;
  });
}

/** A moment between `from` and now for what follows an outflow (a reserve sold or taken off). */
export const laterMoment = (from: Date, now: Date, next: () => number): Date =>
  new Date(workingMoment(from.getTime(), Math.max(from.getTime(), now.getTime() - LATEST_BEFORE_NOW), next));
