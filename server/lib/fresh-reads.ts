/**
 * Reads of one key that must each start after their caller asked (a change marker: a read begun before a
 * write was answered may not see it), shared among callers all the same. A caller joins the read that has
 * not started yet, or queues one to start when the current read ends; so under a burst of requests of one
 * user the database answers one read per round trip instead of one per request, and every caller still
 * gets a read that began after it arrived.
 */
export class FreshReads<V> {
  private readonly waiting = new Map<string, Promise<V>>();
  private readonly running = new Map<string, Promise<unknown>>();

  read(key: string, load: () => Promise<V>): Promise<V> {
    const waiting = this.waiting.get(key);
    if (waiting) return waiting;
    const before = this.running.get(key) ?? Promise.resolve();
    const next: Promise<V> = before.then(
      (): Promise<V> => this.start(key, next, load),
      (): Promise<V> => this.start(key, next, load),
    );
    this.waiting.set(key, next);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(key, settled);
    void settled.then(() => {
      if (this.running.get(key) === settled) this.running.delete(key);
    });
    return next;
  }

  /** From here on a new caller must not join `read`: it may have arrived after the read began. */
  private start(key: string, read: Promise<V>, load: () => Promise<V>): Promise<V> {
    if (this.waiting.get(key) === read) this.waiting.delete(key);
    return load();
  }
}
