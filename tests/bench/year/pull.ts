/**
 * A fresh device's pull (GET /api/v1/sync/pull from cursor 0 until has_more is false), parsed as the device
 * parses it.
 */
export interface PullSample {
  rows: number;
  pages: number;
  seconds: number;
  rowsPerSec: number;
}

export const PULL_PAGE = 5000;

export async function pullAll(base: string, auth: Record<string, string>, expected: number): Promise<PullSample> {
  const started = performance.now();
  let since = 0;
  let rows = 0;
  let pages = 0;
  for (;;) {
    const res = await fetch(`${base}/api/v1/sync/pull?since=${since}&limit=${PULL_PAGE}`, { headers: auth });
    if (!res.ok) throw new Error(`pull: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { cursor: number; has_more: boolean; changes: unknown[] };
    rows += page.changes.length;
    pages++;
    since = page.cursor;
    if (!page.has_more) break;
  }
  const took = (performance.now() - started) / 1000;
  // A short pull would flatter the figure.
  if (rows < expected) throw new Error(`pulled ${rows} rows, expected at least ${expected}`);
  return { rows, pages, seconds: took, rowsPerSec: rows / took };
}
