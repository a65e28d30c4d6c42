import type { CheckResult } from './chaos-checks.ts';
import { team, type TeamAccount, type TeamProduct, type Who } from './chaos-team-setup.ts';
import { shortfall, type ProductField, type TeamModel } from './chaos-team-model.ts';
import type { StoredOutboxEntry } from '../pages/local-data.ts';
import type { ServerRows } from './server-mirror.ts';
import type { ServerFigures } from './stock-api.ts';

type Row = Record<string, unknown>;
const rowsOf = (server: ServerRows, table: string): Row[] =>
  [...(server.tables.get(table)?.values() ?? [])].map((c) => c.row!);
const sum = (rows: Row[], field: string) => rows.reduce((s, r) => s + Number(r[field] ?? 0), 0);
const empty = (): CheckResult => ({ problems: [], lost: 0, doubled: 0, diverged: 0 });
const bodyOf = (e: StoredOutboxEntry) => (e.body ?? {}) as { product_id?: string; count?: number };

/** Each member's refused outflows of one table and product, as their device keeps them. */
function refusedOf(refused: Record<Who, StoredOutboxEntry[]>, who: Who, table: string, product: string) {
  return refused[who].filter((e) => e.table === table && bodyOf(e).product_id === product);
}

/**
 * (1) server = both members' intents: per product and member, one lot per receipt line they made with its units,
 * and each write-off and markdown once unless the server refused it (then it is in that member's refused list and
 * nowhere on the server); per product, on hand = the setup units + every receipt − every outflow taken.
 */
export function serverMatchesTeam(
  model: TeamModel,
  server: ServerRows,
  figures: Map<string, ServerFigures>,
  refused: Record<Who, StoredOutboxEntry[]>,
  accounts: Record<Who, TeamAccount>,
): CheckResult {
  const result = empty();
  const rowCount = (where: string, expected: number, actual: number) => {
    if (actual === expected) return;
    if (actual < expected) result.lost += expected - actual;
    else result.doubled += actual - expected;
    result.problems.push(
      `${where}: expected ${expected}, server has ${actual} (${actual < expected ? 'lost' : 'doubled'} ${Math.abs(expected - actual)})`,
    );
  };
  const figure = (where: string, expected: number, actual: unknown) => {
    if (actual === expected) return;
    result.diverged++;
    result.problems.push(`${where}: expected ${expected}, server has ${String(actual)}`);
  };
  const authors = new Map(team.map((who) => [accounts[who].userId, who]));
  for (const p of model.products) {
    const of = (table: string) => rowsOf(server, table).filter((r) => r.product_id === p.id);
    const setup = new Set(p.setupLots);
    const lots = of('lots');
    let onHand = p.setupUnits;
    for (const table of ['lots', 'disposals', 'markdowns'])
      for (const row of of(table))
        if (!setup.has(String(row.id)) && !authors.has(String(row.created_by))) {
          result.doubled++;
          result.problems.push(`${p.tag} ${table}/${String(row.id)} made by ${String(row.created_by)}, no member`);
        }
    for (const who of team) {
      const by = (table: string) => of(table).filter((r) => r.created_by === accounts[who].userId);
      const where = (what: string) => `${p.tag} (${p.id}) by ${who}: ${what}`;
      const t = model.tally(who, p.id);
      const mine = by('lots').filter((r) => !setup.has(String(r.id)));
      rowCount(where('lots'), t.lots, mine.length);
      figure(where('units received (Σ lots.count_max)'), t.receivedUnits, sum(mine, 'count_max'));
      const refusedDisposals = refusedOf(refused, who, 'disposals', p.id);
      const refusedUnits = refusedDisposals.reduce((s, e) => s + Number(bodyOf(e).count ?? 0), 0);
      rowCount(where('disposal rows (taken − refused)'), t.writeOffs - refusedDisposals.length, by('disposals').length);
      figure(
        where('units written off (Σ disposals.count)'),
        t.writtenOffUnits - refusedUnits,
        sum(by('disposals'), 'count'),
      );
      const refusedMarkdowns = refusedOf(refused, who, 'markdowns', p.id);
      rowCount(where('markdown rows (taken − refused)'), t.markdowns - refusedMarkdowns.length, by('markdowns').length);
      onHand += t.receivedUnits - (t.writtenOffUnits - refusedUnits) - (t.markdowns - refusedMarkdowns.length);
    }
    figure(`${p.tag} (${p.id}): on hand (Σ lots.count)`, onHand, sum(lots, 'count'));
    figure(`${p.tag} (${p.id}): on hand (GET /products/all/ count)`, onHand, figures.get(p.id)?.count);
    figure(`${p.tag} (${p.id}): on hand (Σ stock_movements.delta)`, onHand, sum(of('stock_movements'), 'delta'));
  }
  return result;
}

/**
 * (2) every refusal stated and seen: a refused edit is an outflow the server turned down for want of stock (the
 * other member took it first), its row is nowhere on the server, and the member's «Синхронизация» lists it with
 * that reason — one listed edit per refused entry, no more.
 */
