import type { RetryOptions } from './http.ts';
import { OzonAssembly } from './ozon-assembly.ts';
import { PacerPool } from './pacing.ts';
import type { AssemblyAdapter, MarketplaceCode } from './types.ts';
import { WildberriesAssembly } from './wildberries-assembly.ts';
import { YandexMarketAssembly } from './yandex-market-assembly.ts';

export interface AssemblyAdapterOptions {
  /**
   * The marketplace's API root: OZON the seller API (app.config.marketplaces.ozonUrl), Wildberries the marketplace
   * API (wildberriesMarketplaceUrl), Yandex Market the partner API (yandexMarketUrl). Unset: the env var or the
   * real address, as the other adapters do.
   */
  baseUrl?: string;
  /** The app's pool, so assembly calls spend the same per-seller quotas as the imports and the stock push. */
  pacing?: PacerPool;
  retry?: RetryOptions;
  /** The length of a limit's minute; tests shorten it (like stockMinuteMs). */
  minuteMs?: number;
  /** OZON: requests a second per Client-Id across all methods (50), shared with the other OZON adapters. */
  ozonPerSecond?: number;
  /** Wildberries' marketplace category, shared with its order feed and stock push: 300 a minute, burst 20. */
  wildberriesPerMinute?: number;
  wildberriesBurst?: number;
}

/**
 * The assembly adapter of one marketplace. Build one per marketplace for the app's lifetime and give it the
 * app's PacerPool: its pacers then count one seller's requests together with the other adapters'.
 */
export function assemblyAdapterFor(
  marketplace: MarketplaceCode,
  options: AssemblyAdapterOptions = {},
): AssemblyAdapter {
  const opts = { ...options, pacing: options.pacing ?? new PacerPool() };
  switch (marketplace) {
    case 'OZON':
      return new OzonAssembly(opts);
    case 'WILDBERRIES':
      return new WildberriesAssembly(opts);
    case 'YM':
      return new YandexMarketAssembly(opts);
  }
}
