import { apiBase } from './config.ts';
import type { ApiCall } from './contract.ts';
import { apiFetch } from './http.ts';

export interface SentNow {
  ok: boolean;
  status: number;
  /** The answer's body (problem+json on a refusal), or null. */
  body: unknown;
  /** The Russian reason of a refusal (problem `detail`), or a general one. */
  detail: string;
}

/**
 * A call that only makes sense online and is not queued (it starts a job on the server: loading
 * returns from the marketplaces). Sent at once, with the loading spinner; a network failure
 * answers status 0. Build the call with apiCall (src/sync/contract.ts).
 */
export async function sendNow(call: ApiCall): Promise<SentNow> {
  const request = new Request(new URL(call.path, apiBase()), {
    method: call.method,
    headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  let response: Response;
  try {
    response = await apiFetch(request);
  } catch {
    return { ok: false, status: 0, body: null, detail: 'Нет связи с сервером' };
  }
  const body: unknown = await response.json().catch(() => null);
  const detail = (body as { detail?: unknown } | null)?.detail;
  return {
    ok: response.ok,
    status: response.status,
    body,
    detail: typeof detail === 'string' ? detail : `Сервер ответил ${response.status}`,
  };
}
