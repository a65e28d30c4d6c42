import type { AnyRouter } from '@tanstack/react-router';
import { hasSession } from '../features/auth/api/has-session.ts';
import { warmDatabase } from './warm-database.ts';

/**
 * Starts what the screen the app opens on needs, before React's first render: its code, and
 * opening the device's database. The router only asks for a screen's chunks once that render has
 * committed, and Dexie opens IndexedDB on the screen's first query, after the next one; an
 * installed app opening offline waited for each in turn before its list could paint. Without a
 * stored session the visit ends on /auth, whose code is in the main chunk: nothing is fetched or
 * opened then, so a first visit never downloads the signed-in app or creates the database.
 */
export function preloadOpenedScreen(router: AnyRouter): void {
  if (!hasSession()) return;
  void warmDatabase();
  const [routes] = router.getMatchedRoutes(location.pathname);
  // A failure is reported where it matters: by the router loading the screen, by the screen's query.
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
  void import('../db/database.ts').then(({ db }) => db.open()).catch(() => undefined);
}
