import type { WebSocket } from 'ws';
import type { LiveMessage } from '../../api/ws.ts';

/** Carries messages between server instances; absent when there is only one. */
export interface LiveBus {
  publish(userId: string, message: LiveMessage): Promise<void>;
  subscribe(deliver: (userId: string, message: LiveMessage) => void): void;
  close(): Promise<void>;
}

/** The sockets of this instance, by user. Publishing reaches them and, through the bus, every other instance's. */
export class LiveHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly changeListeners: Array<(userId: string) => void> = [];

  constructor(private readonly bus?: LiveBus) {
    bus?.subscribe((userId, message) => this.deliver(userId, message));
  }

  add(userId: string, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
  }

  publish(userId: string, message: LiveMessage): void {
    this.deliver(userId, message);
    this.bus?.publish(userId, message).catch(() => undefined);
  }

  /** Calls `listener` with the user of every `changes` message, this instance's or another's. */
  onChanges(listener: (userId: string) => void): void {
    this.changeListeners.push(listener);
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

  private deliver(userId: string, message: LiveMessage): void {
    if (message.type === 'changes') for (const listener of this.changeListeners) listener(userId);
    const set = this.sockets.get(userId);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(text);
  }
}
