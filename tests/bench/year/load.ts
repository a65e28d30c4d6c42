import { Pool } from 'undici';
import { median } from '../helpers/pg-bench.ts';

/**
 * A closed-loop load of `connections` clients, each sending its next request as soon as the last one answered,
 * over keep-alive connections (undici, cheaper per request than fetch), with latencies kept per kind of request.
 * The same loop measures /api/health, so the ratio compares like with like.
 */
export interface Call {
  kind: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Statuses that are an answer, not a failure (a write-off of a product sold out meanwhile: 409). */
  accept?: number[];
}

export interface KindStats {
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Accepted non-2xx answers (see Call.accept). */
  refused: number;
}

export type LoadStats = Record<string, KindStats>;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

export function statsOf(latencies: number[], seconds: number, refused = 0): KindStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    reqPerSec: sorted.length / seconds,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    refused,
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

export async function runLoad(
  base: string,
  connections: number,
  seconds: number,
  next: (client: number) => Call,
): Promise<LoadStats> {
  const pool = new Pool(base, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const latencies = new Map<string, number[]>();
  const refused = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const client = async (n: number) => {
    while (performance.now() < deadline) {
      const call = next(n);
      const t0 = performance.now();
      const res = await pool.request({
        method: call.method,
        path: call.path,
        headers: call.body === undefined ? call.headers : { ...call.headers, 'content-type': 'application/json' },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      const text = await res.body.text();
      const ms = performance.now() - t0;
      if (res.statusCode >= 300) {
        if (!call.accept?.includes(res.statusCode))
          throw new Error(`${call.method} ${call.path}: ${res.statusCode} ${text.slice(0, 300)}`);
        refused.set(call.kind, (refused.get(call.kind) ?? 0) + 1);
      }
      let list = latencies.get(call.kind);
      if (!list) latencies.set(call.kind, (list = []));
      list.push(ms);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, (_, i) => client(i)));
  } finally {
    await pool.close();
  }
  const took = (performance.now() - started) / 1000;
  return Object.fromEntries([...latencies].map(([kind, xs]) => [kind, statsOf(xs, took, refused.get(kind) ?? 0)]));
}

/** Per kind, the median of each figure over the rounds. */
export function medianStats(rounds: LoadStats[]): LoadStats {
  const kinds = new Set(rounds.flatMap((r) => Object.keys(r)));
  return Object.fromEntries(
    [...kinds].map((kind) => {
      const of = (f: keyof KindStats) => median(rounds.map((r) => r[kind]?.[f] ?? 0));
      return [
        kind,
        {
          requests: of('requests'),
          reqPerSec: of('reqPerSec'),
          p50Ms: of('p50Ms'),
          p99Ms: of('p99Ms'),
          refused: of('refused'),
        },
      ];
    }),
  );
}
