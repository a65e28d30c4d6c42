import type { components } from '../../../../api/schema.gen.ts';
import { api, problemOf } from '../../../sync/api-client.ts';
import { apiCall, endpoints } from '../../../sync/contract.ts';
import { sendNow } from '../../../sync/send-now.ts';

export type StockPushPreview = components['schemas']['StockPushPreview'];
export type PreviewStore = StockPushPreview['stores'][number];
export type PreviewItem = PreviewStore['items'][number];
export type StockPushRun = components['schemas']['StockPushRun'];
export type StockPushRunSummary = components['schemas']['StockPushRuns']['runs'][number];

export const OFFLINE = 'Нет сети: передать остатки маркетплейсам можно только при подключении к интернету';

/** A call's outcome: its data, or the Russian reason it failed (offline, refused, server trouble). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: string; status: number };

/**
 * The stock push is online only (issue 15): it asks the marketplaces and starts a job on the server,
 * there is nothing to do or keep on the device. So nothing here is queued or mirrored; offline every
 * call answers OFFLINE at once.
 */
async function read<T>(request: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  if (!navigator.onLine) return { ok: false, error: OFFLINE, status: 0 };
  try {
    const { data, error, response } = await request();
    if (data !== undefined && response.ok) return { ok: true, data };
    return { ok: false, error: problemOf(error, response.status).detail, status: response.status };
  } catch {
    return { ok: false, error: OFFLINE, status: 0 };
  }
}

/** What a push would change, per connected store (the server asks each marketplace for its current stock). */
export const loadPreview = () => read(() => api().GET(endpoints.stockPushPreview, { params: { query: {} } }));

export const loadRuns = (limit = 10) => read(() => api().GET(endpoints.stockPushLog, { params: { query: { limit } } }));

export const loadRun = (jobId: string) =>
  read(() => api().GET(endpoints.stockPushRun, { params: { path: { job_id: jobId } } }));

export const loadSettings = () => read(() => api().GET(endpoints.stockPushSettings));

/** «Отправить»: one job for every connected store; its progress comes over the live channel (the ring). */
export async function startPush(): Promise<Outcome<{ job_id: string }>> {
  if (!navigator.onLine) return { ok: false, error: OFFLINE, status: 0 };
  const sent = await sendNow(apiCall('POST', '/stock-push/start/', { body: {} }));
  if (sent.status === 0) return { ok: false, error: OFFLINE, status: 0 };
  if (!sent.ok) return { ok: false, error: sent.detail, status: sent.status };
  return { ok: true, data: sent.body as { job_id: string } };
}

export async function saveAutoPush(autoPush: boolean): Promise<Outcome<{ auto_push: boolean }>> {
  if (!navigator.onLine) return { ok: false, error: OFFLINE, status: 0 };
  const sent = await sendNow(apiCall('PATCH', '/stock-push/settings/', { body: { auto_push: autoPush } }));
  if (sent.status === 0) return { ok: false, error: OFFLINE, status: 0 };
  if (!sent.ok) return { ok: false, error: sent.detail, status: sent.status };
  return { ok: true, data: sent.body as { auto_push: boolean } };
}
