/**
 * The API's base address (docs/architecture.md «Контракт»). Same origin by default, as the server serves the app;
 * VITE_API_BASE points a development build elsewhere, and tests point it at their own server.
 */
let base: string | undefined;

export function apiBase(): string {
  return (
    base ??
    (import.meta.env?.VITE_API_BASE as string | undefined) ??
    (typeof location === 'undefined' ? 'http://localhost:8080' : location.origin)
  );
}

const listeners = new Set<() => void>();
export function setApiBase(url: string): void {
  base = url;
  listeners.forEach((l) => l());
}
export const onApiBaseChange = (listener: () => void) => listeners.add(listener);
