import type { SandboxStore } from '../../../server/sandbox/server.ts';
import type { ServerApi } from '../../e2e/helpers/api.ts';

export interface ImportedStore {
  marketplace: string;
  store: string;
  offers: number;
  added: number;
  updated: number;
  /**
   * This job's turn, by the server's clock: done → the previous job done (or its own creation for
   * the first). The queue runs one job at a time, so the turns add up to the import.
   */
  turnMs: number;
}

export interface ImportRun {
  /** POST /extract/products/many/ sent → the last job seen done (polled every pollMs). */
  wallMs: number;
  stores: ImportedStore[];
}

interface WireJob {
  status: string;
  result: { store: string; offers: number; added: number; updated: number } | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** Stores linked to the sandbox, created the way `npm run demo` creates them (keys stored encrypted). */
export async function addStores(api: ServerApi, stores: readonly SandboxStore[]): Promise<void> {
  for (const s of stores) {
    await api.call('POST', '/api/v1/markets/add/', {
      market_id: s.marketId,
      name: s.name ?? s.marketId,
      marketplace: s.marketplace,
      access_token: s.apiKey,
    });
  }
}

/**
 * One catalog import of `stores` through the public API, as the app's «Загрузить с маркетплейсов»
 * starts it, timed until every job is done. A failed job fails the benchmark: a figure for an
 * import that did not happen would be worse than none.
 */
export async function importCatalogs(api: ServerApi, stores: readonly SandboxStore[], pollMs = 25): Promise<ImportRun> {
  const started = performance.now();
  const { jobs } = await api.call<{ jobs: Array<{ job_id: string; marketplace: string }> }>(
    'POST',
    '/api/v1/extract/products/many/',
    stores.map((s) => ({ marketplace: s.marketplace, market_id: s.marketId })),
  );
  const done = new Map<string, WireJob>();
  while (done.size < jobs.length) {
    for (const { job_id } of jobs) {
      if (done.has(job_id)) continue;
      const job = await api.call<WireJob>('GET', `/api/v1/jobs/${job_id}/`);
      if (job.status === 'failed') throw new Error(`import job ${job_id} failed: ${job.error}`);
      if (job.status === 'done') done.set(job_id, job);
    }
    if (done.size < jobs.length) await new Promise((r) => setTimeout(r, pollMs));
  }
  const wallMs = performance.now() - started;
  const finished = jobs
    .map(({ job_id, marketplace }) => ({ marketplace, job: done.get(job_id)! }))
    .sort((a, b) => Date.parse(a.job.updated_at) - Date.parse(b.job.updated_at));
  let previous = Math.min(...finished.map((f) => Date.parse(f.job.created_at)));
  const perStore = finished.map(({ marketplace, job }) => {
    const doneAt = Date.parse(job.updated_at);
    const turnMs = doneAt - previous;
    previous = doneAt;
    return { marketplace, ...(job.result ?? { store: '?', offers: 0, added: 0, updated: 0 }), turnMs };
  });
  return { wallMs, stores: perStore };
}
