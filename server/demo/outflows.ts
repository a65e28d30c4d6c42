import type { DemoApi } from './api.ts';
import type { Disposal, HistoryPlan, Markdown, OtherDocument, Reserve, Sale } from './plan.ts';
import { realizeOther } from './purchases.ts';

/*
 * Units leaving the warehouse, one call each as the product screen makes them, each with its date
 * (the `date` of a sale, write-off, markdown or reserve; an other-realization document's own date), and
 * made in date order: FIFO then takes, on each date, the units the shop had on that date, and the API's
 * check that they were received by then holds (docs/rules.md «Расход задним числом»).
 * A 409 (not enough free stock, or not yet received) is the API keeping stock right: skipped and counted.
 */

export interface Tally {
  done: number;
  refused: number;
}

export interface OutflowTally {
  others: { documents: number; lines: number; refused: number };
  disposals: Tally;
  markdowns: Tally;
  sales: Tally;
  reserves: Tally;
}

type Outflow =
  | { date: Date; kind: 'other'; doc: OtherDocument }
  | { date: Date; kind: 'disposal'; row: Disposal }
  | { date: Date; kind: 'markdown'; row: Markdown }
  | { date: Date; kind: 'sale'; row: Sale }
  | { date: Date; kind: 'reserve'; row: Reserve }
  | { date: Date; kind: 'reserve_closed'; row: Reserve };

/** Every outflow of the plan, oldest first (the same moment keeps the plan's order). */
export function timeline(plan: HistoryPlan): Outflow[] {
  const all: Outflow[] = [
    ...plan.others.map((doc) => ({ date: doc.date, kind: 'other' as const, doc })),
    ...plan.disposals.map((row) => ({ date: row.date, kind: 'disposal' as const, row })),
    ...plan.markdowns.map((row) => ({ date: row.date, kind: 'markdown' as const, row })),
    ...plan.sales.map((row) => ({ date: row.date, kind: 'sale' as const, row })),
    ...plan.reserves.map((row) => ({ date: row.date, kind: 'reserve' as const, row })),
    ...plan.reserves.flatMap((row) =>
      row.closedAt ? [{ date: row.closedAt, kind: 'reserve_closed' as const, row }] : [],
    ),
  ];
  return all.sort((a, b) => a.date.getTime() - b.date.getTime());
}

const counted = (tally: Tally, status: number) => {
  if (status === 409) tally.refused += 1;
  else if (status >= 200 && status < 300) tally.done += 1;
  else throw new Error(`неожиданный ответ ${status}`);
};

/** Makes the plan's outflows in date order; answers how many of each were made and refused. */
export async function makeOutflows(api: DemoApi, plan: HistoryPlan): Promise<OutflowTally> {
  const tally: OutflowTally = {
    others: { documents: 0, lines: 0, refused: 0 },
    disposals: { done: 0, refused: 0 },
    markdowns: { done: 0, refused: 0 },
    sales: { done: 0, refused: 0 },
    reserves: { done: 0, refused: 0 },
  };
  /** Reserves made, by their plan row: a refused one is neither sold nor taken off. */
  const reserveIds = new Map<Reserve, string>();
  for (const outflow of timeline(plan)) {
    const date = outflow.date.toISOString();
    switch (outflow.kind) {
      case 'other': {
        const made = await realizeOther(api, outflow.doc);
        tally.others.lines += made.lines;
        tally.others.refused += made.refused;
        if (made.lines > 0) tally.others.documents += 1;
        break;
      }
      case 'disposal':
        counted(tally.disposals, (await api.call('POST', '/api/v1/disposal/', { ...outflow.row, date })).status);
        break;
      case 'markdown': {
        const { release, ...body } = outflow.row;
        const made = await api.call<{ id: string }>('POST', '/api/v1/markdowns/', { ...body, date });
        const status =
          made.status === 201 && release
            ? (await api.call('PATCH', `/api/v1/markdowns/${made.body.id}/`, { release: true })).status
            : made.status;
        counted(tally.markdowns, status);
        break;
      }
      case 'sale':
        counted(tally.sales, (await api.call('POST', '/api/v1/realization/', { ...outflow.row, date })).status);
        break;
      case 'reserve': {
        const { product, count, price } = outflow.row;
        const made = await api.call<{ id: string }>('POST', '/api/v1/reserve/', { product, count, price, date });
        counted(tally.reserves, made.status);
        if (made.status === 201) reserveIds.set(outflow.row, made.body.id);
        break;
      }
      case 'reserve_closed': {
        const id = reserveIds.get(outflow.row);
        if (!id) break;
        // Sold on its date (a realization of that date); taken off has no date of its own.
        const body = outflow.row.outcome === 'realized' ? { status: 'realized', date } : { status: 'released' };
        const { status } = await api.call('PATCH', `/api/v1/reserve/${id}/`, body);
        if (status === 409) {
          tally.reserves.done -= 1;
          tally.reserves.refused += 1;
        } else if (status !== 200) throw new Error(`неожиданный ответ ${status}`);
        break;
      }
    }
  }
  return tally;
}
