import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../api/schema.gen.ts';
import { apiBase, onApiBaseChange } from './config.ts';
import { apiFetch } from './http.ts';

let foreground: Client<paths> | undefined;
let background: Client<paths> | undefined;
onApiBaseChange(() => {
  foreground = background = undefined;
});

/** The one typed client of the REST API (api/schema.gen.ts is generated from the server's schemas). */
export const api = (): Client<paths> =>
  (foreground ??= createClient<paths>({ baseUrl: apiBase(), fetch: (r) => apiFetch(r) }));

/** The same client for background sync: it does not drive the loading spinner. */
export const backgroundApi = (): Client<paths> =>
  (background ??= createClient<paths>({ baseUrl: apiBase(), fetch: (r) => apiFetch(r, { background: true }) }));

export interface ApiProblem {
  status: number;
  code: string;
  detail: string;
}

/** The Russian message of a problem+json answer, or a general one. */
export function problemOf(error: unknown, status: number): ApiProblem {
  const p = error as Partial<ApiProblem> | undefined;
  return { status, code: p?.code ?? 'unknown', detail: p?.detail ?? 'Сервер не смог выполнить запрос' };
}
