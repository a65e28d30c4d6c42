let chain: Promise<unknown> = Promise.resolve();

/**
 * Runs the device's stock edits one after another. Each reads the projected stock before queueing,
 * so without this two quick edits (a blur, then another) could reach the outbox in the wrong
 * order — and the server applies them in outbox order.
 */
export function serial<T>(task: () => Promise<T>): Promise<T> {
  const next = chain.then(task, task);
  chain = next.catch(() => undefined);
  return next;
}
