import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OstatokDatabase } from '../../../db/database.ts';
import { getMeta, setMeta } from '../../../db/meta.ts';
import { discardRefused, queuedElsewhere, refusedEditsOf, retryRefused } from '../../../sync/refused-entries.ts';
import { describeRefused, productIdsOf, type RefusedDescription } from './describe-refused.ts';

/** One edit the server refused, as the sync indicator lists it. */
export interface RefusedEdit extends RefusedDescription {
  /** The outbox entry the edit is named after; «Повторить» and «Отменить» act on its whole edit. */
  id: string;
  reason: string;
  /** When the edit was made (ms since epoch). */
  createdAt: number;
  /** False for an edit made in a business the person has left: it can only be dropped, never sent here. */
  retryable: boolean;
}

/** Meta key: the refused edits whose notification the user has dismissed (entry ids). */
const NOTICED_KEY = 'refused_noticed';

/** The refused edits in words, oldest first, with their products named from the device's copy. */
export async function loadRefusedEdits(database: OstatokDatabase = db): Promise<RefusedEdit[]> {
  const rejected = await database.outbox.where('status').equals('rejected').sortBy('seq');
  const edits = refusedEditsOf(rejected);
  const rows = await Promise.all(
    edits.map(
      async ({ head }) =>
        ((await database.mirrored(head.table).get(head.row_id)) ?? head.before ?? null) as Record<
          string,
          unknown
        > | null,
    ),
  );
  const productIds = [
    ...new Set(
      edits.flatMap(({ unit }, i) => unit.flatMap((e) => productIdsOf(e, e === edits[i]!.head ? rows[i] : null))),
    ),
  ];
  const products = await database.rows('products_wh').bulkGet(productIds);
  const productNames = new Map(products.flatMap((p) => (p?.name ? [[p.id, p.name] as const] : [])));
  return edits.map(({ head, unit }, i) => {
    const reason = head.error ?? 'Сервер отклонил правку';
    return {
      id: head.id,
      reason,
      createdAt: head.created_at,
      retryable: !queuedElsewhere(head),
      ...describeRefused({ head, unit, row: rows[i]!, productNames, reason }),
    };
  });
}

export interface RefusedEditsState {
  edits: RefusedEdit[];
  /** Refused edits whose notification has not been dismissed yet, on any tab. */
  unnoticed: RefusedEdit[];
}

const noticedIds = async (database: OstatokDatabase) => new Set((await getMeta<string[]>(NOTICED_KEY, database)) ?? []);

/** Live, in every tab: the outbox and the dismissals are in IndexedDB, so a reload or another tab sees the same. */
export function useRefusedEdits(): RefusedEditsState {
  return useLiveQuery(
    async () => {
      const [edits, noticed] = await Promise.all([loadRefusedEdits(), noticedIds(db)]);
      return { edits, unnoticed: edits.filter((e) => !noticed.has(e.id)) };
    },
    [],
    { edits: [], unnoticed: [] },
  );
}

/** The notification of these refused edits was dismissed (or they were seen in the list): it does not come back. */
export async function markRefusedNoticed(ids: readonly string[], database: OstatokDatabase = db): Promise<void> {
  if (ids.length === 0) return;
  await database.transaction('rw', database.meta, database.outbox, async () => {
    const still = new Set((await database.outbox.where('status').equals('rejected').toArray()).map((e) => e.id));
    // Only ids still refused are kept, so the list never grows past the refused edits themselves.
    const kept = [...(await noticedIds(database)), ...ids].filter((id) => still.has(id));
    await setMeta(NOTICED_KEY, [...new Set(kept)], database);
  });
}

/**
 * «Повторить»: sent again as it was (src/sync/refused-entries.ts retryRefused). Its notification
 * is forgotten too: should the server refuse it again, that is news.
 */
export async function retryRefusedEdit(id: string, database: OstatokDatabase = db): Promise<number> {
  const noticed = await noticedIds(database);
  if (noticed.delete(id)) await setMeta(NOTICED_KEY, [...noticed], database);
  return retryRefused(id, database);
}

/** «Отменить»: dropped; the rows stay as the server has them. */
export const discardRefusedEdit = (id: string, database: OstatokDatabase = db) => discardRefused(id, database);
