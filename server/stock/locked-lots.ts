import { lotMissing } from '../lib/problem.ts';
import type { LotRow, StockRepository } from '../repositories/stock.ts';
import { unique } from '../lib/unique.ts';
import type { StockEngine } from './engine.ts';

/**
 * The user's live lots among `ids` (all of them, else 404), read again after their products are
 * locked, so a removal sees the units an outflow racing it has just taken.
 */
export async function lockedLots(
  repo: StockRepository,
  engine: StockEngine,
  userId: string,
  ids: string[],
): Promise<LotRow[]> {
  if (ids.length === 0) return [];
  const found = await repo.lotsByIds(userId, ids);
  if (found.length !== ids.length) throw lotMissing(ids.length > 1);
  // Always in the same order, so two requests locking the same products never deadlock.
  for (const productId of unique(found.map((l) => l.productId)).sort()) await engine.lockProduct(userId, productId);
  return repo.lotsByIds(userId, ids);
}
