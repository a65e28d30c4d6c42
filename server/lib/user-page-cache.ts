import { FreshReads } from './fresh-reads.ts';

/**
 * Answers of a read route kept per user, each under the change marker the request read from the
 * database before building it (server/repositories/change-marker.ts: the greatest row version of
 * the tables the page is made of). A request reads the marker first and is answered from memory
 * only when the kept page carries the same marker, so a page is never older than the database at
 * the time of the read — whichever instance made the write, and however late its `changes`
 * message arrives. Reading the products page cost 2–3 ms of the server's CPU over 100,000
 * products (tests/bench/products-pg.ts) while a seller's devices and scripts ask for the same
 * pages again and again between edits; the marker is one index step per table.
 *
 * The live hub's `changes` messages (REST writes, pushes, imports; other instances' through
 * LISTEN/NOTIFY) still call `invalidate`: it frees the user's memory early. Each user has a stamp that `invalidate`
 * moves on; a reader stores its answer only under the stamp it took before reading. A page also
 * expires after `maxAgeMs`.
 */
export class UserPageCache {
  private readonly pages = new Map<string, { stamp: number; marker: string; body: string; at: number }>();
  /** Kept even when the user's pages are evicted: a reader holding an older stamp must still lose. */
  private readonly stamps = new Map<string, number>();
  private readonly markers = new FreshReads<string>();
  private lastStamp = 0;
  private bytes = 0;
  /** Answers from memory and answers read from the database, since start: the bench prints the hit rate. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The user's current stamp: hand it back to `set` with the answer read after taking it. */
  stampOf(userId: string): number {
    return this.stamps.get(userId) ?? 0;
  }

  /** The page kept for `key` if it was read under `marker` and nothing on this instance dropped it since. */
  get(userId: string, key: string, marker: string): string | undefined {
    const id = `${userId}\n${key}`;
    const page = this.pages.get(id);
    if (!page) return undefined;
    if (page.marker !== marker || page.stamp !== this.stampOf(userId) || this.now() - page.at > this.maxAgeMs) {
      this.drop(id);
      return undefined;
    }
    return page.body;
  }

  /** Keeps `body`, read after taking `stamp` and reading `marker`, unless the user's data changed meanwhile. */
  set(userId: string, key: string, stamp: number, marker: string, body: string): void {
    if (stamp !== this.stampOf(userId) || body.length > this.maxBytes) return;
    const id = `${userId}\n${key}`;
    this.drop(id);
    this.pages.set(id, { stamp, marker, body, at: this.now() });
    this.bytes += body.length;
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of this.pages.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** The user's data changed: every page read before now is stale. */
  invalidate(userId: string): void {
    this.stamps.set(userId, ++this.lastStamp);
  }

  /**
   * The answer for `key`: from memory when it was read under the marker `readMarker` answers now,
   * otherwise read by `load` and kept. The marker is read before the page, so the page is at least
   * as new as the marker it is kept under.
   */
  async through(
    userId: string,
    key: string,
    readMarker: () => Promise<string>,
    load: () => Promise<string>,
  ): Promise<string> {
    // Kept off (PAGE_CACHE_MB=0): the marker would be a query for nothing.
    if (this.maxBytes === 0) return load();
    const stamp = this.stampOf(userId);
    // Concurrent requests of one user share a marker read that began after each of them arrived.
    const marker = await this.markers.read(userId, readMarker);
    const cached = this.get(userId, key, marker);
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const body = await load();
    this.set(userId, key, stamp, marker, body);
    return body;
  }

  private drop(id: string): void {
    const page = this.pages.get(id);
    if (!page) return;
    this.pages.delete(id);
    this.bytes -= page.body.length;
  }
}
