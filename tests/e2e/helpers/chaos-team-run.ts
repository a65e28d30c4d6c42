import { LocalData } from '../pages/local-data.ts';
import type { ChaosDevice } from './chaos-device.ts';
import type { ChaosProxy } from './chaos-proxy.ts';
import { settle } from './chaos-run.ts';
import { TeamForms, type TeamFormOutcome } from './chaos-team-forms.ts';
import { describeTeamEdit, shortfall, type TeamEdit, type TeamModel } from './chaos-team-model.ts';
import type { TeamAccount, Who } from './chaos-team-setup.ts';
import type { SeededRandom } from './seeded-random.ts';
import { eventually } from './wait.ts';

/** One member's device of the team run: their account, their browser profile and their own faulty link. */
export interface TeamDevice {
  account: TeamAccount;
  device: ChaosDevice;
  proxy: ChaosProxy;
}

export interface TeamRunLog {
  /** Outflows the form refused because the device learned, between showing and taking, that fewer were free. */
  staleRefusals: Array<{ edit: string; error: string }>;
  /** Edits the UI refused for any other reason: the run reports them. */
  uiRefusals: Array<{ edit: string; error: string }>;
  /** Outflows not submitted because the device showed nothing free (not counted as edits). */
  nothingFree: number;
  offlineStretches: number;
  /** Edits whose UI step failed on a sign-out and were found stored, or made again. */
  interrupted: number;
  /** Field saves not seen on the device within the wait (another member's value came over it first). */
  fieldSavesUnseen: number;
  /** Notifications of refused edits the member tapped away (they cover the product's tabs until tapped). */
  noticesTapped: string[];
  /** Notifications still shown after a tap, with what the device held then. */
  noticeTapFailures: string[];
}

const tableOf: Record<TeamEdit['kind'], string> = {
  name: 'products_wh',
  shelf: 'products_wh',
  receive: 'lots',
  purchase: 'lots',
  writeOff: 'disposals',
  markdown: 'markdowns',
};

/**
 * The rows of this edit's kind for its product that this member's device made: its own rows (created_by) and its
 * refused ones (kept in the outbox with the row id). Grows by one when the device took the edit, whatever the
 * other member's rows pulled meanwhile.
 */
async function ownCount(team: TeamDevice, edit: TeamEdit): Promise<number> {
  const table = tableOf[edit.kind];
  const product = edit.kind === 'purchase' ? edit.lines[0]!.product : edit.product;
  const { device, account } = team;
  const rows = await device.local.readAll<{ id: string; product_id?: string; created_by?: string | null }>(table);
  const ids = new Set(rows.filter((r) => r.product_id === product && r.created_by === account.userId).map((r) => r.id));
  for (const e of await device.local.outbox())
    if (e.table === table && e.status === 'rejected' && (e.body as { product_id?: string })?.product_id === product)
      ids.add(e.row_id);
  return ids.size;
}

/** Whether the device holds this field value: in its row, or in an edit still queued. */
async function holdsValue(team: TeamDevice, edit: Extract<TeamEdit, { value: string }>): Promise<boolean> {
  const rows = await team.device.local.readAll<Record<string, unknown>>('products_wh');
  if (rows.some((r) => r.id === edit.product && r[edit.kind] === edit.value)) return true;
  return (await team.device.local.outbox()).some(
    (e) => e.row_id === edit.product && (e.body as Record<string, unknown> | undefined)?.[edit.kind] === edit.value,
  );
}

async function makeEdit(
  team: TeamDevice,
  model: TeamModel,
  edit: TeamEdit,
  reason: string,
  log: TeamRunLog,
): Promise<TeamFormOutcome> {
  const forms = new TeamForms(team.device.page);
  const tag = (id: string) => model.product(id).tag;
  switch (edit.kind) {
    case 'name':
    case 'shelf': {
      if (edit.kind === 'name') await forms.forms.rename(edit.product, tag(edit.product), edit.value);
      else await forms.setShelf(edit.product, tag(edit.product), edit.value);
      // Saved on blur into IndexedDB: wait for it, so a tab killed next cannot take it along. A value of the
      // other member pulled right after it may already stand in its place: the save happened all the same.
      await eventually(() => holdsValue(team, edit), `«${edit.value}» on the device`, 5_000).catch(() => {
        log.fieldSavesUnseen++;
      });
      return { ok: true };
    }
    case 'receive':
      return forms.forms.receive(edit.product, tag(edit.product), edit);
    case 'purchase':
      await forms.forms.purchase(
        team.device.baseUrl,
        edit.lines.map((l) => ({ tag: tag(l.product), count: l.count, price: l.price })),
      );
      return { ok: true };
    case 'writeOff':
      return forms.writeOff(edit.product, tag(edit.product), { ...edit, reason }, (count) => (edit.count = count));
    case 'markdown':
      return forms.markDown(edit.product, tag(edit.product), {
        markdownPrice: edit.markdownPrice,
        description: reason,
      });
  }
}

/**
 * The notification of a refused edit stays until tapped and lies over the product's tabs; a member who meets it
 * reads it and taps it away, and so does the run, before whatever click it would block. The refusal stays listed.
 * Under the open menu it cannot be tapped, nor does it block the menu: the tap is tried again at the next action.
 */
