import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runInTransaction } from '../db/tx-context.ts';
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
 * inject), each group in one transaction. Each entry's id is its Idempotency-Key, stored in the
 * group's transaction, so an entry replayed after a lost answer applies once.
 */
export async function pushEntries(app: FastifyInstance, request: FastifyRequest, entries: PushEntry[]): Promise<PushResult[]> {
  const results: PushResult[] = [];
  let applied = false;
  for (const group of groupsOf(entries)) {
    const groupResults: PushResult[] = [];
    try {
      await app.database.db.transaction((tx) =>
        runInTransaction(tx, async () => {
          for (const entry of group) {
            if (entry.path.startsWith('/api/v1/sync/')) {
              const detail = 'Запись очереди не может вызывать синхронизацию';
              groupResults.push({ id: entry.id, status: 400, body: problemBody({ status: 400, code: 'push_path_forbidden', detail }) });
              throw new GroupFailed();
            }
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
            groupResults.push({ id: entry.id, status: response.statusCode, body: parseBody(response.body) });
            if (response.statusCode >= 400) throw new GroupFailed();
          }
        }),
      );
      applied = true;
    } catch (err) {
      if (!(err instanceof GroupFailed)) throw err;
      const failed = groupResults.at(-1)!;
      for (const entry of group) {
        if (entry.id === failed.id) continue;
        const detail = `Не применено: в той же группе отклонена правка ${failed.id}`;
        const index = groupResults.findIndex((r) => r.id === entry.id);
        const result = { id: entry.id, status: 424, body: problemBody({ status: 424, code: 'group_failed', detail }) };
        if (index >= 0) groupResults[index] = result;
        else groupResults.push(result);
      }
    }
    results.push(...group.map((entry) => groupResults.find((r) => r.id === entry.id)!));
  }
  if (applied) app.live.publish(request.userId!, { type: 'changes' });
  return results;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
