import type { DemoApi, JobOutcome } from './api.ts';
import type { ProductPlan } from './plan.ts';
import { dayBefore, HISTORY_DAYS } from './schedule.ts';
import { random, seedOf } from '../sandbox/data.ts';

export interface DemoStore {
  marketplace: string;
  market_id: string;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The stores' current orders, loaded by the background jobs the shipping screen starts (the statuses are
 * replaced as a whole, so a second run changes nothing twice). Answers the jobs' errors.
 */
export async function refreshOrders(api: DemoApi, stores: DemoStore[]): Promise<string[]> {
  const { job_ids } = await api.expect<{ job_ids: string[] }>(202, 'POST', '/api/v1/extract/products/status/', stores);
  return errorsOf(await api.waitJobs(job_ids));
}

/**
 * Starts loading the stores' customer returns of the period, as the returns screen does (a return loaded
 * before is updated, not added again); `finish` waits for the jobs and answers their errors.
 */
export async function startReturnsImport(
  api: DemoApi,
  stores: DemoStore[],
  now: Date,
): Promise<{ finish: () => Promise<string[]> }> {
  const jobs: string[] = [];
  for (const store of stores) {
    const body = { ...store, date_start: ymd(dayBefore(now, HISTORY_DAYS)), date_end: ymd(now) };
    jobs.push(...(await api.expect<{ job_ids: string[] }>(202, 'POST', '/api/v1/extract/returns/', body)).job_ids);
  }
  return { finish: async () => errorsOf(await api.waitJobs(jobs)) };
}

const errorsOf = (outcomes: JobOutcome[]) =>
  outcomes.filter((o) => o.status === 'failed').map((o) => o.error ?? 'ошибка');

/** Products with units waiting to be packed for an order: the shipping screen's shortages come from these. */
export async function productsAwaitingPacking(api: DemoApi): Promise<Set<string>> {
  const [status] = await api.expect<{ products: { product: { id: string }; awaiting_packaging: number }[] }[]>(
    200,
    'GET',
    '/api/v1/products_mp_status/',
  );
  return new Set((status?.products ?? []).filter((p) => p.awaiting_packaging > 0).map((p) => p.product.id));
}

interface ReturnItem {
  id: string;
  product_id: string | null;
  order_number: string;
  article: string;
  returned_at: string | null;
  processed: boolean;
}

/**
 * Receives the older returns of stocked products in weekly return documents, as the returns screen
 * does (POST /returns/batch/ with the receipt date): most back on sale, some marked down, some written
 * off. Returns of the last days stay waiting on the returns screen.
 */
export async function receiveReturns(api: DemoApi, plans: Map<string, ProductPlan>, now: Date): Promise<number> {
  const next = random(seedOf('ostatok-demo-returns'));
  const list = await api.all<ReturnItem>('/api/v1/returns/', (body: { returns: ReturnItem[]; total: number }) => ({
    rows: body.returns,
    total: body.total,
  }));
  const cutoff = dayBefore(now, 5).getTime();
  const due = list
    .filter(
      (r) =>
        !r.processed &&
        r.product_id &&
        r.returned_at &&
        Date.parse(r.returned_at) < cutoff &&
        plans.get(r.product_id)?.fate === 'stocked',
    )
    .sort((a, b) =>
      a.returned_at! < b.returned_at!
        ? -1
        : a.returned_at! > b.returned_at!
          ? 1
          : a.order_number < b.order_number
            ? -1
            : 1,
    )
    .filter(() => next() < 0.7);

  const weeks = new Map<number, ReturnItem[]>();
  for (const r of due) {
    const week = Math.floor((now.getTime() - Date.parse(r.returned_at!)) / (7 * 86_400_000));
    weeks.set(week, [...(weeks.get(week) ?? []), r]);
  }
  let received = 0;
  for (const [week, items] of weeks) {
    const batch: Record<string, { status: string; price: number; markdown_price?: number; description?: string }> = {};
    for (const r of items) {
      const plan = plans.get(r.product_id!)!;
      const roll = next();
      if (roll < 0.75) batch[r.id] = { status: 'ready', price: plan.cost };
      else if (roll < 0.9)
        batch[r.id] = {
          status: 'markdown',
          price: plan.cost,
          markdown_price: Math.round(plan.price * 0.6),
          description: 'Следы использования',
        };
      else batch[r.id] = { status: 'disposal', price: plan.cost, description: 'Возврат с браком' };
    }
    // A receipt a couple of days after the newest return of its week.
    const date = dayBefore(now, Math.max(1, week * 7 - 2), 16);
    await api.expect(201, 'POST', '/api/v1/returns/batch/', {
      date: date.toISOString(),
      description: 'Приёмка возвратов',
      batch,
    });
    received += items.length;
  }
  return received;
}