async function tapRefusedNotices(page: ChaosDevice['page'], log: TeamRunLog): Promise<void> {
  await page.addLocatorHandler(
    page.getByTestId('refused-notice'),
    async (notice) => {
      const text = (await notice.textContent({ timeout: 1_000 }).catch(() => null)) ?? '';
      if (
        !(await notice.click({ timeout: 1_000 }).then(
          () => true,
          () => false,
        ))
      )
        return;
      log.noticesTapped.push(text);
      if (
        await notice.waitFor({ state: 'hidden', timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      )
        return;
      // A tapped notification that stays would block the run: what the device holds tells why.
      const local = new LocalData(page);
      const [meta, outbox] = await Promise.all([
        local.readAll<{ key: string; value: unknown }>('meta'),
        local.outbox(),
      ]).catch(() => [[], []] as const);
      const noticed = meta.find((m) => m.key === 'refused_noticed')?.value;
      const rejected = outbox.filter((e) => e.status === 'rejected').map((e) => e.id);
      log.noticeTapFailures.push(
        `«${text}» still shown 3 s after it was tapped; refused_noticed ${JSON.stringify(noticed)}, rejected ${JSON.stringify(rejected)}`,
      );
    },
    { noWaitAfter: true },
  );
}

/**
 * One member's seeded scenario, run alongside the other's: `edits` UI edits of random kinds on the shared
 * products, with offline stretches, live channels cut and one tab killed mid-burst. Each edit the UI took goes
 * into the model under this member; an edit interrupted by a sign-out is looked up on the device first.
 */
export async function runMember(
  team: TeamDevice,
  model: TeamModel,
  random: SeededRandom,
  /** `failureShot`: where to keep a screenshot of the page an edit failed on. */
  options: { edits: number; calm: boolean; failureShot?: string },
): Promise<TeamRunLog> {
  const { device, proxy, account } = team;
  const who: Who = account.who;
  const log: TeamRunLog = {
    staleRefusals: [],
    uiRefusals: [],
    nothingFree: 0,
    offlineStretches: 0,
    interrupted: 0,
    fieldSavesUnseen: 0,
    noticesTapped: [],
    noticeTapFailures: [],
  };
  let watched: ChaosDevice['page'] | null = null;
  const killFrom = Math.floor(options.edits * (0.4 + 0.2 * random.next()));
  const killHow = random.pick(['close', 'crash'] as const);
  let offlineLeft = 0;
  let attempts = 0;

  while (model.editsBy(who) < options.edits) {
    if (++attempts > options.edits * 4)
      throw new Error(
        `${who}: only ${model.editsBy(who)} of ${options.edits} edits taken in ${attempts - 1} attempts (nothing free ${log.nothingFree}); UI refusals: ${JSON.stringify(log.uiRefusals.slice(0, 5))}`,
      );
    device.editsDone = model.editsBy(who);
    if (device.onAuthScreen) await device.recoverFromSignOut();
    // A new tab after a kill needs the watch again.
    if (watched !== device.page) await tapRefusedNotices((watched = device.page), log);

    if (!options.calm) {
      if (offlineLeft > 0 && --offlineLeft === 0) await device.setOffline(false);
      else if (offlineLeft === 0 && random.chance(0.06)) {
        offlineLeft = random.int(3, 10);
        log.offlineStretches++;
        await device.setOffline(true);
      }
      if (random.chance(0.04)) proxy.dropLiveChannels();
      if (device.kills.length === 0 && model.editsBy(who) >= killFrom) {
        const unsettled = await device.unsettled();
        if (unsettled.some((e) => e.status === 'pending' || e.status === 'sending')) await device.killTab(killHow);
      }
    }

    const edit = model.plan(random, who);
    const reason = `хаос ${who} ${model.editsBy(who) + 1}`;
    const before = edit.kind === 'name' || edit.kind === 'shelf' ? 0 : await ownCount(team, edit);
    let outcome: TeamFormOutcome;
    try {
      outcome = await makeEdit(team, model, edit, reason, log);
    } catch (err) {
      if (!device.onAuthScreen) await device.page.waitForURL(/\/auth$/, { timeout: 3_000 }).catch(() => undefined);
      if (!device.onAuthScreen) {
        if (options.failureShot) await device.page.screenshot({ path: options.failureShot }).catch(() => undefined);
        throw new Error(
          `edit ${model.editsBy(who) + 1} (${describeTeamEdit(who, edit, model)}) failed on ${device.page.url()}${options.failureShot ? ` (screenshot ${options.failureShot})` : ''}; notifications that stayed after a tap: ${JSON.stringify(log.noticeTapFailures.slice(-3))}: ${String(err)}`,
        );
      }
      log.interrupted++;
      await device.recoverFromSignOut();
      const stored =
        edit.kind === 'name' || edit.kind === 'shelf'
          ? await holdsValue(team, edit)
          : edit.kind === 'writeOff' && edit.count === undefined
            ? false
            : (await ownCount(team, edit)) > before;
      if (stored) model.apply(who, edit);
      continue;
    }
    if (outcome.ok) model.apply(who, edit);
    else if ('nothingFree' in outcome) log.nothingFree++;
    else if (shortfall.test(outcome.error))
      log.staleRefusals.push({ edit: describeTeamEdit(who, edit, model), error: outcome.error });
    else log.uiRefusals.push({ edit: describeTeamEdit(who, edit, model), error: outcome.error });
  }
  if (device.offline) await device.setOffline(false);
  return log;
}

/**
 * Faults off: every device settled at once — nothing left to send and pulled up to the server's last change.
 * A device that sends its last edits moves the server on, so the round repeats until one passes with the
 * server's cursor standing still. Null once settled, else what was left.
 */
export async function settleTeam(teams: readonly TeamDevice[], serverCursor: () => Promise<number>) {
  for (let round = 1; round <= 6; round++) {
    const before = await serverCursor();
    for (const { device, account } of teams) {
      const unsettled = await settle(device, serverCursor);
      if (unsettled) return `${account.who}: ${unsettled}`;
    }
    if ((await serverCursor()) === before) return null;
  }
  return 'the devices did not settle together in 6 rounds: the server kept moving';
}
