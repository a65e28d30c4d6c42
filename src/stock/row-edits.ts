import { loadProductStock } from './projected-stock.ts';
import { checkCount, checkPrice, type Check } from './rules.ts';

/*
 * The checks every in-place edit of a stock row makes before it is queued; `write` queues the
 * edit once it passes. Callers run these inside serial(), so the stock they read stays current.
 */

/**
 * Whether a row that already holds `held` units may hold `count`: the server retakes, so its own units count as free.
 */
export async function checkRetake(productId: string, held: number, count: number): Promise<Check> {
  const { free } = await loadProductStock(productId);
  return checkCount(count, { free: free + held });
}

/** A new count for a row that took units from stock (disposal, reserve, sale); the same count is no edit. */
export async function retakeCount(
  productId: string,
  held: number,
  count: number,
  write: () => Promise<unknown>,
): Promise<Check> {
  if (count === held) return { ok: true };
  const check = await checkRetake(productId, held, count);
  if (check.ok) await write();
  return check;
}

/** A new price, refused beside the field when out of range; the same price is no edit. */
export async function changePrice(
  old: number,
  price: number,
  write: () => Promise<unknown>,
  label?: string,
): Promise<Check> {
  const check = checkPrice(price, label);
  if (check.ok && price !== old) await write();
  return check;
}
