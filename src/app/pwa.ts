import type { Workbox } from 'workbox-window';

type Listener = (waiting: boolean) => void;
let workbox: Workbox | undefined;
let waiting = false;
const listeners = new Set<Listener>();

/**
 * Registers the service worker. A new version waits until the user chooses to reload
 * ("Доступна новая версия"), so an update never lands in the middle of an edit. Updates are
 * looked for whenever the tab becomes visible again. Nothing of this runs before the page has
 * loaded: workbox-window is fetched then, and the worker's precache download does not compete
 * with the first screen for the network.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    listeners.forEach((l) => l(true));
  });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) location.reload();
  });
  // The page has loaded already: no need for workbox to wait for the load event again.
  void workbox.register({ immediate: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox?.update();
  });
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => listeners.delete(listener);
}

/** The user chose to update: the waiting worker takes over and the page reloads once it controls. */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}
