/** What a client is told when its sign-in has ended; short enough for a WebSocket close reason (123 bytes). */
export const SESSION_ENDED_MESSAGE = 'Сеанс завершён: войдите снова';

/** Why the owner ended a member's sign-ins (sessions.end_reason). */
export type SessionEndReason = 'member_removed' | 'role_changed';

/** What a refused refresh tells the app, which shows it on the sign-in screen. */
export const sessionEndedBy: Record<SessionEndReason, string> = {
  member_removed: 'Владелец убрал вас из команды: войдите снова, чтобы работать в своём аккаунте',
  role_changed: 'Владелец изменил вашу роль в команде: войдите снова',
};

/**
 * Whether sign-ins (sessions, server/db/schema/users.ts) are still open, as this instance last saw
 * them. An open session is re-read after `openTtlMs` (≤ 2 s), so an instance that missed the
 * 'session ended' message of another (server/live/hub.ts) still refuses the session's access tokens
 * within seconds; an ended one is remembered, as a session never reopens. Without the cache every
 * request would read the database: a device sends its token with each one.
 */
export class SessionStates {
  private readonly open = new Map<string, number>();
  private readonly ended = new Set<string>();
  private readonly reading = new Map<string, Promise<boolean>>();

  constructor(
    /** true while the session exists and has not been revoked. */
    private readonly readOpen: (sessionId: string) => Promise<boolean>,
    private readonly openTtlMs = 2000,
    private readonly max = 50_000,
  ) {}

  async isOpen(sessionId: string): Promise<boolean> {
    if (this.ended.has(sessionId)) return false;
    const until = this.open.get(sessionId);
    if (until !== undefined && Date.now() < until) return true;
    let pending = this.reading.get(sessionId);
    if (!pending) {
      // Requests arriving together with one token share a single read.
      const startedAt = Date.now();
      pending = this.readOpen(sessionId)
        .then((open) => {
          // An end announced while the read was under way wins over what the read saw.
          if (this.ended.has(sessionId)) return false;
          if (open) this.rememberOpen(sessionId, startedAt + this.openTtlMs);
          else this.markEnded(sessionId);
          return open;
        })
        .finally(() => this.reading.delete(sessionId));
      this.reading.set(sessionId, pending);
    }
    return pending;
  }

  /** Known here to have ended (no database read): for a check that cannot wait. */
  hasEnded(sessionId: string): boolean {
    return this.ended.has(sessionId);
  }

  /** The session ended (here or on another instance): its tokens are refused from now on. */
  markEnded(sessionId: string): void {
    this.open.delete(sessionId);
    if (this.ended.size >= this.max) this.ended.delete(this.ended.values().next().value!);
    this.ended.add(sessionId);
  }

  private rememberOpen(sessionId: string, until: number): void {
    this.open.delete(sessionId);
    // Oldest first: a Map iterates in insertion order.
    if (this.open.size >= this.max) this.open.delete(this.open.keys().next().value!);
    this.open.set(sessionId, until);
  }
}