export function refusalsStated(
  refused: Record<Who, StoredOutboxEntry[]>,
  listed: Record<Who, string[]>,
  server: ServerRows,
): CheckResult {
  const result = empty();
  for (const who of team) {
    for (const e of refused[who]) {
      const what = `${who}: refused ${e.method} ${e.path} (${e.table}/${e.row_id})`;
      if (!['disposals', 'markdowns'].includes(e.table) || !shortfall.test(e.error ?? '')) {
        result.diverged++;
        result.problems.push(`${what} for an unexpected reason: ${e.error}`);
      }
      if (server.tables.get(e.table)?.has(e.row_id)) {
        result.doubled++;
        result.problems.push(`${what}, yet the row is on the server`);
      }
    }
    const stated = listed[who].filter((text) => shortfall.test(text)).length;
    if (listed[who].length !== refused[who].length || stated !== refused[who].length)
      result.problems.push(
        `${who}: «Синхронизация» lists ${listed[who].length} refused edits (${stated} with the shortfall stated), the device keeps ${refused[who].length} refused entries`,
      );
  }
  return result;
}

/**
 * (3) a field both members edited ends as the last write to reach the server: the server holds the last value one
 * of the members wrote (never an earlier one, never one nobody wrote), and each device shows it. A field nobody
 * edited keeps its first value.
 */
export function fieldsSettled(
  model: TeamModel,
  server: ServerRows,
  shownShelves: Record<Who, Map<string, string>>,
): CheckResult & { contested: number } {
  const result = { ...empty(), contested: 0 };
  const initial = (p: TeamProduct, field: ProductField) => (field === 'name' ? p.name : '');
  for (const p of model.products) {
    const row = server.tables.get('products_wh')?.get(p.id)?.row ?? {};
    for (const field of ['name', 'shelf'] as const) {
      const writes = model.writesOf(p.id, field);
      const held = String(row[field] ?? '');
      const lastOf = team.flatMap((who) => writes.filter((w) => w.who === who).slice(-1));
      if (lastOf.length === 2) result.contested++;
      const allowed = writes.length === 0 ? [initial(p, field)] : lastOf.map((w) => w.value);
      if (!allowed.includes(held)) {
        result.diverged++;
        const earlier = writes.find((w) => w.value === held);
        result.problems.push(
          `${p.tag} ${field}: server holds «${held}», ${earlier ? `an earlier write of ${earlier.who}` : 'a value nobody wrote'}; the last writes were ${allowed.map((v) => `«${v}»`).join(', ')}`,
        );
      }
      if (field !== 'shelf' || writes.length === 0) continue;
      for (const who of team) {
        const shown = shownShelves[who].get(p.id);
        if (shown === held) continue;
        result.diverged++;
        result.problems.push(`${p.tag} shelf on the ${who}'s device: shows «${String(shown)}», server holds «${held}»`);
      }
    }
  }
  return result;
}

/** (4) stock never below zero: not in a lot, not in the figures, not at any point of a product's ledger. */
export function stockNeverNegative(
  model: TeamModel,
  server: ServerRows,
  figures: Map<string, ServerFigures>,
): CheckResult {
  const result = empty();
  const flag = (text: string) => {
    result.diverged++;
    result.problems.push(text);
  };
  for (const lot of rowsOf(server, 'lots')) {
    const count = Number(lot.count);
    if (count < 0 || count > Number(lot.count_max))
      flag(`lots/${String(lot.id)}: count ${count} outside 0…${String(lot.count_max)}`);
  }
  for (const p of model.products) {
    const count = figures.get(p.id)?.count;
    if (count === undefined || count < 0) flag(`${p.tag} on hand ${String(count)} on GET /products/all/`);
    const ledger = [...(server.tables.get('stock_movements')?.values() ?? [])]
      .filter((c) => c.row?.product_id === p.id)
      .sort((a, b) => a.version - b.version);
    let running = 0;
    for (const c of ledger) {
      running += Number(c.row!.delta);
      if (running >= 0) continue;
      flag(`${p.tag} the ledger goes to ${running} at movement ${c.id} (${String(c.row!.reason)})`);
      break;
    }
  }
  return result;
}

/**
 * (5) both members read the same business: a full pull with the owner's session and one with the warehouse
 * member's (who may see costs) hold the same rows at the same versions.
 */
export function pullsAgree(owner: ServerRows, warehouse: ServerRows): CheckResult {
  const result = empty();
  for (const table of [...new Set([...owner.tables.keys(), ...warehouse.tables.keys()])].sort()) {
    const a = owner.tables.get(table) ?? new Map();
    const b = warehouse.tables.get(table) ?? new Map();
    for (const id of new Set([...a.keys(), ...b.keys()])) {
      const [x, y] = [a.get(id), b.get(id)];
      if (x && y && x.version === y.version && JSON.stringify(x.row) === JSON.stringify(y.row)) continue;
      result.diverged++;
      result.problems.push(
        `${table}/${id}: owner's pull ${x ? `version ${x.version}` : 'without it'}, warehouse's ${y ? `version ${y.version}` : 'without it'}${x && y && x.version === y.version ? ' (fields differ)' : ''}`,
      );
    }
  }
  return result;
}
