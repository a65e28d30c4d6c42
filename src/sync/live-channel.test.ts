// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { getAppState, resetAppState } from '../state/app-state.ts';
import { expiredAccessToken, signInAs, startRealServer, type RealServer } from '../testing/real-server.ts';
import { onSessionLost } from './http.ts';
import { connectLiveChannel, handleLiveMessage } from './live-channel.ts';

let server: RealServer;
const realWebSocket = globalThis.WebSocket;

beforeAll(async () => {
  server = await startRealServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  resetAppState();
  localStorage.clear();
  onSessionLost(vi.fn());
});
afterEach(() => {
  vi.useRealTimers();
  globalThis.WebSocket = realWebSocket;
});

describe('handleLiveMessage (docs/screens.md)', () => {
  it('progress drives the ring; 100 or more hides it', () => {
    const onChanges = vi.fn();
    handleLiveMessage({ type: 'progress', value: 42 }, onChanges);
    expect(getAppState().progressValue).toBe(42);
    handleLiveMessage({ type: 'progress', value: 100 }, onChanges);
    expect(getAppState().progressValue).toBe(0);
    expect(onChanges).not.toHaveBeenCalled();
  });

  it('a notification shows in the bar and clears itself after 10 s', () => {
    vi.useFakeTimers();
    const onChanges = vi.fn();
    handleLiveMessage({ type: 'notification', value: { type: 'error', text: 'Импорт не удался' } }, onChanges);
    expect(getAppState().notification).toEqual({ type: 'error', text: 'Импорт не удался' });
    vi.advanceTimersByTime(9_999);
    expect(getAppState().notification).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getAppState().notification).toBeNull();
    expect(onChanges).not.toHaveBeenCalled();
  });

  it('changes call back (the sync engine pulls)', () => {
    const onChanges = vi.fn();
    handleLiveMessage({ type: 'changes' }, onChanges);
    expect(onChanges).toHaveBeenCalledTimes(1);
    expect(getAppState()).toMatchObject({ progressValue: -1, notification: null });
  });
});

describe('connectLiveChannel against the real server', { timeout: 30_000 }, () => {
  beforeEach(() => {
    globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
  });

  it('opens /user/{id}/ with the token as the subprotocol, delivers messages, and stops at sign-out', async () => {
    const user = await server.signUp();
    signInAs(user);
    const onChanges = vi.fn();
    const stop = connectLiveChannel(onChanges);
    try {
      await vi.waitFor(() => expect(onChanges).toHaveBeenCalledTimes(1)); // on open: pull what was missed

      server.app.live.publish(user.id, { type: 'progress', value: 30 });
      await vi.waitFor(() => expect(getAppState().progressValue).toBe(30));
      server.app.live.publish(user.id, { type: 'notification', value: { type: 'info', text: 'Готово' } });
      await vi.waitFor(() => expect(getAppState().notification).toEqual({ type: 'info', text: 'Готово' }));
      server.app.live.publish(user.id, { type: 'changes' });
      await vi.waitFor(() => expect(onChanges).toHaveBeenCalledTimes(2));
    } finally {
      stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    server.app.live.publish(user.id, { type: 'changes' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onChanges).toHaveBeenCalledTimes(2); // closed for good: no reconnect, no more messages
  });

  it('a close for an expired token refreshes it and reconnects after 1 s', async () => {
    const user = await server.signUp();
    signInAs(user);
    localStorage.setItem('access_token', await expiredAccessToken(user.id));
    const started = Date.now();
    const stop = connectLiveChannel(vi.fn());
    try {
      await vi.waitFor(() => expect(localStorage.getItem('refresh_token')).not.toBe(user.refreshToken), {
        timeout: 5_000,
      });
      // Messages reach the app again once the channel is back (published until one arrives).
      await vi.waitFor(
        () => {
          server.app.live.publish(user.id, { type: 'progress', value: 55 });
          expect(getAppState().progressValue).toBe(55);
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    } finally {
      stop();
    }
  });
});

/** A WebSocket that only records: the test decides when it closes. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  close = vi.fn();
  constructor(
    readonly url: URL,
    readonly protocols?: string[],
  ) {
    FakeSocket.made.push(this);
  }
}

describe('connectLiveChannel reconnects', () => {
  beforeEach(async () => {
    FakeSocket.made = [];
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
    signInAs(await server.signUp());
  });

  it('1 s after an unexpected close, and not after sign-out', async () => {
    vi.useFakeTimers();
    const stop = connectLiveChannel(vi.fn());
    expect(FakeSocket.made).toHaveLength(1);
    expect(FakeSocket.made[0]!.url.protocol).toBe('ws:');
    // The token goes as the subprotocol pair, never in the address (proxy logs, the console).
    const token = localStorage.getItem('access_token')!;
    expect(FakeSocket.made[0]!.protocols).toEqual(['bearer', token]);
    expect(FakeSocket.made[0]!.url.search).toBe('');
    expect(FakeSocket.made[0]!.url.toString()).not.toContain(token);

    await FakeSocket.made[0]!.onclose!({ code: 1006 });
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(2);

    stop();
    expect(FakeSocket.made[1]!.close).toHaveBeenCalledWith(1000, 'logout');
    await FakeSocket.made[1]!.onclose!({ code: 1000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('a message it does not understand is ignored', () => {
    const onChanges = vi.fn();
    const stop = connectLiveChannel(onChanges);
    FakeSocket.made[0]!.onmessage!({ data: 'not json' });
    FakeSocket.made[0]!.onmessage!({ data: JSON.stringify({ type: 'changes' }) });
    expect(onChanges).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not open without a session', () => {
    localStorage.clear();
    connectLiveChannel(vi.fn())();
    expect(FakeSocket.made).toHaveLength(0);
  });
});
