import { db, mirroredTableNames, type OstatokDatabase, type OutboxEntry } from '../db/database.ts';
import { announceQueued, signedInBusiness } from './outbox.ts';

/** The reason push-worker gives edits of a row whose create was refused (they are refused with it). */
export const REFUSED_WITH_CREATE = 'Не отправлено: запись не создана на сервере';

/** The reason an edit made in a business the person has left stays unsent (./session.ts, ./push-worker.ts). */
export function formerBusinessRefusal(businessName: string | null = null): string {
  const refusal = 'Не отправлено: вы больше не работаете в команде';
  return businessName ? `${refusal} "${businessName}"` : refusal;
}

/**
 * Whether an entry was queued in another business than the one the device is signed in to: sending it now would
 * apply it to the wrong business's data, so it never is. An entry naming no business is the held business's.
 */
export function queuedElsewhere(
  entry: Pick<OutboxEntry, 'business_id'>,
  business: string | null = signedInBusiness(),
): boolean {
  return entry.business_id !== undefined && business !== null && entry.business_id !== business;
}

/**
 * The person leaves a business on this device (removed and signed in to their own, or joined another team) while
 * edits made there are still queued. They can never be sent, and they are not dropped unseen: each becomes a refused
 * edit with the reason, listed in «Синхронизация» until the person drops it («Повторить» does not send it to the new
 * business: retryRefused). Outflows the server has applied (kept only for the stock projection) go with the mirror.
 * Entries of `business` itself are left as they are. Run it inside a transaction over the outbox, with the clearing
 * of the mirror. Answers how many entries were refused.
 */
export async function refuseQueuedElsewhere(
  business: string,
  former: { id: string; name: string | null },
  database: OstatokDatabase = db,
): Promise<number> {
  const reason = formerBusinessRefusal(former.name);
  const elsewhere = (e: OutboxEntry) => (e.business_id ?? former.id) !== business;
  const settled = await database.outbox.filter((e) => elsewhere(e) && e.status === 'applied').primaryKeys();
  await database.outbox.bulkDelete(settled);
  let refused = 0;
  await database.outbox.filter(elsewhere).modify((e) => {
    e.business_id ??= former.id;
    if (e.status === 'rejected') return;
    e.status = 'rejected';
    e.error = reason;
    refused += 1;
  });
  return refused;
}

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
 * so no later edit folds into a call the server has seen. Answers how many entries were requeued: none for an edit
 * made in another business than the one signed in to now (queuedElsewhere).
 */
export async function retryRefused(entryId: string, database: OstatokDatabase = db): Promise<number> {
  const requeued = await database.transaction(
    'rw',
    [database.outbox, ...mirroredTableNames.map((t) => database.mirrored(t))],
    async () => {
      const unit = await refusedUnit(entryId, database);
      // Made in a business the person has left: sent now, it would land in the wrong business's data.
      if (unit.some((e) => queuedElsewhere(e))) return 0;
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
