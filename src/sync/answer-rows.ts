import type { MirroredRow, MirroredTableName } from '../db/database.ts';

/**
 * Fields a REST answer carries beside the row itself. A batch's answer is its detail: the lines
 * it holds come along, but on the device each line lives in its own mirrored table, and the row a
 * pull brings has no such field. Stored as answered, the batch would differ from the server's row
 * for good (the mirror check counts versions, not fields).
 */
const DETAIL_FIELDS: Partial<Record<MirroredTableName, readonly string[]>> = {
  batches: ['inventories', 'markdowns', 'disposals', 'other_realizations'],
};

/** The row a push answer describes, in the shape a pull brings it. */
export function rowOfAnswer(table: MirroredTableName, answer: MirroredRow): MirroredRow {
  const extra = DETAIL_FIELDS[table];
  if (!extra) return answer;
  const row = { ...answer };
  for (const field of extra) delete row[field];
  return row;
}
