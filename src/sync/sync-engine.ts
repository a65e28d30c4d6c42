import { PAGE_SIZE } from '../lib/paging.ts';
import { onImageQueued, uploadPendingImages } from './image-uploads.ts';
import { connectLiveChannel } from './live-channel.ts';
import { CHECK_EVERY_MS, checkMirror, throttledCheck } from './mirror-digest.ts';
import { onEntryQueued } from './outbox.ts';
import { watchPendingLogouts } from './pending-logout.ts';
import { pruneHistory } from './history-window.ts';
import { hasPulled, pullChanges } from './pull.ts';
import { drainOutbox } from './push-worker.ts';
import { prefetchFirstProducts } from './server-products.ts';
import { digestOverHttp, pullOverHttp, pushOverHttp } from './transports.ts';

const TIMER_MS = 30_000;
const MAX_BACKOFF_MS = 60_000;

let running: (() => Promise<void>) | null = null;

/**
 * A screen's «Обновить»: sends what waits in the outbox, then pulls, now. Resolves when both are
 * done (or have failed: the data on the device stays as it is); at once when sync is not running.
 */
export function syncNow(): Promise<void> {
  return running?.() ?? Promise.resolve();
}

/**
 * Drives sync from the page (iPad Safari has no Background Sync): sends the outbox on start, on
 * `online`, when the tab becomes visible, after each new edit and on a timer; pulls at start, on
 * reconnect, on a live `changes` hint (after the drain, when one is under way) and on the timer;
 * after a pull, now and then, checks the mirror against the server's digest
 * (src/sync/mirror-digest.ts). Failures back off exponentially with jitter.
 */
export function startSync(): () => void {
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let draining: Promise<void> | null = null;
  let drainAgain = false;
  let pulling: Promise<void> | null = null;
  let pullAfterDrain = false;
  // After a pull, every few minutes: the mirror compared with the server's digest, and a table
  // that differs re-pulled in the background (skipped while edits are on their way).
  const checkSoon = throttledCheck(
    async () => (await checkMirror(digestOverHttp, pullOverHttp)).compared,
    CHECK_EVERY_MS,
    Date.now,
    Date.now(),
  );

  const drain = (): Promise<void> => {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    clearTimeout(retryTimer);
    draining = drainOutbox(pushOverHttp)
      // Pictures upload after the drain, so a product created offline reaches the server first;
      // their PATCH is queued in the outbox and announced, which runs this drain once more.
      .then(async (result) => {
        if (!result.retry) await uploadPendingImages().catch(() => 0);
        return result;
      })
      .then((result) => {
        if (!result.retry) {
          failures = 0;
          return;
        }
        failures++;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures) * (0.5 + Math.random());
        retryTimer = setTimeout(() => void drain(), delay);
      })
      .catch(() => undefined)
      .finally(() => {
        draining = null;
        if (pullAfterDrain) {
          pullAfterDrain = false;
          void pull();
        }
        if (drainAgain) {
          drainAgain = false;
          void drain();
        }
      });
    return draining;
  };

  const pull = (): Promise<void> => {
    pulling ??= pullChanges(pullOverHttp)
      // History that left the window goes before the digest adds the tables up (./history-window.ts).
      .then(() => pruneHistory().catch((err: unknown) => console.warn('Окно истории: не удалось очистить', err)))
      .then(() => void checkSoon())
      .catch(() => undefined)
      .finally(() => {
        pulling = null;
      });
    return pulling;
  };

  // The server hints after every push that applied something, so while the outbox drains most
  // hints are the drain's own edits coming back: a pull per hint would fetch rows the push answers
  // already stored, and compete with the drain for the server and for IndexedDB. One pull when the
  // drain ends brings the same, and whatever another device changed meanwhile.
  const pullOnHint = () => {
    if (draining) pullAfterDrain = true;
    else void pull();
  };

  const syncAll = () => void drain().then(pull);
  running = () => drain().then(pull);
  const onVisible = () => {
    if (document.visibilityState === 'visible') syncAll();
  };

  const stopQueued = onEntryQueued(() => void drain());
  const stopImages = onImageQueued(() => void drain());
  const stopLive = connectLiveChannel(pullOnHint);
  // Sign-outs of earlier sessions on this device that the server has not heard of yet.
  const stopLogouts = watchPendingLogouts();
  window.addEventListener('online', syncAll);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(syncAll, TIMER_MS);
  // A device that has never pulled (just signed in) fetches the whole account: that need not wait
  // for the drain, which has little or nothing to send and whose bookkeeping delayed the first
  // page by a few hundred milliseconds. Rows with queued edits are held either way (./pull.ts).
  let stopped = false;
  void hasPulled().then(
    (pulled) => {
      if (stopped) return;
      if (pulled) syncAll();
      else {
        // /products shows this page from the server until the pull is done
        // (src/features/products/api/use-product-table.ts): asked for before the pull fills the link.
        prefetchFirstProducts(PAGE_SIZE);
        void Promise.all([drain(), pull()]);
      }
    },
    () => !stopped && syncAll(),
  );

  return () => {
    stopped = true;
    running = null;
    stopQueued();
    stopImages();
    stopLive();
    stopLogouts();
    window.removeEventListener('online', syncAll);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
    clearTimeout(retryTimer);
  };
}
