import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { primaryId, rowMeta, tombstone, authorship } from './columns.ts';
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
    /**
     * Orders move stock by themselves (docs/rules.md «Заказы маркетплейсов»). On for stores created from
     * migration 0010 on; the stores that existed before it keep false until the seller turns it on.
     */
    orderIntake: boolean('order_intake').notNull().default(true),
    /** Seconds between two reads of the store's orders. */
    orderIntakeInterval: integer('order_intake_interval').notNull().default(60),
    /** Why the last intake failed, in Russian (a refused key…); null after a run that worked. */
    orderIntakeError: text('order_intake_error'),
    ...rowMeta(),
    ...tombstone(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('markets_user_market_id_key')
      .on(t.userId, t.marketId)
      .where(sql`${t.deletedAt} is null`),
    index('markets_user_version_idx').on(t.userId, t.version),
  ],
);
