import { startRealServer, type RealServer } from './real-server.ts';

/**
 * Vitest's jsdom environment replaces the global Uint8Array with jsdom's own, while Node's
 * TextEncoder still returns Node's; the server's JWT library (jose) then refuses its own key
 * ("must be ... Uint8Array. Received an instance of Uint8Array") and every sign-in answers 500.
 * Putting Node's constructor back makes both realms agree; the DOM does not need jsdom's.
 * Call it before starting any real server in a jsdom test.
 */
export function useNodeUint8Array(): void {
  const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
  if (globalThis.Uint8Array !== NodeUint8Array) globalThis.Uint8Array = NodeUint8Array;
}

/** The real API server (in-process, in-memory PGlite) for component tests that run in jsdom. */
export async function startRealServerInJsdom(): Promise<RealServer> {
  useNodeUint8Array();
  return startRealServer();
}
