import { dayOf } from './calendar.ts';

/*
 * The stock's value at cost over time, from the ledger (docs/rules.md «Партии», stock_movements): every
 * change of a lot's remaining units is a ledger row, so the value on a day is Σ delta × the lot's cost
 * over the rows dated up to that day. Pure, so the rule is tested by hand-computed cases.
 */

/** A mirrored ledger row (StockMovement), as far as the value needs it. */
export interface LedgerRow {
  lot_id: string;
  delta: number;
  reason: string;
  source_table: string;
  source_id: string;
  unit_cost: number;
  /** When the server wrote the row: the date of edits that have no document date of their own. */
  created_at: string;
}

/** A lot as the device shows it now (src/stock/projected-stock.ts): outflows still in the outbox taken. */
export interface ValueLot {
  id: string;
  count: number;
  price: number;
  /** The receipt date (the document's date). */
  created_at: string;
}

export interface ValueInput {
  lots: readonly ValueLot[];
  ledger: readonly LedgerRow[];
  /**
   * The date of each outflow row on the device, keyed `table/id`: a write-off, markdown or sale leaves stock on its own
   * date.
   */
  outflowDays: ReadonlyMap<string, string>;
  today: string;
  /**
   * Each lot's count as the server has it (the mirrored lot, before the outbox's outflows), where it differs from
   * `count`. The ledger on the device is a window (src/sync/history-window.ts): what it lacks of a lot is either
   * older than the window or waiting in the outbox, and only this tells them apart. Without it, all of it is the
   * outbox's (a whole ledger).
   */
  serverCount?: ReadonlyMap<string, number>;
}

export interface ValuePoint {
  /** YYYY-MM-DD. */
  day: string;
  /** Roubles at cost at the end of the day. */
  value: number;
}

const kopecks = (roubles: number) => Math.round(roubles * 100);

/**
 * Kopecks the stock's value changed by, per day. Each ledger row moves `delta` units of its lot at the
 * lot's cost price (its current one, so the last day ends at Σ count × price — the figure on the page;
 * a lot no longer on the device at the row's unit cost), dated:
 * - a receipt by the lot's receipt date (documents are often entered after the goods came);
 * - an outflow and its reversals by the outflow's own date, so a cancelled sale nets out on the day of
 *   the sale (the row gone — deleted — by when the server wrote them);
 * - corrections and removals by when they were made.
 * What the ledger does not know yet — edits waiting in the outbox — is the difference between a lot's
 * count now and its count on the server: dated by the receipt date for a lot received on this device,
 * otherwise today. What the ledger on the device no longer holds — rows older than the history window — is the
 * difference between the server's count and Σ of the rows held: dated by the lot's receipt date, before the window.
 * Days after today (a receipt dated ahead) count as today.
 */
export function stockValueChanges({ lots, ledger, outflowDays, today, serverCount }: ValueInput): Map<string, number> {
  const lotById = new Map(lots.map((l) => [l.id, l]));
  const changes = new Map<string, number>();
  const add = (day: string | null, amount: number) => {
    if (amount === 0) return;
    const at = day === null || day > today ? today : day;
    changes.set(at, (changes.get(at) ?? 0) + amount);
  };
  const ledgerOf = new Map<string, { units: number; kopecks: number }>();
  for (const row of ledger) {
    const lot = lotById.get(row.lot_id);
    const cost = kopecks(lot ? lot.price : row.unit_cost);
    const day =
      row.reason === 'receipt'
        ? (dayOf(lot?.created_at) ?? dayOf(row.created_at))
        : (outflowDays.get(`${row.source_table}/${row.source_id}`) ?? dayOf(row.created_at));
    add(day, row.delta * cost);
    const seen = ledgerOf.get(row.lot_id) ?? { units: 0, kopecks: 0 };
    seen.units += row.delta;
    seen.kopecks += row.delta * cost;
    ledgerOf.set(row.lot_id, seen);
  }
  for (const lot of lots) {
    const known = ledgerOf.get(lot.id);
    if (!known) {
      add(dayOf(lot.created_at), lot.count * kopecks(lot.price));
      continue;
    }
    const server = serverCount ? (serverCount.get(lot.id) ?? lot.count) : known.units;
    add(dayOf(lot.created_at) ?? today, (server - known.units) * kopecks(lot.price));
    add(today, (lot.count - server) * kopecks(lot.price));
  }
  // A lot deleted on this device, its deletion not sent yet: its units leave today.
  for (const [lotId, known] of ledgerOf) if (!lotById.has(lotId)) add(today, -known.kopecks);
  return changes;
}

/**
 * The value from `from` to `today`: a point at `from` (everything before it summed), one at the end of
 * each day it changed, and one today — a step line that ends at the value on hand.
 */
export function stockValueSeries(changes: ReadonlyMap<string, number>, from: string, today: string): ValuePoint[] {
  const days = [...changes.keys()].sort();
  let value = 0;
  for (const day of days) if (day < from) value += changes.get(day)!;
  const points: ValuePoint[] = [{ day: from, value: value / 100 }];
  for (const day of days) {
    // A day whose changes cancel out (a sale and its cancellation) adds no point.
    if (day < from || changes.get(day) === 0) continue;
    value += changes.get(day)!;
    if (day === from) points[0] = { day, value: value / 100 };
    else points.push({ day, value: value / 100 });
  }
  if (points[points.length - 1]!.day !== today) points.push({ day: today, value: value / 100 });
  return points;
}
