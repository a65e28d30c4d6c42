import { pgErrorOf } from './pg-errors.ts';
import { Problem } from './problem.ts';

/** SQLSTATEs that a fresh run of the same transaction cures: deadlock_detected, serialization_failure. */
const conflicts = new Set(['40P01', '40001']);

/** A deadlock or serialization failure: the database rolled the transaction back, nothing of it was kept. */
export const isWriteConflict = (err: unknown): boolean => conflicts.has(pgErrorOf(err)?.code ?? '');

export const WRITE_CONFLICT = 'write_conflict';

/**
 * What a write hears when its transaction lost a conflict every time it ran: "not now", never a 500. The devices
 * retry a 503 (src/sync/push-answers.ts), and a person's screen says the message.
 */
export const writeConflictProblem = () =>
  new Problem(503, WRITE_CONFLICT, 'Эти данные сейчас меняет другой запрос: повторите через секунду', undefined, {
    'retry-after': '1',
  });

/** A pause before the next run that grows with the attempts and is randomized, so two losers do not meet again. */
export const conflictBackoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40));

/**
 * Runs a whole transaction again after a deadlock or serialization failure, a few times; past that, answers the
 * 503 above instead of the database's error.
 */
export async function retryingConflicts<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isWriteConflict(err)) throw err;
      if (attempt >= attempts) throw writeConflictProblem();
      await conflictBackoff(attempt);
    }
  }
}
