import { db, type OstatokDatabase } from '../../../db/database.ts';
import { toApiDate } from '../../../lib/dates.ts';
import { useSettledQuery } from '../../../lib/use-settled-query.ts';
import { loadLotsBothWays } from '../../../stock/projected-stock.ts';
import { historyFrom } from '../../../sync/history-window.ts';
import { dayOf, recentWeeks } from './calendar.ts';
import { keptOrComputed } from './home-snapshot.ts';
import { loadEditCounts, type EditCounts } from './edit-counts.ts';
import { shortfalls, stockOnHand, type OnHand, type Shortfall } from './stock-figures.ts';
import { stockValueChanges, stockValueSeries, type ValuePoint } from './stock-value-series.ts';
import { saleCosts, weeklySales, type Sale, type WeekSales } from './weekly-sales.ts';

/*
 * The home page's data, read from the device only (the mirror and the outbox), so it opens offline with
 * what the device knows. Two live reads: the figures need a few small tables and paint at once; the
 * charts read the history window's ledger and sales and every other outflow, and come a moment later.
 */

/** How many weeks the charts cover, up to the current one: about three months. */
export const CHART_WEEKS = 13;

export interface HomeFigures {
  onHand: OnHand;
  shortfalls: Shortfall[];
  edits: EditCounts;
}

/** Every lot both as mirrored and as projected (src/stock/projected-stock.ts). */
type LotsRead = () => ReturnType<typeof loadLotsBothWays>;

export async function loadHomeFigures(
  database: OstatokDatabase = db,
  readLots: LotsRead = () => loadLotsBothWays(undefined, database),
): Promise<HomeFigures> {
  const [lots, statuses, edits] = await Promise.all([
    // As the server will have them: outflows still in the outbox already taken.
    readLots().then((both) => both.projected),
    database.rows('posting_statuses').toArray(),
    loadEditCounts(database),
  ]);
  const waiting = statuses.filter((s) => Number(s.awaiting_packaging) > 0);
  const listings = (
    await database.rows('products_mp').bulkGet([...new Set(waiting.map((s) => s.product_mp_id))])
  ).filter((l) => l !== undefined);
  const productOf = new Map(listings.flatMap((l) => (l.product_wh_id ? [[l.id, l.product_wh_id] as const] : [])));
  const products = await database.rows('products_wh').bulkGet([...new Set(productOf.values())]);
  const names = new Map(products.flatMap((p) => (p ? [[p.id, p.name] as const] : [])));
  return {
    onHand: stockOnHand(lots),
    shortfalls: shortfalls({ lots, statuses: waiting, productOf, names }),
    edits,
  };
}

export interface HomeCharts {
  today: string;
  /** The stock's value at cost from the first charted week's Monday to today. */
  value: ValuePoint[];
  /** Sales and gross margin of each charted week, oldest first. */
  sales: WeekSales[];
}

export async function loadHomeCharts(
  database: OstatokDatabase = db,
  now: Date = new Date(),
  readLots: LotsRead = () => loadLotsBothWays(undefined, database),
): Promise<HomeCharts> {
  // Sales and the ledger of the history window only (src/sync/history-window.ts): it covers the charted weeks, and
  // older rows the device still holds (edits on their way) would only be read to be left out.
  const from = historyFrom(now.getTime());
  const [both, ledger, disposals, markdowns, realizations, others] = await Promise.all([
    readLots(),
    database.rows('stock_movements').where('created_at').aboveOrEqual(from).toArray(),
    database.rows('disposals').toArray(),
    database.rows('markdowns').toArray(),
    database.rows('realizations').where('datetime').aboveOrEqual(from).toArray(),
    database.rows('other_realizations').toArray(),
  ]);
  const lots = both.projected;
  const serverCount = new Map<string, number>();
  if (both.mirrored !== both.projected) {
    const projected = new Map(lots.map((l) => [l.id, l.count]));
    for (const l of both.mirrored) if (projected.get(l.id) !== l.count) serverCount.set(l.id, l.count);
  }
  const dates: (readonly [string, string, unknown])[] = [
    ...disposals.map((r) => ['disposals', r.id, r.datetime] as const),
    ...markdowns.map((r) => ['markdowns', r.id, r.datetime] as const),
    ...realizations.map((r) => ['realizations', r.id, r.datetime] as const),
    ...others.map((r) => ['other_realizations', r.id, r.date] as const),
  ];
  const outflowDays = new Map<string, string>();
  for (const [table, id, date] of dates) {
    const day = dayOf(date);
    if (day) outflowDays.set(`${table}/${id}`, day);
  }

  const sales: Sale[] = [
    ...realizations.filter((r) => r.status === 'completed').map((r) => ({ key: `realizations/${r.id}`, row: r })),
    ...others.map((r) => ({ key: `other_realizations/${r.id}`, row: r })),
  ].flatMap(({ key, row }) => {
    const day = outflowDays.get(key);
    return day
      ? [
          {
            key,
            day,
            count: Number(row.count) || 0,
            realization_price: Number(row.realization_price) || 0,
            price: Number(row.price) || 0,
          },
        ]
      : [];
  });

  const today = toApiDate(now);
  const weeks = recentWeeks(today, CHART_WEEKS);
  const changes = stockValueChanges({ lots, ledger, outflowDays, today, serverCount });
  return {
    today,
    value: stockValueSeries(changes, weeks[0]!, today),
    sales: weeklySales(sales, saleCosts(ledger), weeks),
  };
}

/** Every table the two reads look at, directly or through the stock projection. */
const homeTables = [
  'outbox',
  'lots',
  'stock_movements',
  'disposals',
  'markdowns',
  'realizations',
  'other_realizations',
  'reserves',
  'returns',
  'posting_statuses',
  'products_mp',
  'products_wh',
] as const;

/**
 * The figures and the charts both take every lot: one read serves both when they start at the same data generation
 * (the read began after that generation was seen, so neither is kept for data it did not see). Not held afterwards:
 * a year's lots are tens of megabytes, and what the page keeps is the small results.
 */
let lotsInFlight: { generation: string | undefined; read: ReturnType<LotsRead> } | undefined;
function sharedLots(generation: string | undefined): ReturnType<LotsRead> {
  if (lotsInFlight && lotsInFlight.generation === generation) return lotsInFlight.read;
  const entry = { generation, read: loadLotsBothWays(undefined, db) };
  lotsInFlight = entry;
  const done = () => {
    if (lotsInFlight === entry) lotsInFlight = undefined;
  };
  entry.read.then(done, done);
  return entry.read;
}

/** What the reads depend on besides the tables: the day (the charts' weeks, the history window's start). */
const dayKey = (now = new Date()) => `${toApiDate(now)} ${historyFrom(now.getTime())}`;

const homeFigures = () =>
  keptOrComputed('figures', dayKey(), (generation) => loadHomeFigures(db, () => sharedLots(generation)));
const homeCharts = () => {
  const now = new Date();
  return keptOrComputed('charts', dayKey(now), (generation) => loadHomeCharts(db, now, () => sharedLots(generation)));
};

/**
 * Live: a pull, an edit in another tab redraws the figures — once the tables settle, since both
 * reads take every lot (src/lib/use-settled-query.ts). Undefined while loading. Kept results paint at once
 * (./home-snapshot.ts).
 */
export const useHomeFigures = (): HomeFigures | undefined => useSettledQuery(homeFigures, homeTables);

export const useHomeCharts = (): HomeCharts | undefined => useSettledQuery(homeCharts, homeTables);
