import { parentPort, Worker, workerData } from 'node:worker_threads';
import { runLoad, type LoadStats } from './load.ts';
import { healthCall, productsMix, writeOffMix, type Seller } from './mix.ts';

/**
 * The load runs in a worker thread, as autocannon's does in the other benches: in the server's own event loop
 * the clients' work would be counted as the server's latency and halve what it can serve on two cores.
 */
export type MixSpec =
  | { kind: 'health' }
  | { kind: 'products'; sellers: Seller[]; seed: number; writeEvery: number }
  | { kind: 'write-offs'; sellers: Seller[]; seed: number };

interface Job {
  base: string;
  connections: number;
  seconds: number;
  spec: MixSpec;
}

export function loadInWorker(base: string, connections: number, seconds: number, spec: MixSpec): Promise<LoadStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker-entry.mjs', import.meta.url), {
      workerData: { base, connections, seconds, spec } as Job,
    });
    worker.once('message', (stats: LoadStats) => resolve(stats));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

if (parentPort && (workerData as Job | undefined)?.spec) {
  const { base, connections, seconds, spec } = workerData as Job;
  const next =
    spec.kind === 'health'
      ? () => healthCall
      : spec.kind === 'products'
        ? productsMix(spec.sellers, spec.seed, spec.writeEvery)
        : writeOffMix(spec.sellers, spec.seed);
  parentPort.postMessage(await runLoad(base, connections, seconds, next));
}
