import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadOpenedScreen } from './app/preload-screen.ts';
import { registerServiceWorker } from './app/pwa.ts';
import { routeTree } from './routeTree.gen.ts';
import { hasPendingLogout, sendLogoutsFromNowOn } from './sync/pending-logout.ts';
import './ui/theme.css.ts';

const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

registerServiceWorker();
preloadOpenedScreen(router);
// A sign-out made offline before this page was loaded still has to reach the server, signed in again or not.
if (hasPendingLogout()) sendLogoutsFromNowOn();

// As a transition, React renders the first screen in slices of a few milliseconds between which the
// browser stays responsive, instead of one long task while a phone is still busy loading.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
