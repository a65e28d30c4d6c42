/**
 * Cross-tab mutual exclusion through Web Locks; where they are missing (old browsers, tests)
 * a lock within this tab is the best there is.
 */
const local = new Map<string, Promise<unknown>>();

export function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(name, fn) as Promise<T>;
  const previous = local.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  local.set(
    name,
    run.catch(() => undefined),
  );
  return run;
}
