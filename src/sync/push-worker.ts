import { db, type OstatokDatabase, type OutboxEntry } from '../db/database.ts';
import { setMeta } from '../db/meta.ts';
import { withLock } from './locks.ts';
import { signedInBusiness } from './outbox.ts';
import { fatesOf, settle } from './push-answers.ts';
import { formerBusinessRefusal, queuedElsewhere } from './refused-entries.ts';

export interface PushResult {
  id: string;
  status: number;
  body: unknown;
}

/** What one push call came to: per-entry results, or a reason to try again later. */
export type PushOutcome = { kind: 'results'; results: PushResult[] } | { kind: 'retry'; reason: string };

export type PushTransport = (
  entries: Pick<OutboxEntry, 'id' | 'group' | 'method' | 'path' | 'body'>[],
) => Promise<PushOutcome>;

export interface DrainResult {
  sent: number;
  rejected: number;
  /** Set when sending stopped on a network error, a 5xx or similar: retry after a backoff. */
  retry?: string;
}

const MAX_ENTRIES_PER_PUSH = 200;

/**
 * Sends the outbox in order, many entries per push call, whole groups only. One tab at a time
 * (Web Lock); entries are marked 'sending' in IndexedDB so another tab never folds an edit into
 * a call already on the wire. A refused entry is marked rejected and its row put back as it was;
 * the rest of the queue goes on.
 *
 * The device's bookkeeping stays off the wire's path: while a call is on the wire the next batch
 * is taken (marked 'sending', not sent), and when the server accepted every entry of the call that
 * batch goes out at once, before this call's answers are stored. The server has applied this call,
 * so it still applies the queue in order; and the device stores one call's answers while the
 * server works on the next, instead of the two taking turns. After a refusal or a failure the
 * taken batch goes back unsent: a refused create holds back the edits of its row, and a failure
 * stops the drain.
 *
 * An entry goes only to the business it was made in (OutboxEntry.business_id): one queued in another business than
 * the one signed in to is refused on the device, and should the sign-in change while the drain runs (joining a team),
 * nothing more is sent.
 */
export function drainOutbox(transport: PushTransport, database: OstatokDatabase = db): Promise<DrainResult> {
  return withLock('ostatok-outbox', async () => {
    const business = signedInBusiness();
    // Entries left 'sending' by a tab that closed mid-call: we hold the lock, so they are orphans.
    // Counted as an attempt: the server may have applied them, so no edit may fold into them.
    await database.outbox
      .where('status')
      .equals('sending')
      .modify((e) => {
        e.status = 'pending';
        e.attempts++;
      });
    const result: DrainResult = { sent: 0, rejected: 0 };
    let batch = await takeBatch(database, business);
    let answer = send(transport, batch, business);
    while (batch.length > 0) {
      const taking = takeBatch(database, business);
      // Awaited below, after the answer; until then a failure of it must not count as unhandled.
      taking.catch(() => undefined);
      const outcome = await answer;
      let following = await taking;
      if (outcome.kind === 'retry') {
        await release(batch, database);
        await putBack(following, database);
        return { ...result, retry: outcome.reason };
      }
      const { fates, stop, resendNow } = fatesOf(batch, outcome.results);
      const sentAhead = following.length > 0 && fates.every((f) => f.kind === 'accept');
      if (sentAhead) answer = send(transport, following, business);
      else await putBack(following, database);
      try {
        await settle(batch, fates, database, result);
      } catch (err) {
        // The call sent ahead may have been applied: counted as an attempt, like any call whose answer was lost.
        if (sentAhead) {
          await answer;
          await release(following, database);
        }
        throw err;
      }
      if (stop && !resendNow) return { ...result, retry: stop };
      if (!sentAhead) {
        following = await takeBatch(database, business);
        answer = send(transport, following, business);
      }
      batch = following;
    }
    await setMeta('last_sync_at', Date.now(), database);
    return result;
  });
}

/** One push call of the batch's calls; a thrown transport error is a retry. Nothing is sent for an empty batch. */
async function send(transport: PushTransport, batch: OutboxEntry[], business: string | null): Promise<PushOutcome> {
  if (batch.length === 0) return { kind: 'results', results: [] };
  // Signed in to another business since the batch was taken: the next drain sorts these entries out. (Signed out
  // instead, the call is refused as unauthorized and waits for the sign-in.)
  const now = signedInBusiness();
  if (now !== null && now !== business) return { kind: 'retry', reason: 'Вход в другой бизнес' };
  try {
    // Entries that only record a row another entry's call writes are not calls (queueGroup).
    const calls = batch.filter((e) => !e.carrier);
    return await transport(calls.map(({ id, group, method, path, body }) => ({ id, group, method, path, body })));
  } catch (err) {
    return { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
  }
}

/** Pending entries read per request while a batch is gathered: the batch and a little more, not the whole queue. */
const READ_PAGE = MAX_ENTRIES_PER_PUSH + 50;

async function takeBatch(database: OstatokDatabase, business: string | null): Promise<OutboxEntry[]> {
  return database.transaction('rw', database.outbox, async () => {
    const batch: OutboxEntry[] = [];
    // Made in a business the person has since left: refused here, never sent (./refused-entries.ts).
    const elsewhere: OutboxEntry[] = [];
    const createdHere = new Set<string>();
    const fits = (entry: OutboxEntry) => {
      const last = batch.at(-1);
      const sameGroup = last && entry.group !== null && entry.group === last.group;
      if (batch.length >= MAX_ENTRIES_PER_PUSH && !sameGroup) return false;
      // An edit of a row whose create is in this call waits for the create's answer: should the
      // create be refused, the edit must not reach another row that answers to the same path.
      if (createdHere.has(`${entry.table}/${entry.row_id}`) && !sameGroup) return false;
      if (isCreate(entry)) createdHere.add(`${entry.table}/${entry.row_id}`);
      return true;
    };
    // An index keeps the entries of one status in primary key order: the queue's order (seq).
    let more = true;
    for (let offset = 0; more; offset += READ_PAGE) {
      const page = await database.outbox.where('status').equals('pending').offset(offset).limit(READ_PAGE).toArray();
      more = page.length === READ_PAGE;
      for (const entry of page) {
        if (queuedElsewhere(entry, business)) {
          elsewhere.push(entry);
          continue;
        }
        if (!fits(entry)) {
          more = false;
          break;
        }
        batch.push(entry);
      }
    }
    await database.outbox.bulkPut(batch.map((e) => ({ ...e, status: 'sending' as const })));
    if (elsewhere.length > 0)
      await database.outbox.bulkUpdate(
        elsewhere.map((e) => ({
          key: e.seq!,
          changes: { status: 'rejected' as const, error: formerBusinessRefusal() },
        })),
      );
    return batch;
  });
}

/** Entries that were sent back to the queue: counted as an attempt, since the server may have applied them. */
async function release(entries: OutboxEntry[], database: OstatokDatabase): Promise<void> {
  await database.outbox.bulkUpdate(
    entries.map((e) => ({ key: e.seq!, changes: { status: 'pending' as const, attempts: e.attempts + 1 } })),
  );
}

/** A batch taken but never sent back to the queue as it was: edits may fold into its entries again. */
async function putBack(entries: OutboxEntry[], database: OstatokDatabase): Promise<void> {
  // Not even an empty transaction: it would wait its turn behind the others for nothing.
  if (entries.length > 0)
    await database.outbox.bulkUpdate(entries.map((e) => ({ key: e.seq!, changes: { status: 'pending' as const } })));
}

const isCreate = (entry: OutboxEntry) => entry.method === 'POST' && entry.before === null;
