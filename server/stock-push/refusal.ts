import type { Refusal } from '../marketplaces/refusals/index.ts';
import { MarketplaceError } from '../marketplaces/types.ts';

/**
 * Why a store could not be asked or pushed to: the adapter's Russian explanation and the marketplace's own answer
 * apart.
 */
export function refusalOf(err: unknown): Refusal {
  if (err instanceof MarketplaceError) return { error: err.explanation, marketplaceError: err.marketplaceError };
  return { error: err instanceof Error ? err.message : String(err), marketplaceError: null };
}
