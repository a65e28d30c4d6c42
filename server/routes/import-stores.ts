import type { FastifyInstance } from 'fastify';
import { notFound, Problem } from '../lib/problem.ts';
import { marketplaceTitles, type MarketplaceCode } from '../marketplaces/types.ts';
import type { MarketRow } from '../repositories/markets.ts';

/** A store a load from the marketplaces was asked for, as the extract calls name it. */
export interface StoreRef {
  marketplace: string;
  market_id: string;
}

const title = (code: string) => marketplaceTitles[code as MarketplaceCode] ?? code;
const notConnected = (name: string, what: string) =>
  new Problem(400, 'marketplace_not_set', `Магазин «${name}» не подключён к маркетплейсу: загружать ${what} неоткуда`);

/** Refuses a request naming a store without a marketplace before anything is looked up. */
export function refuseUnconnected(refs: readonly StoreRef[], what: string): void {
  for (const ref of refs) if (ref.marketplace === '-') throw notConnected(ref.market_id, what);
}

/**
 * The user's stores to load `what` (товары, возвраты, статусы) from, each checked: it exists (another
 * user's answers 404 like a missing one), is connected to the marketplace named, and has a key. All are
 * checked before any job is queued, so a refused request starts nothing.
 */
export async function storesToLoad(
  app: FastifyInstance,
  userId: string,
  refs: readonly StoreRef[],
  what: string,
): Promise<MarketRow[]> {
  refuseUnconnected(refs, what);
  const stores: MarketRow[] = [];
  for (const ref of new Map(refs.map((r) => [r.market_id, r])).values()) {
    const store = await app.repos.markets.find(userId, ref.market_id);
    if (!store) throw notFound(`Магазин «${ref.market_id}» не найден`);
    if (store.marketplace === '-') throw notConnected(store.name, what);
    if (store.marketplace !== ref.marketplace)
      throw new Problem(
        400,
        'marketplace_mismatch',
        `Магазин «${store.name}» подключён к ${title(store.marketplace)}, а не к ${title(ref.marketplace)}`,
      );
    if (!store.accessTokenEnc)
      throw new Problem(
        400,
        'access_token_missing',
        `У магазина «${store.name}» не задан ключ API: укажите его в настройках магазина`,
      );
    stores.push(store);
  }
  return stores;
}

/**
 * What makes two loads the same work: the store, and whatever else the payload asks for (a returns load's
 * period) — a second load of a store while the same one waits gets the waiting job, a different period
 * is work of its own.
 */
export function loadKey(store: MarketRow, payload: object): string {
  const rest = Object.entries(payload)
    .filter(([name]) => name !== 'store_id')
    .sort(([a], [b]) => a.localeCompare(b));
  return rest.length === 0 ? store.id : `${store.id} ${JSON.stringify(rest)}`;
}

/**
 * One job a store, in the request's transaction; the answer every extract call gives. A load of a store
 * already waiting answers that job's id; a user with a full queue is refused (429) and nothing is queued.
 */
export async function queueLoads(
  app: FastifyInstance,
  userId: string,
  stores: readonly MarketRow[],
  type: string,
  payload: (store: MarketRow) => object,
) {
  const jobs = [];
  for (const store of stores) {
    const body = payload(store);
    const { job } = await app.jobs.enqueue(userId, type, body, { dedupeKey: loadKey(store, body) });
    jobs.push({ job_id: job.id, marketplace: store.marketplace, market_id: store.marketId });
  }
  return { job_ids: jobs.map((j) => j.job_id), jobs };
}
