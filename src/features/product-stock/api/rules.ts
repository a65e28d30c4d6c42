/** Client-side checks that mirror the server's (contract: 409 insufficient_stock, 400 invalid_count). */

/** The server's caps (server/schemas/stock-query.ts unitCount, moneyAmount). */
const MAX_COUNT = 1_000_000;
const MAX_PRICE = 1_000_000_000;

export type Check = { ok: true } | { ok: false; error: string };
const ok: Check = { ok: true };
const fail = (error: string): Check => ({ ok: false, error });

/** A number typed into an input: «1,5» is read as 1.5; empty or junk is NaN. */
export const parseNumber = (text: string): number => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));

export function checkCount(count: number, { free }: { free?: number } = {}): Check {
  if (!Number.isInteger(count) || count <= 0) return fail('Количество должно быть целым числом больше 0');
  if (count > MAX_COUNT) return fail('Количество — не больше 1 000 000 шт.');
  if (free !== undefined && count > free) return fail(`Недостаточно товара на складе: доступно ${Math.max(0, free)} шт.`);
  return ok;
}

export function checkPrice(price: number, label = 'Цена'): Check {
  if (!Number.isFinite(price) || price < 0) return fail(`${label}: укажите число не меньше 0`);
  if (price > MAX_PRICE) return fail(`${label}: не больше 1 000 000 000 ₽`);
  return ok;
}

/** Every check passed, or the first failure. */
export const all = (...checks: Check[]): Check => checks.find((c) => !c.ok) ?? ok;
