import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserves } from '../../server/db/schema/index.ts';
import { connectStores, importCatalogs, signInDemo } from '../../server/demo/account.ts';
import { DemoApi } from '../../server/demo/api.ts';
import { seedHistory } from '../../server/demo/history.ts';
import { defaultSandboxStores } from '../../server/sandbox/server.ts';
import { startSandboxApp, type SandboxApp } from './helpers/sandbox-app.ts';

/*
 * The demo's history (server/demo/) made against the real app and the sandbox marketplaces, as
 * `npm run demo` makes it: sales, write-offs, markdowns and reserves land on their own dates across
 * the three months, each after the receipt of the lots it took from, so the home page's chart
 * «Продажи и валовая прибыль» has sales in most of its 13 weeks. The plan alone: server/demo/plan.test.ts.
 */

const OFFERS = 60;
const DAY = 86_400_000;

let env: SandboxApp;
let api: DemoApi;
let userId: string;
const log: string[] = [];
const now = new Date();

interface Change<T> {
  deleted: boolean;
  row: T | null;
}

/** Every live row of a mirrored table, as the app's sync reads it. */
async function pull<T>(table: string): Promise<T[]> {
  const rows: T[] = [];
  for (let since = 0; ;) {
    const page = await api.expect<{ cursor: number; has_more: boolean; changes: Change<T>[] }>(
      200,
      'GET',
      `/api/v1/sync/pull?table=${table}&since=${since}&limit=1000`,
    );
    for (const c of page.changes) if (!c.deleted && c.row) rows.push(c.row);
    if (!page.has_more) return rows;
    since = page.cursor;
  }
}

/** Monday (UTC) of the day's week: the home chart's weeks. */
const weekOf = (iso: string) => {
  const at = new Date(iso);
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
};

beforeAll(async () => {
  env = await startSandboxApp({ offersPerStore: OFFERS, stores: defaultSandboxStores });
  api = await signInDemo(new DemoApi(env.app), 'demo-history@ostatok.local', 'демо-история-пароль');
  userId = (await api.expect<{ id: string }>(200, 'GET', '/api/v1/users/me')).id;
  const stores = await connectStores(api, defaultSandboxStores);
  await importCatalogs(api, stores);
  const report = await seedHistory(api, stores, (line) => log.push(line), now);
  expect(report.made).toBe(true);
}, 180_000);

afterAll(async () => {
  await env?.close();
});

interface Dated {
  id: string;
  datetime: string;
  count: number;
  status?: string;
}

describe('the demo history against the real app', () => {
  it('makes every planned outflow: none refused for want of stock or for a date before its receipt', () => {
    const outflows = log.find((l) => l.startsWith('прочие реализации:'));
    expect(outflows, log.join('\n')).toMatch(/списания: \d+; уценки: \d+; продажи: \d+; резервы: \d+/);
    expect(
      log.filter((l) => l.includes('не хватило')),
      log.join('\n'),
    ).toEqual([]);
  });

  it('dates sales, write-offs and markdowns across the three months, never ahead of now', async () => {
    const sales = await pull<Dated>('realizations');
    const disposals = await pull<Dated>('disposals');
    const markdowns = await pull<Dated>('markdowns');
    expect(sales.length).toBeGreaterThan(20);
    for (const row of [...sales, ...disposals, ...markdowns]) {
      expect(Date.parse(row.datetime), row.id).toBeLessThanOrEqual(now.getTime());
      expect(Date.parse(row.datetime), row.id).toBeGreaterThan(now.getTime() - 91 * DAY);
    }
    // Not one moment: the sales span more than two months.
    const times = sales.map((s) => Date.parse(s.datetime));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(60 * DAY);
    // Reserves too are made on days of their own, in the past.
    const made = await env.app.database.db
      .select({ at: reserves.createdAt })
      .from(reserves)
      .where(eq(reserves.userId, userId));
    expect(made.length).toBeGreaterThan(1);
    expect(new Set(made.map((r) => r.at.toISOString().slice(0, 10))).size).toBeGreaterThan(1);
    for (const r of made) expect(r.at.getTime()).toBeLessThan(now.getTime());
  });

  it('takes each outflow’s units from lots received by its date, and its ledger rows carry that date', async () => {
    const lots = new Map(
      (await pull<{ id: string; created_at: string; is_return: boolean }>('lots')).map((l) => [l.id, l]),
    );
    const dates = new Map<string, string>();
    for (const table of ['realizations', 'disposals', 'markdowns'])
      for (const row of await pull<Dated>(table)) dates.set(`${table}/${row.id}`, row.datetime);
    const ledger = await pull<{
      lot_id: string;
      delta: number;
      reason: string;
      source_table: string;
      source_id: string;
      created_at: string;
    }>('stock_movements');
    // The received returns' markdowns and write-offs take from their own return lot, dated by their document.
    const outflows = ledger.filter(
      (m) => ['realization', 'disposal', 'markdown'].includes(m.reason) && !lots.get(m.lot_id)!.is_return,
    );
    expect(outflows.length).toBeGreaterThan(20);
    const late: string[] = [];
    for (const m of outflows) {
      const date = dates.get(`${m.source_table}/${m.source_id}`);
      expect(date, `${m.source_table}/${m.source_id}`).toBeDefined();
      expect(m.created_at, `${m.source_table}/${m.source_id}`).toBe(date);
      if (Date.parse(lots.get(m.lot_id)!.created_at) > Date.parse(date!)) late.push(`${m.source_table}/${m.source_id}`);
    }
    expect(late).toEqual([]);
  });

  it('has sales in at least 10 of the home chart’s 13 weeks', async () => {
    const sold = [
      ...(await pull<Dated>('realizations')).filter((s) => s.status === 'completed').map((s) => s.datetime),
      ...(await pull<{ date: string }>('other_realizations')).map((o) => o.date),
    ];
    const first = weekOf(now.toISOString()) - 12 * 7 * DAY;
    const weeks = new Map<number, number>();
    for (const at of sold) if (weekOf(at) >= first) weeks.set(weekOf(at), (weeks.get(weekOf(at)) ?? 0) + 1);
    const byWeek = Array.from({ length: 13 }, (_, i) => weeks.get(first + i * 7 * DAY) ?? 0);
    expect(byWeek.filter((n) => n > 0).length, byWeek.join(' ')).toBeGreaterThanOrEqual(10);
  });
});
