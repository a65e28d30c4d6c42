import type { Db } from '../db/client.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { LiveHub } from '../live/hub.ts';
import {
  MarketplaceAuthError,
  MarketplaceStoreNotFoundError,
  type MarketplaceCode,
  type MarketplaceOrder,
  type OrderFeedAdapter,
} from '../marketplaces/types.ts';
import type { CatalogRepository } from '../repositories/catalog.ts';
import type { IntakeClaim, IntakeOutcome, OrderIntakeRepository } from '../repositories/order-intake.ts';
import type { OrdersRepository } from '../repositories/orders.ts';
import type { PostingsRepository } from '../repositories/postings.ts';
import type { OrderBooks } from './books.ts';
import { OrderWriter } from './order-writer.ts';

export interface StoreIntakeDeps {
  db: Db;
  catalog: Pick<CatalogRepository, 'store'>;
  orders: OrdersRepository;
  intake: OrderIntakeRepository;
  postings: PostingsRepository;
  books: OrderBooks;
  secrets: SecretBox;
  live: LiveHub;
  adapters: Record<MarketplaceCode, OrderFeedAdapter>;
  overlapSeconds: number;
  firstRunDays: number;
}

export interface StoreIntakeResult {
  outcome: IntakeOutcome;
  /** Orders read, lines whose books moved. */
  orders: number;
  moved: number;
  error?: string;
}

/** Every later failure waits longer, up to half an hour: a refused key is not hammered. */
const backoffSeconds = (interval: number, failures: number) => Math.min(1800, interval * 2 ** Math.min(failures, 6));

/** This instance no longer holds the store's claim: the run stops without touching the store's state. */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

export const vanishedProblem =
  'Маркетплейс больше не находит это отправление: учёт по нему не менялся (резерв держится). Проверьте заказ в кабинете маркетплейса.';

/**
 * One run of one store's intake (docs/rules.md «Заказы маркетплейсов»): the orders changed since the cursor (less an
 * overlap, re-reads are harmless) are stored and their books moved, one order per transaction; lines still waiting
 * (a listing to link, units to arrive) are tried again; the store's posting figures are rebuilt from its orders.
 * The cursor moves only when the whole run succeeded, so a run cut short is simply read again.
 */
export async function runStoreIntake(
  deps: StoreIntakeDeps,
  claim: IntakeClaim,
  keepLease: () => Promise<boolean>,
  signal: AbortSignal,
): Promise<StoreIntakeResult> {
  const store = await deps.catalog.store(claim.userId, claim.storeId);
  if (!store || store.marketplace === '-' || !store.accessTokenEnc || !store.orderIntake)
    return { outcome: { ok: true, nextInSeconds: 60 }, orders: 0, moved: 0 };
  const interval = store.orderIntakeInterval;
  const failed = async (error: string): Promise<StoreIntakeResult> => {
    await deps.intake.setStoreError(claim.userId, store.id, error);
    return {
      outcome: { ok: false, nextInSeconds: backoffSeconds(interval, claim.failures) },
      orders: 0,
      moved: 0,
      error,
    };
  };
  let apiKey: string;
  try {
    apiKey = deps.secrets.open(store.accessTokenEnc);
  } catch {
    return failed('Сохранённый ключ API не читается: введите его заново. Заказы не принимаются, учёт не менялся.');
  }

  const startedAt = new Date();
  const since = claim.cursor
    ? new Date(claim.cursor.getTime() - deps.overlapSeconds * 1000)
    : new Date(claim.startedAt.getTime() - deps.firstRunDays * 86_400_000);
  const writer = new OrderWriter(
    deps,
    claim.userId,
    { id: store.id, marketplace: store.marketplace, marketId: store.marketId },
    {
      firstRun: claim.cursor === null,
      windowStart: new Date(claim.startedAt.getTime() - deps.firstRunDays * 86_400_000),
    },
  );
  const adapter = deps.adapters[store.marketplace as MarketplaceCode];
  let seen = 0;
  let latest = claim.cursor?.getTime() ?? 0;
  try {
    const open = await deps.orders.openPostings(claim.userId, store.id);
    const pages = adapter.listOrderChanges({ marketId: store.marketId, apiKey, name: store.name }, { since, open });
    for await (const page of pages) {
      signal.throwIfAborted();
      if (!(await keepLease())) throw new LeaseLost();
      for (const order of page.orders) {
        // Lost the store to another instance (this one stalled past its lease): stop writing, it reads them again.
        if (!(await keepLease())) throw new LeaseLost();
        await writer.write(order);
        seen += 1;
        latest = Math.max(latest, changedTime(order));
      }
      if (page.missing?.length) await deps.orders.setProblem(claim.userId, store.id, page.missing, vanishedProblem);
    }
  } catch (err) {
    // Not the store's fault: another instance runs it now, and says what it finds.
    if (signal.aborted || err instanceof LeaseLost) throw err;
    await writer.flush();
    if (err instanceof MarketplaceAuthError || err instanceof MarketplaceStoreNotFoundError)
      return failed(`${err.message} Заказы не принимаются, учёт не менялся — исправьте ключ на странице магазина.`);
    const text = err instanceof Error ? err.message : String(err);
    return failed(`Заказы не получены: ${text}. Следующая попытка — позже, учёт не менялся.`);
  }
  await writer.retryWaiting();
  await writer.rebuildFigures(startedAt);
  await writer.flush();
  await deps.intake.setStoreError(claim.userId, store.id, null);
  // Nothing newer than the run's start can be missed from here: the next run re-reads the overlap before it.
  const cursor = new Date(Math.max(latest, Math.min(startedAt.getTime(), Date.now())));
  return { outcome: { ok: true, cursor, nextInSeconds: interval }, orders: seen, moved: writer.moved };
}

const changedTime = (order: MarketplaceOrder) => {
  const t = Date.parse(order.changedAt);
  return Number.isFinite(t) ? Math.min(t, Date.now()) : 0;
};
