import lighthouse from 'lighthouse';
import { launchChromium } from './chromium.ts';

/** One Lighthouse run's figures: the three category scores (0–100) and the metrics behind the performance one. */
export interface LighthouseSample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  /** Main-thread time per script URL (bootup-time), the largest first: where TBT comes from. */
  bootup: { url: string; totalMs: number; scriptingMs: number }[];
  /** Audits of the accessibility and best-practices categories that did not pass. */
  failing: { id: string; title: string }[];
}

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

/**
 * Lighthouse's default mobile run (its emulated phone, simulated slow 4G and 4× CPU slowdown) of
 * one address in a Chromium on `userDataDir`. With `keepStorage` the profile's service worker,
 * IndexedDB and tokens stay, as for a user who installed the app; without it Lighthouse clears
 * the origin's storage first, as on a first visit.
 */
export async function auditPage(
  url: string,
  userDataDir: string,
  keepStorage: boolean,
  report?: (json: string) => void,
): Promise<LighthouseSample> {
  const chromium = await launchChromium(userDataDir);
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: keepStorage,
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    report?.(typeof result.report === 'string' ? result.report : result.report.join('\n'));
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const bootupItems =
      (
        lhr.audits['bootup-time']?.details as
          { items?: { url: string; total: number; scripting: number }[] } | undefined
      )?.items ?? [];
    const failing = ['accessibility', 'best-practices'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id]!)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable',
        )
        .map((a) => ({ id: a.id, title: a.title })),
    );
    return {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      speedIndexMs: metric('speed-index'),
      cls: metric('cumulative-layout-shift'),
      bootup: bootupItems.map((i) => ({
        url: i.url,
        totalMs: Math.round(i.total),
        scriptingMs: Math.round(i.scripting),
      })),
      failing,
    };
  } finally {
    await chromium.close();
  }
}
