import type { Market } from '../../../db/database.ts';
import { updateMarket } from './update-market.ts';

/*
 * A store's order intake (docs/rules.md «Заказы маркетплейсов»): while on, the server reads the store's orders every
 * `order_intake_interval` seconds and its orders reserve, sell and release units by themselves.
 */

/** The choices the form offers, in seconds (the server takes 30–3600). */
export const intakeIntervals = [30, 60, 120, 300, 600, 900, 1800, 3600] as const;
export const defaultIntakeInterval = 60;

/** «30 с», «1 мин», «1 ч»; a value set elsewhere (say 45 s or 90 s) shows as it is. */
export function intervalLabel(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} ч`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} мин`;
  return `${seconds} с`;
}

/** The select's options: the usual choices, and the store's own value when it is none of them. */
export function intervalOptions(current: number): Array<{ value: string; label: string }> {
  const values: number[] = [...intakeIntervals];
  if (!values.includes(current)) values.push(current);
  return values.sort((a, b) => a - b).map((s) => ({ value: String(s), label: intervalLabel(s) }));
}

/** Orders can be read only from a store on a marketplace with a key. */
export const takesOrders = (m: Pick<Market, 'marketplace' | 'has_access_token'>): boolean =>
  m.marketplace !== '-' && m.has_access_token;

/** «Включить» on the store list: one queued PATCH, applied on the device at once. */
export const enableOrderIntake = (market: Market) => updateMarket(market, { order_intake: true });
