/**
 * Whether the database answers in time, cheaply enough for a route that load balancers and the
 * benchmarks call all the time: concurrent callers share one probe, and a result is reused for a
 * short while. A probe that is still waiting is never doubled: while it waits the answer is "no".
 */
export function databaseProbe(
  ping: () => Promise<void>,
  { timeoutMs = 2000, reuseMs = 500 } = {},
): () => Promise<boolean> {
  let last: { ok: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;
  let stillWaiting = false;

  async function probe(): Promise<boolean> {
    if (stillWaiting) return false;
    stillWaiting = true;
    const answered = ping().then(
      () => true,
      () => false,
    );
    void answered.finally(() => (stillWaiting = false));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const ok = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    return ok;
  }

  return async () => {
    if (last && performance.now() - last.at < reuseMs) return last.ok;
    inFlight ??= probe()
      .then((ok) => {
        last = { ok, at: performance.now() };
        return ok;
      })
      .finally(() => (inFlight = undefined));
    return inFlight;
  };
}
