import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runInTransaction, withUnusedKeys } from '../db/tx-context.ts';
import { problemBody } from '../lib/problem.ts';
import type { PushEntry } from '../schemas/sync.ts';

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
 * Applies queued edits in order through the same route handlers as direct calls (in-process
 * inject), each group all or nothing. Each entry's id is its Idempotency-Key, stored with the
 * group's changes, so an entry replayed after a lost answer applies once.
 */
/** A push commits at most this much in one transaction, so one device never holds the database long. */
const MAX_ENTRIES_PER_COMMIT = 250;
const MAX_MS_PER_COMMIT = 500;

export async function pushEntries(app: FastifyInstance, request: FastifyRequest, entries: PushEntry[]): Promise<PushResult[]> {
  const userId = request.userId!;
  const used = await app.repos.idempotency.existing(
    userId,
    entries.map((e) => e.id),
  );
  const unused = new Set(entries.map((e) => e.id).filter((id) => !used.has(id)));
  return withUnusedKeys(userId, unused, () => applyAll(app, request, entries));
}

async function applyAll(app: FastifyInstance, request: FastifyRequest, entries: PushEntry[]): Promise<PushResult[]> {
  const results: PushResult[] = [];
  const groups = groupsOf(entries);
  let applied = false;
  let next = 0;
  // Many groups share one transaction, each in its own savepoint: a failed group rolls back alone,
  // and the device pays one commit per few hundred edits instead of one per edit.
  while (next < groups.length) {
    await app.database.db.transaction((tx) =>
      runInTransaction(tx, async () => {
        const started = Date.now();
        let done = 0;
        while (next < groups.length && (done === 0 || (done < MAX_ENTRIES_PER_COMMIT && Date.now() - started < MAX_MS_PER_COMMIT))) {
          const group = groups[next++]!;
          done += group.length;
          const outcome = group.length === 1 ? await applyOne(app, request, group[0]!) : await applyGroup(app, request, group, tx);
          applied ||= outcome.applied;
          results.push(...outcome.results);
        }
      }),
    );
  }
  if (applied) app.live.publish(request.userId!, { type: 'changes' });
  return results;
}

/** Entry paths a queue has no business calling: the sync calls themselves, and sign-in (not transactional). */
const forbiddenPath = (path: string) => path.startsWith('/api/v1/sync/') || path.startsWith('/api/v1/users/');

function forbidden(entry: PushEntry): PushResult {
  const detail = 'Запись очереди не может вызывать синхронизацию или вход';
  return { id: entry.id, status: 400, body: problemBody({ status: 400, code: 'push_path_forbidden', detail }) };
}

async function inject(app: FastifyInstance, request: FastifyRequest, entry: PushEntry): Promise<PushResult> {
  const response = await app.inject({
    method: entry.method,
    url: entry.path,
    headers: {
      authorization: request.headers.authorization!,
      'idempotency-key': entry.id,
      ...(entry.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: entry.body === undefined ? undefined : JSON.stringify(entry.body),
  });
  return { id: entry.id, status: response.statusCode, body: parseBody(response.body) };
}

/**
 * A lone entry needs no savepoint of its own: its route already runs in one (transactional
 * writes), which rolls back alone when the entry is refused. Saves two statements per edit.
 */
async function applyOne(app: FastifyInstance, request: FastifyRequest, entry: PushEntry): Promise<{ applied: boolean; results: PushResult[] }> {
  if (forbiddenPath(entry.path)) return { applied: false, results: [forbidden(entry)] };
  const result = await inject(app, request, entry);
  return { applied: result.status < 400, results: [result] };
}

async function applyGroup(
  app: FastifyInstance,
  request: FastifyRequest,
  group: PushEntry[],
  tx: FastifyInstance['database']['db'],
): Promise<{ applied: boolean; results: PushResult[] }> {
  const groupResults: PushResult[] = [];
  try {
    await tx.transaction((savepoint) =>
      runInTransaction(savepoint, async () => {
        for (const entry of group) {
          const result = forbiddenPath(entry.path) ? forbidden(entry) : await inject(app, request, entry);
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
    const refused = (id: string) => ({ id, status: 424, body: problemBody({ status: 424, code: 'group_failed', detail }) });
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
