import { useLiveQuery } from 'dexie-react-hooks';
import { db, type Market } from '../../../db/database.ts';

/** The user's stores from the device, oldest first (as the server lists them). */
export function useMarkets(): Market[] | undefined {
  return useLiveQuery(async () => (await db.markets.toArray()).sort((a, b) => a.created_at.localeCompare(b.created_at)), []);
}

/** One store by its market_id; `loaded` tells "not found" apart from "still reading". */
export function useMarket(marketId: string): { loaded: boolean; market?: Market } {
  return useLiveQuery(async () => ({ loaded: true, market: await db.markets.where('market_id').equals(marketId).first() }), [marketId], {
    loaded: false,
  });
}
