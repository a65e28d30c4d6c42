import type { paths } from '../../api/schema.gen.ts';
import { backgroundApi } from './api-client.ts';
import type { DigestTransport } from './mirror-digest.ts';
import type { PullTransport } from './pull.ts';
import type { PushTransport } from './push-worker.ts';
import { endpoints } from './contract.ts';
import { changesOfColumns } from './pull-columns.ts';
import { historyFrom } from './history-window.ts';

/** Push through POST /api/v1/sync/push. A failed call as a whole (offline, 5xx, 401 after refresh) is retried later. */
export const pushOverHttp: PushTransport = async (entries) => {
  const { data, response } = await backgroundApi().POST(endpoints.push, { body: entries });
  if (data) return { kind: 'results', results: data.results };
  return { kind: 'retry', reason: `Сервер ответил ${response.status}` };
};

/** The server's largest page (server/schemas/sync.ts): a fresh device's pull takes the fewest round trips. */
export const PULL_PAGE_SIZE = 5000;

type PullQuery = NonNullable<paths[typeof endpoints.pull]['get']['parameters']['query']>;

/**
 * Pages in columns (each table's keys once): half the JSON, and with the answer's brotli or gzip
 * about 55 bytes a row on the wire instead of 67 (tests/bench/wire-bytes.ts).
 */
export const pullOverHttp: PullTransport = async (since, table, limit = PULL_PAGE_SIZE) => {
  // A table is asked for only when the server's digest named it (src/sync/mirror-digest.ts).
  // Sales and ledger rows older than the device's window stay on the server (./history-window.ts).
  const query: PullQuery = {
    since,
    limit,
    format: 'columns',
    history_from: historyFrom(),
    ...(table ? { table: table as PullQuery['table'] } : {}),
  };
  const { data, response } = await backgroundApi().GET(endpoints.pull, { params: { query } });
  if (!data) throw new Error(`Синхронизация: сервер ответил ${response.status}`);
  return 'tables' in data ? changesOfColumns(data) : data;
};

export const digestOverHttp: DigestTransport = async (from) => {
  const { data, response } = await backgroundApi().GET(endpoints.digest, { params: { query: { history_from: from } } });
  if (!data) throw new Error(`Сверка: сервер ответил ${response.status}`);
  return data;
};
