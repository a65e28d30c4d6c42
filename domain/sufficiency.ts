import { fifoCompare, type LotStock } from './fifo.ts';

/**
 * The figures of the shipping and delivery screen (docs/rules.md «Достаточность»), pure so the rule is
 * tested by hand-computed cases.
 */

/** 0 if nothing awaits assembly; otherwise stock on hand minus what awaits assembly. 0 and above is «enough». */
export function sufficiency(onHand: number, awaitingPackaging: number): number {
  return awaitingPackaging > 0 ? onHand - awaitingPackaging : 0;
}

export interface DeliveryPrice {
  /** Roubles; null when units are delivering and the product has no lots with units left (the screen shows «?»). */
  price: number | null;
  /** Delivering units the lots did not cover (priced at nothing): 0 when the price is complete. */
  uncovered: number;
}

/**
 * The delivering units priced at the product's lots in FIFO order (docs/rules.md «FIFO»): each lot's unit
 * price for as many units as it has left, until the delivering quantity is covered. These are the lots a
 * sale of those units would take. Nothing delivering costs 0.
 */
export function deliveryPrice(lots: readonly LotStock[], delivering: number): DeliveryPrice {
  if (delivering <= 0) return { price: 0, uncovered: 0 };
  const ordered = lots.filter((l) => l.count > 0).sort(fifoCompare);
  if (ordered.length === 0) return { price: null, uncovered: delivering };
  let left = delivering;
  let kopecks = 0;
  for (const lot of ordered) {
    if (left === 0) break;
    const take = Math.min(lot.count, left);
    kopecks += Math.round(lot.price * 100) * take;
    left -= take;
  }
  return { price: kopecks / 100, uncovered: left };
}
