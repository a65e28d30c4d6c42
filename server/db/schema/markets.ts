import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { primaryId, rowMeta, tombstone } from './columns.ts';
import { ownerId } from './users.ts';

export const storeMarketplaces = ['OZON', 'WILDBERRIES', 'YM', '-'] as const;
export type StoreMarketplace = (typeof storeMarketplaces)[number];

/** A seller's store on a marketplace; `market_id` is the seller-entered id, fixed after creation. */
export const markets = pgTable(
  'markets',
  {
    id: primaryId(),
    userId: ownerId(),
    marketId: text('market_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    marketplace: text('marketplace', { enum: storeMarketplaces }).notNull().default('-'),
    /** The marketplace API key, AES-256-GCM encrypted; never sent back whole. */
    accessTokenEnc: text('access_token_enc'),
    ...rowMeta(),
    ...tombstone(),
  },
  (t) => [
    uniqueIndex('markets_user_market_id_key')
      .on(t.userId, t.marketId)
      .where(sql`${t.deletedAt} is null`),
    index('markets_user_version_idx').on(t.userId, t.version),
  ],
);
