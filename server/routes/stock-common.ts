import type { FastifyInstance } from 'fastify';
import { notFound, Problem } from '../lib/problem.ts';
import type { LotRow } from '../repositories/stock.ts';

/* Pieces the inventory, batch and other realization calls share. */

export const lotMissing = (many = false) => notFound(many ? 'Некоторые партии не найдены' : 'Партия не найдена');
export const productMissing = () => notFound('Товар не найден');
export const unique = <T>(items: T[]) => [...new Set(items)];

/**
 * The user's live lots among `ids` (all of them, else 404), read again after their products are
 * locked, so a removal sees the units an outflow racing it has just taken.
 */
export async function lockedLots(app: FastifyInstance, userId: string, ids: string[]): Promise<LotRow[]> {
  if (ids.length === 0) return [];
  const found = await app.repos.stock.lotsByIds(userId, ids);
  if (found.length !== ids.length) throw lotMissing(ids.length > 1);
  // Always in the same order, so two requests locking the same products never deadlock.
  for (const productId of unique(found.map((l) => l.productId)).sort()) await app.stock.lockProduct(userId, productId);
  return app.repos.stock.lotsByIds(userId, ids);
}

/** A line's refusal names the line, so the batch screen can point at it. */
export function inLine(index: number, err: unknown): unknown {
  if (!(err instanceof Problem)) return err;
  return new Problem(err.status, err.code, `Строка ${index + 1}: ${err.detail}`, err.errors, err.headers);
}
