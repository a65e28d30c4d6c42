import { useLiveQuery } from 'dexie-react-hooks';
import { db, type Market } from '../../../db/database.ts';
import { readMarkets } from './read-markets.ts';

/**
 * The user's stores from the device, oldest first, live. `initial`: the stores read before the
 * screen rendered (its route's loader), shown until the live query's first answer.
 */
export function useMarkets(initial?: Market[]): Market[] | undefined {
  return useLiveQuery(readMarkets, [], initial);
}

/** One store by its market_id; `loaded` tells "not found" apart from "still reading". */
export function useMarket(marketId: string): { loaded: boolean; market?: Market } {
  return useLiveQuery(
    async () => ({ loaded: true, market: await db.markets.where('market_id').equals(marketId).first() }),
    [marketId],
    {
      loaded: false,
    },
  );
}
