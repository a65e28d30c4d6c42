import { ChaosProxy, type FaultDecider } from '../../e2e/helpers/chaos-proxy.ts';

const passEverything: FaultDecider = { decide: () => ({ kind: 'pass' }), count: () => undefined };

export interface SlowLink {
  /** Where to point the browser and the one-by-one client instead of the server. */
  url: string;
  /** Answer bytes sent through it so far, as they crossed the link. */
  answerBytes(): number;
  stop(): Promise<void>;
}

/**
 * A link with `roundTripMs` round trips, on loopback: the e2e chaos proxy with no faults and half
 * the round trip held each way — every request, every answer, and the live channel's frames
 * (its WebSocket upgrade is piped through). The browser loads the app through it too, so the app's
 * own origin is the proxy's. With `bytesPerSecond`, the link's bandwidth each way too (a tablet's
 * 10 Mbit/s Wi-Fi: 1,250,000).
 */
export async function startSlowLink(
  serverUrl: string,
  roundTripMs: number,
  bytesPerSecond?: number,
): Promise<SlowLink> {
  const proxy = new ChaosProxy(serverUrl, passEverything, {
    requestMs: roundTripMs / 2,
    answerMs: roundTripMs / 2,
    bytesPerSecond,
  });
  const url = await proxy.start();
  return { url, answerBytes: () => proxy.answerBytes, stop: () => proxy.stop() };
}
