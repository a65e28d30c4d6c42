import { db } from '../../../db/database.ts';
import type { Market } from './types.ts';

/** The user's stores from the device, oldest first (as the server lists them). */
export async function readMarkets(): Promise<Market[]> {
  return (await db.markets.toArray()).sort((a, b) => a.created_at.localeCompare(b.created_at));
}
