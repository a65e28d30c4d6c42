import { inWholeKopecks, MAX_MONEY, MAX_UNIT_COUNT, stockMessages } from '../../domain/stock-rules.ts';

/**
 * The device's checks before an edit is queued: the server's own rules and caps (domain/stock-rules.ts),
 * so a value the server would refuse is refused at once, beside the field, instead of coming back
 * later as a rejected edit.
 */

export type Check = { ok: true } | { ok: false; error: string };
const ok: Check = { ok: true };
const fail = (error: string): Check => ({ ok: false, error });

/** A number typed into an input: «1,5» is read as 1.5; empty or junk is NaN. */
export const parseNumber = (text: string): number => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));

export function checkCount(count: number, { free }: { free?: number } = {}): Check {
  if (!Number.isInteger(count) || count <= 0) return fail(stockMessages.invalidCount);
  if (count > MAX_UNIT_COUNT) return fail(stockMessages.countTooBig);
  if (free !== undefined && count > free) return fail(stockMessages.insufficientStock(Math.max(0, free)));
  return ok;
}

export function checkPrice(price: number, label = 'Цена'): Check {
  if (!Number.isFinite(price) || price < 0) return fail(stockMessages.priceInvalid(label));
  if (price > MAX_MONEY) return fail(stockMessages.priceTooBig(label));
  if (!inWholeKopecks(price)) return fail(stockMessages.priceKopecks(label));
  return ok;
}

/** A lot's remaining units: 0 allowed (all gone), never above what was received. */
export function checkLotCount(count: number, countMax: number): Check {
  if (!Number.isInteger(count) || count < 0) return fail('Остаток должен быть целым числом не меньше 0');
  if (count > countMax) return fail(stockMessages.countAboveReceived(countMax));
  return ok;
}

/** Every check passed, or the first failure. */
export const all = (...checks: Check[]): Check => checks.find((c) => !c.ok) ?? ok;
