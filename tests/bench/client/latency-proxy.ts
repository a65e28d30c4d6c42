import { ChaosProxy, type FaultDecider } from '../../e2e/helpers/chaos-proxy.ts';

const passEverything: FaultDecider = { decide: () => ({ kind: 'pass' }), count: () => undefined };

export interface SlowLink {
  /** Where to point the browser and the one-by-one client instead of the server. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A link with `roundTripMs` round trips, on loopback: the e2e chaos proxy with no faults and half
 * the round trip held each way — every request, every answer, and the live channel's frames
 * (its WebSocket upgrade is piped through). The browser loads the app through it too, so the app's
 * own origin is the proxy's.
 */
export async function startSlowLink(serverUrl: string, roundTripMs: number): Promise<SlowLink> {
  const proxy = new ChaosProxy(serverUrl, passEverything, { requestMs: roundTripMs / 2, answerMs: roundTripMs / 2 });
  const url = await proxy.start();
  return { url, stop: () => proxy.stop() };
}
