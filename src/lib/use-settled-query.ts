import Dexie, { type ObservabilitySet } from 'dexie';
import { useEffect, useState } from 'react';
import { isMirrorFilling, onMirrorFillingChange } from '../db/mirror-filling.ts';

/** How long the named tables must stay unchanged before a heavy read runs again. */
const SETTLE_MS = 800;

/**
 * Like useLiveQuery, for reads of whole tables (the home page's ledger and every lot): it reads
 * once, then again only after the tables it names have stopped changing for a moment, and while a
 * pull streams pages into the mirror (src/db/mirror-filling.ts) only when it ends. A live query runs
 * again after every committed transaction, and a fresh device's first pull commits one page of
 * thousands of rows after another: re-reading 30,000 lots after each made the pull half again as
 * slow as its writes and filled the main thread with long tasks; pages more than SETTLE_MS apart (a
 * slow tablet) defeated the settling alone. No redraw during a fill either: on a year's device each
 * read of the lots and ledger takes seconds, and figures of a half-filled mirror are not the
 * account's anyway (the home page says so). Changes made in other tabs count too (Dexie fires
 * `storagemutated` for them). Undefined until the first read.
 */
export function useSettledQuery<T>(load: () => Promise<T>, tables: readonly string[]): T | undefined {
  const [value, setValue] = useState<T>();
  const key = tables.join(',');
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** A change not yet read. */
    let pending = false;
    const run = () => {
      pending = false;
      load().then(
        (v) => alive && setValue(() => v),
        (err: unknown) => console.error(err),
      );
    };
    const schedule = (settleMs: number) => {
      pending = true;
      clearTimeout(timer);
      // During a fill nothing is scheduled: its end reads what changed (onFilling).
      timer = isMirrorFilling() ? undefined : setTimeout(run, settleMs);
    };
    // Observability keys look like idb://<database>/<table>/<index>: a change elsewhere is not ours.
    const touchesOurs = (parts: ObservabilitySet) =>
      Object.keys(parts).some((k) => tables.some((t) => k.includes(`/${t}/`)));
    const onChange = (parts: ObservabilitySet) => {
      if (touchesOurs(parts)) schedule(SETTLE_MS);
    };
    // A pull began streaming pages: a read due after a short settle waits for it like any change.
    // It is done: what changed during it is read now.
    const onFilling = () => {
      if (pending) schedule(0);
    };
    run();
    Dexie.on('storagemutated', onChange);
    const stopFilling = onMirrorFillingChange(onFilling);
    return () => {
      alive = false;
      clearTimeout(timer);
      Dexie.on('storagemutated').unsubscribe(onChange);
      stopFilling();
    };
    // `load` is a module-level reader; the tables name what it reads.
  }, [key]);
  return value;
}
