import type { WebSocket } from 'ws';
import { LiveCloseCode, type LiveMessage } from '../../api/ws.ts';
import { SESSION_ENDED_MESSAGE } from '../lib/sessions.ts';

/** Between instances only, never sent to a socket: a sign-in ended (logout, a reused refresh token). */
export interface SessionEnded {
  type: 'session_ended';
  session_id: string;
}

export type BusMessage = LiveMessage | SessionEnded;

/** Carries messages between server instances; absent when there is only one. */
export interface LiveBus {
  publish(userId: string, message: BusMessage): Promise<void>;
  subscribe(deliver: (userId: string, message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** The sockets of this instance, by user. Publishing reaches them and, through the bus, every other instance's. */
export class LiveHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  /** The sockets of each sign-in (none for a token issued before sessions existed). */
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly changeListeners: Array<(userId: string) => void> = [];
  private readonly endListeners: Array<(sessionId: string) => void> = [];

  constructor(private readonly bus?: LiveBus) {
    bus?.subscribe((userId, message) => this.deliver(userId, message));
  }

  add(userId: string, socket: WebSocket, sessionId?: string): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    let ofSession: Set<WebSocket> | undefined;
    if (sessionId) {
      ofSession = this.bySession.get(sessionId);
      if (!ofSession) this.bySession.set(sessionId, (ofSession = new Set()));
      ofSession.add(socket);
    }
    socket.once('close', () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
      ofSession?.delete(socket);
      if (sessionId && ofSession?.size === 0 && this.bySession.get(sessionId) === ofSession)
        this.bySession.delete(sessionId);
    });
  }

  publish(userId: string, message: LiveMessage): void {
    this.send(userId, message);
  }

  /**
   * A sign-in of the user has ended: every instance refuses its tokens from now on and closes its
   * sockets. Call after the revocation is committed, or another instance could read it back as open.
   */
  endSession(userId: string, sessionId: string): void {
    this.send(userId, { type: 'session_ended', session_id: sessionId });
  }

  /** The sign-ins this instance holds sockets of. */
  sessionIds(): string[] {
    return [...this.bySession.keys()];
  }

  /**
   * Ends sign-ins found ended in the database on this instance only (a fallback for an announcement
   * this instance missed, or where there is no bus between instances).
   */
  endSessionsHere(sessionIds: Iterable<string>): void {
    for (const sessionId of sessionIds) this.sessionEnded(sessionId);
  }

  /** Calls `listener` with the user of every `changes` message, this instance's or another's. */
  onChanges(listener: (userId: string) => void): void {
    this.changeListeners.push(listener);
  }

  /** Calls `listener` with every session ended, on this instance or another. */
  onSessionEnded(listener: (sessionId: string) => void): void {
    this.endListeners.push(listener);
  }

  connectionCount(userId?: string): number {
    if (userId) return this.sockets.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.sockets.values()) for (const socket of set) socket.close(code, reason);
  }

  async close(): Promise<void> {
    await this.bus?.close();
  }

  private send(userId: string, message: BusMessage): void {
    this.deliver(userId, message);
    this.bus?.publish(userId, message).catch(() => undefined);
  }

  private deliver(userId: string, message: BusMessage): void {
    if (message.type === 'session_ended') return this.sessionEnded(message.session_id);
    if (message.type === 'changes') for (const listener of this.changeListeners) listener(userId);
    const set = this.sockets.get(userId);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  private sessionEnded(sessionId: string): void {
    for (const listener of this.endListeners) listener(sessionId);
    // The client refreshes on this code, is refused, and signs out.
    for (const socket of this.bySession.get(sessionId) ?? [])
      socket.close(LiveCloseCode.invalidToken, SESSION_ENDED_MESSAGE);
  }
}
