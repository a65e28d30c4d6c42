import Dexie, { type ObservabilitySet } from 'dexie';

/**
 * A heavy read of whole tables (the home page's every lot and its ledger window), kept until one of the tables it
 * names changes — in this tab or another (Dexie's `storagemutated` sees both) — or its key does (the day, the
 * database). Coming back to the page then paints at once instead of reading a year's rows again. A change while
 * the read runs makes that read stale the moment it started, so nothing older than the tables is ever answered.
 */
export interface ChangeMemo<K extends string, T> {
  (key: K): Promise<T>;
  /** Whether a call with this key would answer the kept read (tests and the page's first paint). */
  holds(key: K): boolean;
}

export function memoUntilChanged<K extends string, T>(
  tables: readonly string[],
  load: (key: K) => Promise<T>,
  /** Only while the read runs: callers at the same moment share it; the rows are not held once it is done. */
  { whileRunning = false } = {},
): ChangeMemo<K, T> {
  let generation = 0;
  let kept: { key: K; generation: number; value: Promise<T> } | undefined;
  let listening = false;
  // Observability keys look like idb://<database>/<table>/<index>.
  const onChange = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((k) => tables.some((t) => k.includes(`/${t}/`)))) generation++;
  };
  const holds = (key: K) => kept !== undefined && kept.key === key && kept.generation === generation;
  const memo = (key: K): Promise<T> => {
    if (!listening) {
      Dexie.on('storagemutated', onChange);
      listening = true;
    }
    if (holds(key)) return kept!.value;
    const entry = { key, generation, value: load(key) };
    kept = entry;
    const forget = () => {
      if (kept === entry) kept = undefined;
    };
    entry.value.then(whileRunning ? forget : undefined, forget);
    return entry.value;
  };
  return Object.assign(memo, { holds });
}
