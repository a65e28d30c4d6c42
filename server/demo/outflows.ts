import type { DemoApi } from './api.ts';
import type { Disposal, Markdown, Reserve, Sale } from './plan.ts';

/*
 * Units leaving the warehouse, one call each as the product screen makes them. The API has no date
 * for these (a sale, write-off, markdown or reserve happens when it is made), so they are dated the
 * demo's start; their units still come out of the back-dated lots oldest first.
 * A 409 (not enough free stock) is the API keeping stock from going negative: skipped and counted.
 */

export interface Tally {
  done: number;
  refused: number;
}

const tally = (): Tally => ({ done: 0, refused: 0 });

async function each<T>(items: T[], run: (item: T) => Promise<number>): Promise<Tally> {
  const result = tally();
  for (const item of items) {
    const status = await run(item);
    if (status === 409) result.refused += 1;
    else if (status >= 200 && status < 300) result.done += 1;
    else throw new Error(`неожиданный ответ ${status}`);
  }
  return result;
}

export const writeOff = (api: DemoApi, disposals: Disposal[]) =>
  each(disposals, async (d) => (await api.call('POST', '/api/v1/disposal/', d)).status);

export const markDown = (api: DemoApi, markdowns: Markdown[]) =>
  each(markdowns, async ({ release, ...body }) => {
    const made = await api.call<{ id: string }>('POST', '/api/v1/markdowns/', body);
    if (made.status !== 201 || !release) return made.status;
    return (await api.call('PATCH', `/api/v1/markdowns/${made.body.id}/`, { release: true })).status;
  });

export const sell = (api: DemoApi, sales: Sale[]) =>
  each(sales, async (s) => (await api.call('POST', '/api/v1/realization/', s)).status);

/** Reserves: some stay active, some are sold (a realization made from the reserve), some taken off. */
export const reserve = (api: DemoApi, reserves: Reserve[]) =>
  each(reserves, async ({ outcome, ...body }) => {
    const made = await api.call<{ id: string }>('POST', '/api/v1/reserve/', body);
    if (made.status !== 201 || outcome === 'active') return made.status;
    return (await api.call('PATCH', `/api/v1/reserve/${made.body.id}/`, { status: outcome })).status;
  });
