import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import type { Check } from '../../../stock/rules.ts';
import type { Reserve } from './types.ts';

/*
 * Reserves and sales a marketplace order made (docs/rules.md «Заказы маркетплейсов»): the order keeps them,
 * so the device offers no edit of its own and the server refuses one (409 order_reserve / order_sale).
 */

export type Posting = NonNullable<Reserve['posting']>;

/** What each marketplace calls the unit it ships: OZON a posting, Wildberries an assembly task, Yandex an order. */
const postingWord: Record<string, string> = { OZON: 'отправление', WILDBERRIES: 'задание', YM: 'заказ' };

/** «OZON · отправление 12345-0001-1», «Wildberries · задание 123», «Яндекс Маркет · заказ 123». */
export const postingLabel = (p: Posting): string =>
  `${marketplaceName(p.marketplace)} · ${postingWord[p.marketplace] ?? 'заказ'} ${p.posting_number}`;

/** The /orders screen found at this posting (its search takes the posting number). */
export const ordersHref = (p: Posting): string => `/orders?q=${encodeURIComponent(p.posting_number)}`;

export const orderKeeps = (row: { posting?: Posting | null }): boolean => row.posting != null;

/** Said when an edit of an order's row is attempted anyway (the screen offers none). */
export const keptByOrder: Check = { ok: false, error: 'Меняется вместе с заказом: изменить его здесь нельзя' };

/** The user's store names by store id (markets.id), for naming an order's store; undefined while loading. */
export const useStoreNames = () =>
  useLiveQuery(async () => {
    const stores = await db.rows('markets').toArray();
    return new Map(stores.map((s) => [s.id, s.name]));
  }, []);
