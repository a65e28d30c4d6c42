/**
 * Whether a pull is streaming pages into the mirror right now (src/sync/pull.ts sets it from a
 * first page that says more follow until the last one is written). Screens that read whole tables
 * wait for it to end instead of re-reading after every page's commit (src/lib/use-settled-query.ts):
 * on a fresh device each re-read of every lot competed with the pull's own writes for IndexedDB.
 */
let filling = false;
const listeners = new Set<() => void>();

export const isMirrorFilling = (): boolean => filling;

export function setMirrorFilling(value: boolean): void {
  if (filling === value) return;
  filling = value;
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever filling starts or ends; answers the unsubscribe. */
export function onMirrorFillingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
