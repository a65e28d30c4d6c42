import type { StoredOutboxEntry } from '../pages/local-data.ts';
import { ProductsFigures } from '../pages/products-figures.ts';
import { SyncPanelPage } from '../pages/sync-panel-page.ts';
import type { CheckResult } from './chaos-checks.ts';
import { TeamForms } from './chaos-team-forms.ts';
import type { TeamModel } from './chaos-team-model.ts';
import type { TeamDevice, TeamRunLog } from './chaos-team-run.ts';
import type { FaultPlan } from './fault-plan.ts';
import { eventually } from './wait.ts';

// The device's own bookkeeping, not mirrors of the server's tables.
const localStores = ['outbox', 'meta', 'pending_images', 'tombstones', 'field_changes'];

type Shown = { name: string; count: number; reserve: number; markdowns: number; totalPrice: number } | null;

/** What one member's device holds and shows once settled. */
export interface DeviceState {
  rows: Map<string, Array<Record<string, unknown>>>;
  /** /products: per product its name and figures. */
  shown: Map<string, Shown>;
  /** Tab «Товар» of each product whose shelf was written: the shelf shown. */
  shelves: Map<string, string>;
  /** Outbox entries the server refused (kept to show the reason). */
  refused: StoredOutboxEntry[];
  /** The refused edits «Синхронизация» lists, as their text reads. */
  listed: string[];
}

export async function readTeamDevice(
  { device }: TeamDevice,
  model: TeamModel,
  shelvesWritten: readonly string[],
): Promise<DeviceState> {
  const local = device.local;
  const rows = new Map<string, Array<Record<string, unknown>>>();
  for (const store of await local.storeNames())
    if (!localStores.includes(store)) rows.set(store, await local.readAll(store));
  const refused = (await local.outbox()).filter((e) => e.status === 'rejected');

  const products = new ProductsFigures(device.page);
  await products.open(device.baseUrl);
  await products.waitForRows(model.products.length, 'the products on /products after the chaos');
  const shown = new Map<string, Shown>();
  for (const p of model.products)
    shown.set(p.id, { name: await products.nameIn(p.tag), ...(await products.row(p.tag)) });

  const panel = new SyncPanelPage(device.page);
  await panel.openDialog();
  // The list is read from the device as the dialog opens: give it the moment to fill.
  await eventually(
    async () => (await panel.refusedTexts()).length === refused.length,
    'the refused edits listed',
    5_000,
  ).catch(() => undefined);
  const listed = await panel.refusedTexts();
  await panel.closeDialog();

  const forms = new TeamForms(device.page);
  const shelves = new Map<string, string>();
  for (const id of shelvesWritten) shelves.set(id, await forms.shownShelf(device.baseUrl, id));
  return { rows, shown, shelves, refused, listed };
}

/** (7) the member kept their session throughout and the UI refused nothing it should have taken. */
export async function sessionKept(
  { device }: TeamDevice,
  log: TeamRunLog,
  plan: FaultPlan,
  calm: boolean,
): Promise<CheckResult> {
  const result: CheckResult = { problems: [], lost: 0, doubled: 0, diverged: 0 };
  for (const s of device.signOuts)
    result.problems.push(
      `signed out (landed on /auth) after ${s.afterEdits} edits at ${s.at}, ${s.unsettled} outbox entries unsettled then`,
    );
  if (device.onAuthScreen) result.problems.push('the app is on /auth at the end');
  const [access, refresh] = await device.page.evaluate(() => [
    localStorage.getItem('access_token'),
    localStorage.getItem('refresh_token'),
  ]);
  if (!access || !refresh)
    result.problems.push(
      `the app holds no session at the end (access ${access ? 'set' : 'missing'}, refresh ${refresh ? 'set' : 'missing'})`,
    );
  for (const r of log.uiRefusals) result.problems.push(`the UI refused ${r.edit}: «${r.error}»`);
  for (const f of log.noticeTapFailures) result.problems.push(`a tapped notification stayed: ${f}`);
  if (!calm && plan.injected.dropRefreshAnswer === 0)
    result.problems.push(
      'harness: no refresh answer was dropped (the run never refreshed a token while faults were on)',
    );
  return result;
}
