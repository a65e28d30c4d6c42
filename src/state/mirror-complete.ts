import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import { mirrorComplete } from '../sync/pull.ts';

/*
 * Whether the device holds the whole account (src/sync/pull.ts mirrorComplete), followed for the
 * life of the page like /products' kept rows (src/features/products/api/product-source.ts): a revisit
 * knows at its first render whether the device's figures are whole (/products asks the server until they
 * are; the home page says they are still coming), instead of waiting a read and painting twice.
 */
let known: boolean | undefined;
let live: Subscription | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  live ??= liveQuery(() => mirrorComplete()).subscribe({
    next(value) {
      if (value === known) return;
      known = value;
      for (const l of listeners) l();
    },
    // Started again by the next subscriber.
    error(error) {
      live = undefined;
      console.error('/products: reading the mirror state failed', error);
    },
  });
  return () => listeners.delete(listener);
}

/** Undefined until first read. */
export const useMirrorComplete = (): boolean | undefined => useSyncExternalStore(subscribe, () => known);

/** Forgets the state, as a new page would (tests: each starts from its own device). */
export function stopMirrorComplete(): void {
  live?.unsubscribe();
  live = undefined;
  known = undefined;
}
