import { describe, expect, it } from 'vitest';
import { ServerApi } from './helpers/api.ts';
import { launchProfile } from './helpers/browser.ts';
import {
  deviceMatchesServer,
  screenMatchesServer,
  serverMatchesModel,
  type CheckResult,
} from './helpers/chaos-checks.ts';
import { ChaosDevice } from './helpers/chaos-device.ts';
import { ChaosModel } from './helpers/chaos-model.ts';
import { ChaosProxy } from './helpers/chaos-proxy.ts';
import { runScenario, settle } from './helpers/chaos-run.ts';
import { summarize, summaryLine, writeSummary } from './helpers/chaos-summary.ts';
import { FaultPlan } from './helpers/fault-plan.ts';
import { SeededRandom } from './helpers/seeded-random.ts';
import { ServerMirror } from './helpers/server-mirror.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { StockApi } from './helpers/stock-api.ts';
import { ProductsFigures } from './pages/products-figures.ts';

// Issue 9, must-show: one device, 150 UI edits through a proxy that drops requests and answers,
// holds push answers past the pull, answers 503, loses a refresh answer, lets tokens expire
// mid-push and cuts the live channel; offline stretches and a tab killed mid-burst on top. At the
// end the server equals what the user did, the device equals the server, the screen shows it,
// and the user was never signed out.
//
// CHAOS_SEED=N replays one seed; otherwise CHAOS_SEEDS seeds (default 1) derived from
// CHAOS_BASE_SEED (default: the clock). CHAOS_EDITS (150), CHAOS_TOKEN_TTL (5 s access tokens),
// CHAOS_CALM=1 (no faults, no offline, no kill: the harness against itself).

const TOKEN_TTL = process.env.CHAOS_TOKEN_TTL ?? '5';
const EDITS = Number(process.env.CHAOS_EDITS ?? 150);
const CALM = process.env.CHAOS_CALM === '1';
const PRODUCTS = 7;
const SEED_TIMEOUT_MS = 10 * 60_000;

function chaosSeeds(): number[] {
  if (process.env.CHAOS_SEED) return [Number(process.env.CHAOS_SEED)];
  const base = Number(process.env.CHAOS_BASE_SEED ?? Date.now() % 2 ** 31);
  const derive = new SeededRandom(base);
  const count = Number(process.env.CHAOS_SEEDS ?? 1);
  console.log(`chaos base seed: ${base} (CHAOS_BASE_SEED=${base} CHAOS_SEEDS=${count} repeats this list)`);
  return Array.from({ length: count }, () => Math.floor(derive.next() * 2 ** 31));
}

async function startChaosServer(): Promise<RunningServer> {
  try {
    return await startServer({ ACCESS_TOKEN_TTL_SECONDS: TOKEN_TTL });
  } catch (err) {
    throw new Error(
      `the server did not start with ACCESS_TOKEN_TTL_SECONDS=${TOKEN_TTL} (${String(err)}); if its config still refuses short tokens, run with CHAOS_TOKEN_TTL=30`,
    );
  }
}

const empty = (): CheckResult => ({ problems: [], lost: 0, doubled: 0, diverged: 0 });

