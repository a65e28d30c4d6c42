import { db, type OstatokDatabase, type OutboxEntry } from '../../../db/database.ts';
import { countUnsent } from '../../../sync/unsent-count.ts';
import { refusedEditsOf } from '../../../sync/refused-entries.ts';

export interface EditCounts {
  /** Edits not on the server yet (pictures waiting included), as the header's indicator counts them. */
  unsent: number;
  /** Edits the server refused, kept until the user retries or drops them in «Синхронизация». */
  refused: number;
}

/** Refused entries counted as the edits the user made, as the sync dialog lists them. */
export const countRefusedEdits = (rejected: readonly OutboxEntry[]): number => refusedEditsOf(rejected).length;

export async function loadEditCounts(database: OstatokDatabase = db): Promise<EditCounts> {
  const [unsent, rejected] = await Promise.all([
    countUnsent(database),
    database.outbox.where('status').equals('rejected').sortBy('seq'),
  ]);
  return { unsent, refused: countRefusedEdits(rejected) };
}
