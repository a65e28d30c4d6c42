import { ProductFormsPage, type FormOutcome } from '../pages/product-forms-page.ts';
import type { ChaosDevice } from './chaos-device.ts';
import { describeEdit, type ChaosModel, type PlannedEdit } from './chaos-model.ts';
import type { ChaosProxy } from './chaos-proxy.ts';
import type { SeededRandom } from './seeded-random.ts';
import { eventually } from './wait.ts';

export interface RunOptions {
  edits: number;
  /** No proxy faults, no offline stretches, no killed tab: the harness checked against itself. */
  calm: boolean;
}

export interface RunLog {
  /** Edits the UI itself refused although the model had the units free. */
  uiRefusals: Array<{ edit: string; error: string }>;
  offlineStretches: number;
  /** Edits whose UI step failed on a sign-out and were found stored, or made again. */
  interrupted: number;
}

/** Local rows of this edit's kind for its product: a count that grows when the device took the edit. */
async function storedCount(device: ChaosDevice, edit: PlannedEdit): Promise<number> {
  const table = {
    rename: 'products_wh',
    receive: 'lots',
    purchase: 'lots',
    writeOff: 'disposals',
    markdown: 'markdowns',
  }[edit.kind];
  const product = edit.kind === 'purchase' ? edit.lines[0]!.product : edit.product;
  const rows = await device.local.readAll<{ id: string; product_id?: string; name?: string }>(table);
  if (edit.kind === 'rename') return rows.some((r) => r.id === product && r.name === edit.name) ? 1 : 0;
  return rows.filter((r) => r.product_id === product).length;
}

async function makeEdit(
  device: ChaosDevice,
  model: ChaosModel,
  edit: PlannedEdit,
  reason: string,
): Promise<FormOutcome> {
  const forms = new ProductFormsPage(device.page);
  const tag = (id: string) => model.product(id).tag;
  switch (edit.kind) {
    case 'rename': {
      await forms.rename(edit.product, tag(edit.product), edit.name);
      // Saved on blur into IndexedDB: wait for it, so a tab killed next cannot take it along.
      await eventually(
        async () => (await storedCount(device, edit)) === 1,
        `the new name «${edit.name}» on the device`,
        10_000,
      );
      return { ok: true };
    }
    case 'receive':
      return forms.receive(edit.product, tag(edit.product), edit);
    case 'purchase':
      await forms.purchase(
        device.baseUrl,
        edit.lines.map((l) => ({ tag: tag(l.product), count: l.count, price: l.price })),
      );
      return { ok: true };
    case 'writeOff':
      return forms.writeOff(edit.product, tag(edit.product), { count: edit.count, price: edit.price, reason });
    case 'markdown':
      return forms.markDown(edit.product, tag(edit.product), {
        markdownPrice: edit.markdownPrice,
        description: reason,
      });
  }
}

/**
 * The seeded scenario: `edits` UI edits of random kinds on random products, with offline
 * stretches, live channels cut, and one tab killed mid-burst. Each accepted edit goes into the
 * model; an edit interrupted by a sign-out is looked up on the device before it is made again.
 */
export async function runScenario(
  device: ChaosDevice,
  model: ChaosModel,
  proxy: ChaosProxy,
  random: SeededRandom,
  options: RunOptions,
): Promise<RunLog> {
  const log: RunLog = { uiRefusals: [], offlineStretches: 0, interrupted: 0 };
  const killFrom = Math.floor(options.edits * (0.4 + 0.2 * random.next()));
  const killHow = random.pick(['close', 'crash'] as const);
  let offlineLeft = 0;
  let attempts = 0;

  while (model.totalEdits < options.edits) {
    // Edits the UI refuses do not count; a device refusing them all must not spin forever.
    if (++attempts > options.edits * 2)
      throw new Error(
        `only ${model.totalEdits} of ${options.edits} edits taken in ${attempts - 1} attempts; UI refusals: ${JSON.stringify(log.uiRefusals.slice(0, 5))}`,
      );
    device.editsDone = model.totalEdits;
    if (device.onAuthScreen) await device.recoverFromSignOut();

    if (!options.calm) {
      if (offlineLeft > 0 && --offlineLeft === 0) await device.setOffline(false);
      else if (offlineLeft === 0 && random.chance(0.06)) {
        offlineLeft = random.int(3, 10);
        log.offlineStretches++;
        await device.setOffline(true);
      }
      if (random.chance(0.04)) proxy.dropLiveChannels();
      // Mid-burst: only once edits are queued or on the wire, so the kill can take something along.
      if (device.kills.length === 0 && model.totalEdits >= killFrom) {
        const unsettled = await device.unsettled();
        if (unsettled.some((e) => e.status === 'pending' || e.status === 'sending')) await device.killTab(killHow);
      }
    }

    const edit = model.plan(random);
    const reason = `хаос ${model.totalEdits + 1}`;
    const before = await storedCount(device, edit);
    let outcome: FormOutcome;
    try {
      outcome = await makeEdit(device, model, edit, reason);
    } catch (err) {
      // A step may fail just before the app's own load of /auth commits: give it a moment.
      if (!device.onAuthScreen) await device.page.waitForURL(/\/auth$/, { timeout: 3_000 }).catch(() => undefined);
      if (!device.onAuthScreen)
        throw new Error(
          `edit ${model.totalEdits + 1} (${describeEdit(edit, model)}) failed on ${device.page.url()}: ${String(err)}`,
        );
      // Signed out in the middle of it: the edit counts only if the device stored it.
      log.interrupted++;
      await device.recoverFromSignOut();
      const stored =
        edit.kind === 'rename' ? (await storedCount(device, edit)) === 1 : (await storedCount(device, edit)) > before;
      if (stored) model.apply(edit);
      continue;
    }
    if (outcome.ok) model.apply(edit);
    else log.uiRefusals.push({ edit: describeEdit(edit, model), error: outcome.error });
  }
  if (device.offline) await device.setOffline(false);
  return log;
}

const SETTLE_MS = 150_000;
const NUDGE_MS = 20_000;

/**
 * Faults off and online: waits until the device has sent everything (no entry pending, on the
 * wire or kept for a pull) and has pulled up to the server's last change. Every 20 s the network
 * blips off and on, as a user toggling Wi-Fi would, so a long backoff after many failures does
 * not hold the check up; rejected entries are not waited for (the session check reports them).
 * Answers null once settled, or what was still unsettled at the deadline (the checks run anyway).
 */
export async function settle(device: ChaosDevice, serverCursor: () => Promise<number>): Promise<string | null> {
  if (device.offline) await device.setOffline(false);
  const deadline = Date.now() + SETTLE_MS;
  let nextNudge = 0;
  let state = '';
  for (;;) {
    if (device.onAuthScreen) await device.recoverFromSignOut();
    if (Date.now() >= nextNudge) {
      await device.setOffline(true);
      await device.setOffline(false);
      nextNudge = Date.now() + NUDGE_MS;
    }
    const unsettled = await device.unsettled();
    const [cursor, latest] = await Promise.all([device.local.pullCursor(), serverCursor()]);
    if (unsettled.length === 0 && cursor === latest) return null;
    const statuses = unsettled.map((e) => `${e.status} ${e.method} ${e.path} (attempts ${e.attempts})`);
    state = `${unsettled.length} outbox entries unsettled [${statuses.slice(0, 8).join(', ')}${statuses.length > 8 ? ', …' : ''}]; device cursor ${cursor}, server cursor ${latest}`;
    if (Date.now() > deadline) return `the device did not settle within ${SETTLE_MS / 1000} s: ${state}`;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
