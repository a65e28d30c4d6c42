import { useEffect, useRef } from 'react';
import { registerScanHandler, type ScanHandler } from './scan-bus.ts';

/**
 * Scans (keyboard wedge or camera) go to `handler` while the calling component is mounted — and not disabled —
 * and while no component mounted later takes them. The latest `handler` is always the one called.
 */
export function useScan(handler: ScanHandler, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    return registerScanHandler((code) => latest.current(code));
  }, [enabled]);
}
