import { openProfile } from './profile.ts';

export interface ColdStartSample {
  /** Navigation start → first-contentful-paint (the shell's first pixels). */
  fcpMs: number | null;
  /** Navigation start → the frame after the store list (its last row) is in the DOM. */
  listMs: number;
  /** Navigation start → index.html fully received (from the service worker's precache). */
  shellMs: number;
  servedByServiceWorker: boolean;
}

declare global {
  interface Window {
    __listPaintedAt?: Promise<number>;
  }
}

/**
 * One cold start: a fresh browser process on the existing profile, with no network from the
 * first moment, straight to /markets. performance.now() counts from navigation start.
 */
export async function coldStart(profileDir: string, baseUrl: string, lastStoreName: string): Promise<ColdStartSample> {
  const { context, page } = await openProfile(profileDir, { offline: true });
  try {
    await page.addInitScript((name: string) => {
      window.__listPaintedAt = new Promise<number>((resolve) => {
        // The row is in the DOM; the next animation frame plus a task is when it has been painted.
        const seen = () => {
          if (!document.body?.textContent?.includes(name)) return false;
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
          return true;
        };
        const observer = new MutationObserver(() => {
          if (seen()) observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
    }, lastStoreName);
    await page.goto(`${baseUrl}/markets`, { waitUntil: 'commit' });
    const listMs = await page.evaluate(() => window.__listPaintedAt!);
    return await page.evaluate((list) => {
      if (navigator.onLine) throw new Error('the cold start was meant to be offline');
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        fcpMs: fcp?.startTime ?? null,
        listMs: list,
        shellMs: nav.responseEnd,
        servedByServiceWorker: nav.workerStart > 0,
      };
    }, listMs);
  } finally {
    await context.close();
  }
}
