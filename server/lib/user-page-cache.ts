/**
 * Answers of a read route kept per user until that user's data changes. Every write of a user's
 * rows ends in a `changes` message on the live hub — REST writes after their commit, pushes,
 * imports, and on PostgreSQL other instances' writes through LISTEN/NOTIFY — and that message
 * calls `invalidate`. Reading the products page cost 2–3 ms of the server's CPU over 100,000
 * products (tests/bench/products-pg.ts) while a seller's devices and scripts ask for the same
 * pages again and again between edits.
 *
 * Each user has a stamp that `invalidate` moves on. A reader takes the stamp before it reads the
 * database and stores its answer only under that stamp: an answer read while a write committed
 * is never kept past the write's message. A page also expires after `maxAgeMs`, so a write that
 * somehow sent no message is never served for long.
 */
export class UserPageCache {
  private readonly pages = new Map<string, { userId: string; stamp: number; body: string; at: number }>();
  /** Kept even when the user's pages are evicted: a reader holding an older stamp must still lose. */
  private readonly stamps = new Map<string, number>();
  private lastStamp = 0;
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The user's current stamp: hand it back to `set` with the answer read after taking it. */
  stampOf(userId: string): number {
    return this.stamps.get(userId) ?? 0;
  }

  get(userId: string, key: string): string | undefined {
    const id = `${userId}\n${key}`;
    const page = this.pages.get(id);
    if (!page) return undefined;
    if (page.stamp !== this.stampOf(userId) || this.now() - page.at > this.maxAgeMs) {
      this.drop(id);
      return undefined;
    }
    return page.body;
  }

  set(userId: string, key: string, stamp: number, body: string): void {
    if (stamp !== this.stampOf(userId) || body.length > this.maxBytes) return;
    const id = `${userId}\n${key}`;
    this.drop(id);
    this.pages.set(id, { userId, stamp, body, at: this.now() });
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

  /** The answer for `key`, from memory or read by `load` (and kept unless a change raced it). */
  async through(userId: string, key: string, load: () => Promise<string>): Promise<string> {
    const cached = this.get(userId, key);
    if (cached !== undefined) return cached;
    const stamp = this.stampOf(userId);
    const body = await load();
    this.set(userId, key, stamp, body);
    return body;
  }

  private drop(id: string): void {
    const page = this.pages.get(id);
    if (!page) return;
    this.pages.delete(id);
    this.bytes -= page.body.length;
  }
}
