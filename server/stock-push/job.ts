import type { z } from 'zod';
import { PermanentJobError, type JobContext } from '../jobs/queue.ts';
import type { StockItemResult, StockWarehouse } from '../marketplaces/types.ts';
import type { StockPushLogValues } from '../repositories/stock-push.ts';
import type { stockPushStoreResult } from '../schemas/stock-push.ts';
import { changedOnly, credentialsOf, planStores, stockItems, type StorePlan } from './plan.ts';
import type { StockPushDeps } from './preview.ts';
import { refusalOf } from './refusal.ts';

export { STOCK_PUSH } from '../repositories/stock-push.ts';

/** The job's payload: the stores asked for (null: every connected one) and what started it. */
export interface StockPushPayload {
  market_ids: string[] | null;
  trigger: 'manual' | 'auto';
}

export type StockPushStoreResult = z.infer<typeof stockPushStoreResult>;

export interface StockPushResult {
  trigger: 'manual' | 'auto';
  sent: number;
  failed: number;
  stores: StockPushStoreResult[];
}

/**
 * The stock push (issue 15): for each store, its listings' available quantities go to the marketplace
 * at its pace (the adapters'), and every item's verdict goes to the log: a refusal explained in Russian,
 * the marketplace's own answer beside it. A store that fails as a whole (refused key, no warehouse) fails
 * its items with that reason and the next store still goes; the job itself succeeds, so a retry never
 * repeats a push that was answered.
 */
export function stockPushHandler(deps: StockPushDeps) {
  return async (ctx: JobContext): Promise<StockPushResult> => {
    const userId = ctx.job.userId;
    const payload = (ctx.job.payload ?? {}) as Partial<StockPushPayload>;
    const trigger = payload.trigger === 'auto' ? 'auto' : 'manual';
    let plans = await planStores(deps.repo, userId, Array.isArray(payload.market_ids) ? payload.market_ids : undefined);
    if (plans.length === 0) throw new PermanentJobError('Нет подключённых магазинов: остатки передавать некуда');
    if (trigger === 'auto') plans = await changedOnly(deps.repo, userId, plans);
    await deps.repo.clear(userId, ctx.job.id);

    const total = plans.reduce((n, p) => n + p.listings.length, 0);
    const progress = new Progress(ctx, total);
    // OZON last: its once-per-30-s wait for a product must not hold back what the other marketplaces learn. The
    // result keeps the stores in their usual order.
    const done = new Map<string, StockPushStoreResult>();
    for (const plan of [...plans].sort(
      (a, b) => Number(a.store.marketplace === 'OZON') - Number(b.store.marketplace === 'OZON'),
    )) {
      ctx.signal.throwIfAborted();
      done.set(plan.store.id, await pushStore(deps, ctx, plan, progress));
    }
    const stores = plans.map((p) => done.get(p.store.id)!);
    await progress.flush();

    const sent = stores.reduce((n, s) => n + s.sent, 0);
    const failed = stores.reduce((n, s) => n + s.failed, 0);
    const broken = stores.filter((s) => s.error).map((s) => `«${s.name}»: ${s.error}`);
    // An automatic push follows every order: saying «done» each time would bury the seller in toasts, so it speaks
    // only when something was refused (the log on /stock-push has every run either way).
    if (trigger !== 'auto' || failed > 0)
      ctx.notify(
        failed === 0 ? 'success' : sent === 0 ? 'error' : 'warning',
        `Остатки переданы: ${sent} поз.` +
          (failed > 0 ? `, с ошибкой — ${failed}` : '') +
          (broken.length ? `. ${broken.join('; ')}` : ''),
      );
    return { trigger, sent, failed, stores };
  };
}

async function pushStore(
  deps: StockPushDeps,
  ctx: JobContext,
  plan: StorePlan,
  progress: Progress,
): Promise<StockPushStoreResult> {
  const { store } = plan;
  const adapter = deps.adapters[store.marketplace];
  const items = stockItems(plan);
  let warehouse: StockWarehouse | null = null;
  let results: StockItemResult[];
  let error: string | null = null;
  let marketplaceError: string | null = null;
  const credentials = credentialsOf(deps.secrets, store);
  try {
    if ('error' in credentials) throw new Error(credentials.error);
    warehouse = await adapter.stockWarehouse(credentials);
    results = await adapter.pushStocks(credentials, warehouse, items, (done) => progress.set(store.id, done));
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ({ error, marketplaceError } = refusalOf(err));
    results = items.map((i) => ({ key: i.key, ok: false, error: error!, marketplaceError }));
  }
  progress.set(store.id, items.length);

  const byKey = new Map(results.map((r) => [r.key, r]));
  const rows: StockPushLogValues[] = plan.listings.map((l) => {
    const r = byKey.get(l.productMpId);
    return {
      jobId: ctx.job.id,
      marketplace: store.marketplace,
      marketId: store.marketId,
      storeName: store.name,
      warehouseId: warehouse?.id ?? null,
      productMpId: l.productMpId,
      productId: l.productId,
      offerId: l.offerId,
      name: l.name,
      quantity: l.available,
      ok: r?.ok ?? false,
      error: r?.ok ? null : (r?.error ?? 'Маркетплейс не ответил по этому товару — передайте остатки ещё раз.'),
      marketplaceError: r?.ok ? null : (r?.marketplaceError ?? null),
    };
  });
  await deps.repo.record(ctx.job.userId, rows);
  const sent = rows.filter((r) => r.ok).length;
  return {
    market_id: store.marketId,
    marketplace: store.marketplace,
    name: store.name,
    warehouse: warehouse?.name ?? null,
    sent,
    failed: rows.length - sent,
    error,
    marketplace_error: marketplaceError,
  };
}

/** Items done across the stores, as 0–99; reports go out in order and never backwards. */
class Progress {
  private readonly done = new Map<string, number>();
  private last = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: JobContext,
    private readonly total: number,
  ) {}

  set(storeId: string, done: number): void {
    this.done.set(storeId, done);
    if (this.total === 0) return;
    const sum = [...this.done.values()].reduce((n, d) => n + d, 0);
    const next = Math.min(99, Math.floor((99 * sum) / this.total));
    if (next <= this.last) return;
    this.last = next;
    this.chain = this.chain.then(() => this.ctx.progress(next)).catch(() => undefined);
  }

  flush(): Promise<void> {
    return this.chain;
  }
}
