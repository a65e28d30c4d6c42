import { db, type OstatokDatabase } from '../db/database.ts';

/**
 * Edits not on the server yet, as the user made them: a group (a document with its lines, a
 * receipt with the rows it writes) is one edit however many entries it has, as refusedEditsOf
 * (./refused-entries.ts) counts refused ones; any other entry is one edit. Pictures waiting for
 * upload count too: a picture's URL reaches the server only in a PATCH queued after the upload, so
 * without them the count drops to 0 between a product's create and its picture (the indicator
 * says all is sent; sign-out would not warn).
 * One read transaction: all counts are of one moment, so an upload's "PATCH queued, then picture
 * removed" can never be read as neither.
 * Keys only, single-key reads, not anyOf() or whole entries: Dexie walks every entry for an
 * anyOf(), entries carry whole document bodies, and live queries rerun this after each settled entry.
 */
export async function countUnsent(database: OstatokDatabase = db): Promise<number> {
  return database.transaction('r', [database.outbox, database.pending_images], async () => {
    const groupOf = new Map<number, string>();
    const [pending, sending, , pictures] = await Promise.all([
      database.outbox.where('status').equals('pending').primaryKeys(),
      database.outbox.where('status').equals('sending').primaryKeys(),
      // Only grouped entries are in the group index (null is no key).
      database.outbox
        .orderBy('group')
        .eachKey((group, cursor) => groupOf.set(cursor.primaryKey as number, group as string)),
      database.pending_images.count(),
    ]);
    return unsentEdits([...pending, ...sending] as number[], groupOf) + pictures;
  });
}

/** Unsettled entries (by seq) as edits: one per group, one per entry outside a group. */
export function unsentEdits(unsettled: readonly number[], groupOf: ReadonlyMap<number, string>): number {
  const groups = new Set<string>();
  let single = 0;
  for (const seq of unsettled) {
    const group = groupOf.get(seq);
    if (group === undefined) single += 1;
    else groups.add(group);
  }
  return single + groups.size;
}
