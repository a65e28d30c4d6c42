/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell: every built file, so the app starts with no network at all.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links open the app offline too; the API, the live channel and uploads never get the shell.
// The live channel is /user/{id}/, while /user alone is the profile page, which needs the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/user\//, /^\/uploads(\/|$)/],
  }),
);

// Product images (ours and the marketplaces'): cache-first, bounded in count and age.
registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 1000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// API data is never cached here: IndexedDB is the app's cache.

// A new version waits until the user accepts it ("Доступна новая версия"), never mid-edit.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// On first install there is no old version to protect: take over the open page at once.
clientsClaim();
