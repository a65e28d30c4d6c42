import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runInTransaction, withUnusedKeys } from '../db/tx-context.ts';
import { lockUser } from '../db/user-lock.ts';
import { actAsMember } from '../db/member-context.ts';
import type { Membership } from '../lib/tokens.ts';
import { problemBody } from '../lib/problem.ts';
import { conflictBackoff, isWriteConflict, WRITE_CONFLICT, writeConflictProblem } from '../lib/write-conflicts.ts';
import type { PushEntry } from '../schemas/sync.ts';
import { runAsPushEntry } from './push-context.ts';
import { entryTarget, pushPathForbidden } from './queueable.ts';

export interface PushResult {
  id: string;
  status: number;
  body: unknown;
}

class GroupFailed extends Error {}

/** Consecutive entries with the same group (or a lone entry without one) apply together. */
function groupsOf(entries: PushEntry[]): PushEntry[][] {
  const groups: PushEntry[][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && entry.group && last[0]!.group === entry.group) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

/**
 * A push commits at most this much in one transaction, so one device never holds the database long. PGlite runs
 * one transaction at a time and every read waits for the commit in progress: there a commit is kept short.
 */
const MAX_ENTRIES_PER_COMMIT = 250;
const MAX_MS_PER_COMMIT = { postgres: 500, pglite: 100 } as const;
/** Runs of one commit's transaction after a deadlock or serialization failure, before the rest hears 503. */
const COMMIT_ATTEMPTS = 4;

/** An entry lost a deadlock: its commit (every group in it) runs again from a fresh transaction. */
class CommitConflict extends Error {}

/**
 * Applies queued edits in order through the same route handlers as direct calls (in-process
 * inject), each group all or nothing. Each entry's id is its Idempotency-Key, stored with the
 * group's changes, so an entry replayed after a lost answer applies once. The push holds one of
 * the user's write slots (and on the embedded database the server's push share), and starts no
 * new group past its deadline.
 */
export async function pushEntries(
  app: FastifyInstance,
  request: FastifyRequest,
  entries: PushEntry[],
): Promise<PushResult[]> {
  const member = request.member!;
  const userId = member.businessId;
  const deadline = performance.now() + app.config.pushDeadlineMs;
  const release = await app.writeSlots.acquire(userId);
  try {
    const leave = await app.embeddedPushes?.acquire('embedded');
    try {
      const used = await app.repos.idempotency.existing(
        userId,
        entries.map((e) => e.id),
      );
      const unused = new Set(entries.map((e) => e.id).filter((id) => !used.has(id)));
      return await withUnusedKeys(userId, unused, () => applyAll(app, member, entries, unused, deadline));
    } finally {
      leave?.();
    }
  } finally {
    release();
  }
}

const lateResult = (entry: PushEntry): PushResult => ({
  id: entry.id,
  status: 503,
  body: problemBody({ status: 503, code: 'push_deadline', detail: 'Не успели применить: отправьте ещё раз' }),
});

const conflictResult = (entry: PushEntry): PushResult => ({
  id: entry.id,
  status: 503,
  body: problemBody(writeConflictProblem()),
});

const isConflictAnswer = (result: PushResult) =>
  result.status === 503 && (result.body as { code?: unknown } | null)?.code === WRITE_CONFLICT;

async function applyAll(
  app: FastifyInstance,
  member: Membership,
  entries: PushEntry[],
  unused: Set<string>,
  deadline: number,
): Promise<PushResult[]> {
  const userId = member.businessId;
  const results: PushResult[] = [];
  const groups = groupsOf(entries);
  const budgetMs = MAX_MS_PER_COMMIT[app.database.kind];
  let applied = false;
  let next = 0;
  // At least one new group always runs (replays of applied ones are cheap lookups), so every
  // retry makes progress however slow the database is.
  let ranNew = false;
  let conflicted = false;
  const late = () => ranNew && performance.now() > deadline;
  // Many groups share one transaction, each in its own savepoint: a failed group rolls back alone,
  // and the device pays one commit per few hundred edits instead of one per edit.
  const commit = () =>
    app.database.db.transaction((tx) =>
      runInTransaction(tx, async () => {
        // The user's lock before any row (server/db/user-lock.ts), once for all the groups of the commit.
        await lockUser(tx, userId);
        await actAsMember(tx, member.userId);
        const started = performance.now();
        let done = 0;
        let appliedHere = false;
        while (
          next < groups.length &&
          (done === 0 || (done < MAX_ENTRIES_PER_COMMIT && performance.now() - started < budgetMs && !late()))
        ) {
          const group = groups[next++]!;
          done += group.length;
          ranNew ||= group.some((entry) => unused.has(entry.id));
          const outcome =
            group.length === 1 ? await applyOne(app, member, group[0]!) : await applyGroup(app, member, group, tx);
          appliedHere ||= outcome.applied;
          results.push(...outcome.results);
        }
        return appliedHere;
      }),
    );
  while (next < groups.length && !late() && !conflicted) {
    // A deadlock or serialization failure aborted the commit: nothing of it was kept (the idempotency records of
    // its entries neither), so the same groups run again from a fresh transaction, a few times.
    const mark: { next: number; results: number; ranNew: boolean } = { next, results: results.length, ranNew };
    for (let attempt = 1; ; attempt++) {
      try {
        applied = (await commit()) || applied;
        break;
      } catch (err) {
        if (!(err instanceof CommitConflict) && !isWriteConflict(err)) throw err;
        ({ next, ranNew } = mark);
        results.length = mark.results;
        if (attempt >= COMMIT_ATTEMPTS) {
          conflicted = true;
          break;
        }
        await conflictBackoff(attempt);
      }
    }
    // Between commits the event loop turns, so whatever waits for the database (a read, health) goes first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (conflicted && results.length === 0) throw writeConflictProblem();
  for (const group of groups.slice(next)) results.push(...group.map(conflicted ? conflictResult : lateResult));
  if (applied) app.live.publish(userId, { type: 'changes' });
  return results;
}

function forbidden(entry: PushEntry): PushResult {
  const problem = pushPathForbidden();
  return { id: entry.id, status: problem.status, body: problemBody(problem) };
}

/**
 * Checks the entry against the allow-list before it reaches the router; the push guard then checks
 * the route the router actually matched. No authorization header: the entry runs in the push
 * context, as the user the push authenticated.
 */
async function inject(app: FastifyInstance, member: Membership, entry: PushEntry): Promise<PushResult> {
  const target = entryTarget(entry.path);
  if (!target || !app.queueableRoutes.allows(entry.method, target.path)) return forbidden(entry);
  const response = await runAsPushEntry(member, () =>
    app.inject({
      method: entry.method,
      url: target.url,
      headers: {
        'idempotency-key': entry.id,
        ...(entry.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: entry.body === undefined ? undefined : JSON.stringify(entry.body),
    }),
  );
  return { id: entry.id, status: response.statusCode, body: parseBody(response.body) };
}

/**
 * A lone entry needs no savepoint of its own: its route already runs in one (transactional
 * writes), which rolls back alone when the entry is refused. Saves two statements per edit.
 */
async function applyOne(
  app: FastifyInstance,
  member: Membership,
  entry: PushEntry,
): Promise<{ applied: boolean; results: PushResult[] }> {
  const result = await inject(app, member, entry);
  if (isConflictAnswer(result)) throw new CommitConflict();
  return { applied: result.status < 400, results: [result] };
}

async function applyGroup(
  app: FastifyInstance,
  member: Membership,
  group: PushEntry[],
  tx: FastifyInstance['database']['db'],
): Promise<{ applied: boolean; results: PushResult[] }> {
  const groupResults: PushResult[] = [];
  try {
    await tx.transaction((savepoint) =>
      runInTransaction(savepoint, async () => {
        for (const entry of group) {
          const result = await inject(app, member, entry);
          if (isConflictAnswer(result)) throw new CommitConflict();
          groupResults.push(result);
          if (result.status >= 400) throw new GroupFailed();
        }
      }),
    );
    return { applied: true, results: groupResults };
  } catch (err) {
    if (!(err instanceof GroupFailed)) throw err;
    const failed = groupResults.at(-1)!;
    const detail = `Не применено: в той же группе отклонена правка ${failed.id}`;
    const refused = (id: string) => ({
      id,
      status: 424,
      body: problemBody({ status: 424, code: 'group_failed', detail }),
    });
    return { applied: false, results: group.map((entry) => (entry.id === failed.id ? failed : refused(entry.id))) };
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
