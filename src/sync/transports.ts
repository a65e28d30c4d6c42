import { backgroundApi } from './api-client.ts';
import type { PullTransport } from './pull.ts';
import type { PushTransport } from './push-worker.ts';

/** Push through POST /api/v1/sync/push. A failed call as a whole (offline, 5xx, 401 after refresh) is retried later. */
export const pushOverHttp: PushTransport = async (entries) => {
  const { data, response } = await backgroundApi().POST('/api/v1/sync/push', { body: entries });
  if (data) return { kind: 'results', results: data.results };
  return { kind: 'retry', reason: `Сервер ответил ${response.status}` };
};

export const pullOverHttp: PullTransport = async (since) => {
  const { data, response } = await backgroundApi().GET('/api/v1/sync/pull', { params: { query: { since, limit: 500 } } });
  if (!data) throw new Error(`Синхронизация: сервер ответил ${response.status}`);
  return data;
};
