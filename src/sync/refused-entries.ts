import { db, mirroredTableNames, type OstatokDatabase, type OutboxEntry } from '../db/database.ts';
import { announceQueued } from './outbox.ts';

/** The reason push-worker gives edits of a row whose create was refused (they are refused with it). */
export const REFUSED_WITH_CREATE = 'Не отправлено: запись не создана на сервере';

const isCreate = (e: OutboxEntry) => e.method === 'POST' && e.before === null;

/**
 * Refused entries (in queue order) gathered into the edits the user made, as «Синхронизация» lists
 * them and the home page counts them: a group is one edit, and edits refused only because their
 * row's create was refused go with that create. Units made only of carriers (a group's other rows)
 * are no edit of their own and are left out; `head` is the call the edit is named after.
 */
export function refusedEditsOf(rejected: readonly OutboxEntry[]): Array<{ head: OutboxEntry; unit: OutboxEntry[] }> {
  const units = new Map<string, OutboxEntry[]>();
  const refusedCreates = new Map<string, string>();
  for (const e of rejected) {
    const row = `${e.table}/${e.row_id}`;
    let key = e.group ? `group:${e.group}` : `entry:${e.id}`;
    if (!e.group && e.error?.startsWith(REFUSED_WITH_CREATE) && refusedCreates.has(row)) key = refusedCreates.get(row)!;
    if (!e.group && isCreate(e)) refusedCreates.set(row, key);
    units.set(key, [...(units.get(key) ?? []), e]);
  }
  return [...units.values()].flatMap((unit) => {
    const calls = unit.filter((e) => !e.carrier);
    const head = calls.find((e) => e.table === 'batches') ?? calls[0];
    return head ? [{ head, unit }] : [];
  });
}

/**
 * Everything refused as one edit: the entry's whole group (its rows' carriers included: a group
 * applies all or nothing, so it is sent again or dropped whole), or for a refused create, the
 * later edits of its row that were refused with it.
 */
async function refusedUnit(entryId: string, database: OstatokDatabase): Promise<OutboxEntry[]> {
  const entry = await database.outbox.get({ id: entryId });
  if (!entry || entry.status !== 'rejected') return [];
  if (entry.group !== null) {
    const members = await database.outbox.where('group').equals(entry.group).sortBy('seq');
    return members.filter((e) => e.status === 'rejected');
  }
  if (!isCreate(entry)) return [entry];
  const sameRow = await database.outbox.where('[table+row_id]').equals([entry.table, entry.row_id]).sortBy('seq');
  return sameRow.filter(
    (e) =>
      e.seq === entry.seq ||
      (e.seq! > entry.seq! && e.status === 'rejected' && e.error?.startsWith(REFUSED_WITH_CREATE)),
  );
}

/**
 * «Повторить»: the refused edit goes back to the queue as it was, with the same id — the same
 * Idempotency-Key (docs/sync-protocol.md «Идемпотентность»). A refusal stores no answer under the
 * key (its transaction rolls back), so the server runs the call afresh; and should this send be
 * applied and its answer lost, the next send replays that answer instead of applying it again.
 * The row on the device stays as the server has it until the answer comes; `before` becomes that
 * copy, so a second refusal puts back what the server has now. Counted as sent once (attempts),
 * so no later edit folds into a call the server has seen. Answers how many entries were requeued.
 */
export async function retryRefused(entryId: string, database: OstatokDatabase = db): Promise<number> {
  const requeued = await database.transaction(
    'rw',
    [database.outbox, ...mirroredTableNames.map((t) => database.mirrored(t))],
    async () => {
      const unit = await refusedUnit(entryId, database);
      for (const e of unit) {
        const current = (await database.mirrored(e.table).get(e.row_id)) ?? null;
        await database.outbox.update(e.seq!, {
          status: 'pending',
          error: null,
          attempts: e.attempts + 1,
          before: current ?? e.before,
        });
      }
      return unit.length;
    },
  );
  if (requeued > 0) announceQueued();
  return requeued;
}

/**
 * «Отменить»: the refused edit is dropped. Its rows were put back as the server has them when it
 * was refused, and later pulls keep them so; nothing is sent. Answers how many entries went.
 */
export async function discardRefused(entryId: string, database: OstatokDatabase = db): Promise<number> {
  return database.transaction('rw', database.outbox, async () => {
    const unit = await refusedUnit(entryId, database);
    await database.outbox.bulkDelete(unit.map((e) => e.seq!));
    return unit.length;
  });
}
