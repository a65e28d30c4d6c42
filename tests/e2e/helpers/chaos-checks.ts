import type { ChaosModel, ModelProduct } from './chaos-model.ts';
import type { ServerRows } from './server-mirror.ts';
import type { ServerFigures } from './stock-api.ts';

/** Divergences found by one check, one readable line each, and the tallies of the summary. */
export interface CheckResult {
  problems: string[];
  lost: number;
  doubled: number;
  diverged: number;
}

type Row = Record<string, unknown>;
const rowsOf = (server: ServerRows, table: string): Row[] =>
  [...(server.tables.get(table)?.values() ?? [])].map((c) => c.row!);
const sum = (rows: Row[], field: string) => rows.reduce((s, r) => s + Number(r[field] ?? 0), 0);

/**
 * (1) server = model: per product, the name it was last given, one lot per receipt line with the
 * units received, each write-off and markdown once, and on-hand = received − written off − marked down.
 */
export function serverMatchesModel(
  model: ChaosModel,
  server: ServerRows,
  figures: Map<string, ServerFigures>,
): CheckResult {
  const result: CheckResult = { problems: [], lost: 0, doubled: 0, diverged: 0 };
  const rowCount = (p: ModelProduct, what: string, expected: number, actual: number) => {
    if (actual === expected) return;
    if (actual < expected) result.lost += expected - actual;
    else result.doubled += actual - expected;
    result.problems.push(
      `${p.tag} (${p.id}): ${what}: expected ${expected}, server has ${actual} (${actual < expected ? 'lost' : 'doubled'} ${Math.abs(expected - actual)})`,
    );
  };
  const figure = (p: ModelProduct, what: string, expected: number, actual: unknown) => {
    if (actual === expected) return;
    result.diverged++;
    result.problems.push(`${p.tag} (${p.id}): ${what}: expected ${expected}, server has ${String(actual)}`);
  };
  for (const p of model.products) {
    const of = (table: string) => rowsOf(server, table).filter((r) => r.product_id === p.id);
    const lots = of('lots');
    const disposals = of('disposals');
    const markdowns = of('markdowns');
    const name = server.tables.get('products_wh')?.get(p.id)?.row?.name;
    if (name !== p.name) {
      result.diverged++;
      result.problems.push(`${p.tag} (${p.id}): name: expected «${p.name}», server has «${String(name)}»`);
    }
    rowCount(p, 'lots', p.lots, lots.length);
    figure(p, 'units received (Σ lots.count_max)', p.receivedUnits, sum(lots, 'count_max'));
    rowCount(p, 'disposal rows', p.writeOffs, disposals.length);
    figure(p, 'units written off (Σ disposals.count)', p.writtenOffUnits, sum(disposals, 'count'));
    rowCount(p, 'markdown rows', p.markdowns, markdowns.length);
    figure(p, 'on hand (Σ lots.count)', model.onHand(p), sum(lots, 'count'));
    figure(p, 'on hand (GET /products/all/ count)', model.onHand(p), figures.get(p.id)?.count);
    figure(p, 'on hand (Σ stock_movements.delta)', model.onHand(p), sum(of('stock_movements'), 'delta'));
  }
  return result;
}

/** A value short enough for a failure line: lists as their length, long text cut. */
function brief(value: unknown): string {
  if (value === undefined) return '(absent)';
  if (Array.isArray(value)) return `[${value.length} items]`;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** Field-by-field differences of two rows, as «field: device X ≠ server Y». */
function fieldDiffs(device: Row, server: Row): string[] {
  const fields = [...new Set([...Object.keys(device), ...Object.keys(server)])].sort();
  return fields
    .filter((f) => JSON.stringify(device[f]) !== JSON.stringify(server[f]))
    .map((f) => `${f}: device ${brief(device[f])} ≠ server ${brief(server[f])}`);
}

/**
 * (2) device mirror = server, row by row: every table the device mirrors against a full pull
 * from 0 of a second session. Same ids, same versions, same fields.
 */
export function deviceMatchesServer(device: Map<string, Row[]>, server: ServerRows, model: ChaosModel): CheckResult {
  const result: CheckResult = { problems: [], lost: 0, doubled: 0, diverged: 0 };
  const tagOf = (row: Row | undefined) => {
    const id = (row?.product_id ?? row?.product) as string | undefined;
    return model.products.find((p) => p.id === id)?.tag ?? '';
  };
  for (const table of [...new Set([...device.keys(), ...server.tables.keys()])].sort()) {
    if (!device.has(table)) {
      result.diverged += server.tables.get(table)!.size;
      result.problems.push(`${table}: not a table on the device, ${server.tables.get(table)!.size} rows on the server`);
      continue;
    }
    const mine = new Map(device.get(table)!.map((r) => [String(r.id), r]));
    const theirs = server.tables.get(table) ?? new Map();
    for (const [id, change] of theirs) {
      const row = mine.get(id);
      const where = `${table}/${id}${tagOf(change.row!) && ` (${tagOf(change.row!)})`}`;
      if (!row) {
        result.diverged++;
        result.problems.push(`${where}: on the server (version ${change.version}), missing on the device`);
        continue;
      }
      const diffs = fieldDiffs(row, change.row!);
      if (row.version !== change.version && !diffs.some((d) => d.startsWith('version:')))
        diffs.unshift(`version: device ${String(row.version)} ≠ change ${change.version}`);
      if (diffs.length === 0) continue;
      result.diverged++;
      result.problems.push(`${where}: ${diffs.join('; ')}`);
    }
    for (const [id, row] of mine) {
      if (theirs.has(id)) continue;
      result.diverged++;
      result.problems.push(
        `${table}/${id}${tagOf(row) && ` (${tagOf(row)})`}: on the device (version ${String(row.version)}), not on the server`,
      );
    }
  }
  return result;
}

/** (3) the /products screen shows the server's name and figures for every product. */
export function screenMatchesServer(
  shown: Map<string, { name: string; count: number; reserve: number; markdowns: number; totalPrice: number } | null>,
  figures: Map<string, ServerFigures>,
  model: ChaosModel,
): CheckResult {
  const result: CheckResult = { problems: [], lost: 0, doubled: 0, diverged: 0 };
  for (const p of model.products) {
    const row = shown.get(p.id);
    const f = figures.get(p.id);
    if (!row || !f) {
      result.diverged++;
      result.problems.push(
        `${p.tag} (${p.id}): ${row ? '' : 'no row on /products'}${!row && !f ? ', ' : ''}${f ? '' : 'no figures on the server'}`,
      );
      continue;
    }
    const expected = {
      name: f.name,
      count: f.count,
      reserve: f.reserve,
      markdowns: f.markdowns,
      totalPrice: f.total_price,
    };
    const diffs = (Object.keys(expected) as Array<keyof typeof expected>)
      .filter((k) => row[k] !== expected[k])
      .map((k) => `${k}: shown ${JSON.stringify(row[k])} ≠ server ${JSON.stringify(expected[k])}`);
    if (diffs.length === 0) continue;
    result.diverged++;
    result.problems.push(`${p.tag} (${p.id}) on /products: ${diffs.join('; ')}`);
  }
  return result;
}