describe('chaos: 150 edits through faults, offline stretches, a killed tab and expiring tokens', () => {
  it.each(chaosSeeds())(
    'seed %i: nothing lost, nothing doubled, the device equals the server, no sign-out',
    async (seed) => {
      console.log(`chaos seed: ${seed}`);
      const startedAt = Date.now();
      const random = new SeededRandom(seed);
      const scenario = random.fork(1);
      const plan = new FaultPlan(random.fork(2));
      const user = {
        login: `chaos-${seed}-${Date.now()}@example.ru`,
        password: 'пароль-надёжный',
        first_name: 'Хаос',
        last_name: 'Тестов',
      };

      const server = await startChaosServer();
      const proxy = new ChaosProxy(server.url, plan);
      const context = await launchProfile();
      try {
        // The products exist before the device signs in, and reach it with its first pull.
        const tags = Array.from({ length: PRODUCTS }, (_, i) => `Товар ${i + 1}:`);
        const names = tags.map((t) => `${t} исходное название`);
        const ids = await new StockApi(await ServerApi.signUp(server.url, user)).addProducts(names);
        const model = new ChaosModel(ids.map((id, i) => ({ id, tag: tags[i]!, name: names[i]! })));
        const proxyUrl = await proxy.start();
        const device = new ChaosDevice(context, proxyUrl, user);
        const blank = context.pages()[0];
        await device.openTab('/');
        await blank?.close();
        await device.signIn();
        const figuresPage = new ProductsFigures(device.page);
        await figuresPage.open(proxyUrl);
        await figuresPage.waitForRows(PRODUCTS, 'the products on the device before the chaos');

        plan.enabled = !CALM;
        const log = await runScenario(device, model, proxy, scenario, { edits: EDITS, calm: CALM });
        plan.enabled = false;

        const mirror = new ServerMirror(server.url, user);
        const unsettled = await settle(device, () => mirror.latestCursor());
        const serverRows = await mirror.fullPull();
        const figures = await mirror.figures();

        const local = device.local;
        const deviceRows = new Map<string, Array<Record<string, unknown>>>();
        for (const store of await local.storeNames())
          if (!['outbox', 'meta', 'pending_images', 'field_changes'].includes(store))
            deviceRows.set(store, await local.readAll(store));

        const shown = new Map<
          string,
          { name: string; count: number; reserve: number; markdowns: number; totalPrice: number } | null
        >();
        const products = new ProductsFigures(device.page);
        await products.open(proxyUrl);
        await products.waitForRows(PRODUCTS, 'the products on /products after the chaos');
        for (const p of model.products)
          shown.set(p.id, { name: await products.nameIn(p.tag), ...(await products.row(p.tag)) });

        const session = empty();
        if (unsettled) session.problems.push(unsettled);
        for (const s of device.signOuts)
          session.problems.push(
            `signed out (landed on /auth) after ${s.afterEdits} edits at ${s.at}, ${s.unsettled} outbox entries unsettled then`,
          );
        if (device.onAuthScreen) session.problems.push('the app is on /auth at the end');
        const tokens = await device.page.evaluate(() => [
          localStorage.getItem('access_token'),
          localStorage.getItem('refresh_token'),
        ]);
        if (!tokens[0] || !tokens[1])
          session.problems.push(
            `the app holds no session at the end (access ${tokens[0] ? 'set' : 'missing'}, refresh ${tokens[1] ? 'set' : 'missing'})`,
          );
        for (const e of (await local.outbox()).filter((x) => x.status === 'rejected'))
          session.problems.push(
            `outbox entry rejected: ${e.method} ${e.path} (${e.table}/${e.row_id}, attempts ${e.attempts}): ${e.error}`,
          );
        for (const r of log.uiRefusals)
          session.problems.push(`the UI refused an edit the model had free units for: ${r.edit}: «${r.error}»`);
        if (!CALM && plan.injected.dropRefreshAnswer === 0)
          session.problems.push(
            'harness: no refresh answer was dropped (the run never refreshed a token while faults were on)',
          );

        const checks = {
          '(1) server = model': serverMatchesModel(model, serverRows, figures),
          '(2) device = server': deviceMatchesServer(deviceRows, serverRows, model),
          '(3) /products = server': screenMatchesServer(shown, figures, model),
          '(4) session kept, nothing refused': session,
        };
        const summary = summarize(
          seed,
          { model, plan, proxy, device, log, startedAt, tokenTtlSeconds: TOKEN_TTL, calm: CALM },
          checks,
        );
        console.log(summaryLine(summary));
        console.log(`chaos seed ${seed}: details in ${writeSummary(summary)}`);

        expect(model.totalEdits).toBe(EDITS);
        for (const [name, check] of Object.entries(checks))
          expect.soft(check.problems, `seed ${seed} ${name} (replay: CHAOS_SEED=${seed})`).toEqual([]);
      } finally {
        await context.close().catch(() => undefined);
        await proxy.stop();
        await server.stop();
      }
    },
    SEED_TIMEOUT_MS,
  );
});
