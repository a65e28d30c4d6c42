import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ServerApi } from '../../e2e/helpers/api.ts';
import { AppPage } from '../../e2e/pages/app-page.ts';
import { AuthPage } from '../../e2e/pages/auth-page.ts';
import { checkQueueCopy, drainRound, naiveRound, seedStores, type BenchStore, type DrainSample } from './drain.ts';
import { startSlowLink } from './latency-proxy.ts';
import { median, openProfile, round1 } from './profile.ts';
import { positiveInt } from '../helpers/env.ts';

/**
 * Issue 14, target 4: a backlog of offline edits drains through the outbox at least 10× faster
 * than the same edits sent one by one over a link with 100 ms round trips, and no slower than
 * one by one on loopback.
 */
export interface DrainBenchOptions {
  /** Queued renames per drain, one per store (BENCH_EDITS, 1000). */
  edits: number;
  /** Rounds on loopback (BENCH_DRAIN_ROUNDS, 5). */
  loopbackRounds: number;
  /** Rounds over the slow link (BENCH_DRAIN_RTT_ROUNDS, 5). */
  slowLinkRounds: number;
  /** The slow link's round trip (BENCH_DRAIN_RTT_MS, 100). */
  roundTripMs: number;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** One link's rounds; every round is one outbox drain and one one-by-one run, alternating which goes first. */
export interface LinkDrainSummary {
  /** The round trip the proxy added: 0 on loopback. */
  roundTripMs: number;
  rounds: number;
  /** In the page: `online` event → no pending or sending entry left. */
  outboxMs: Spread;
  /** In node: setOffline(false) → the page reports the outbox empty. */
  outboxWallMs: Spread;
  /** In node: the first PATCH sent → the last answered. */
  oneByOneMs: Spread;
  /** Median one by one / median outbox: above 1 the outbox is faster. */
  ratio: number;
  pushCallsPerDrain: number[];
  entriesPerPush: number[][];
  /** Per drain, push calls sent → answered, summed. */
  pushWireMs: Spread;
  pullsDuringDrain: number[];
  liveHintsDuringDrain: number[];
  samples: DrainSample[];
  oneByOneSamplesMs: number[];
}

export interface DrainBenchSummary {
  edits: number;
  loopback: LinkDrainSummary;
  slowLink: LinkDrainSummary;
  targets: { slowLinkRatioAtLeast: number; loopbackRatioAtLeast: number; slowLinkMet: boolean; loopbackMet: boolean };
}

export function drainBenchOptions(): DrainBenchOptions {
  return {
    edits: positiveInt('BENCH_EDITS', 1000),
    loopbackRounds: positiveInt('BENCH_DRAIN_ROUNDS', 5),
    slowLinkRounds: positiveInt('BENCH_DRAIN_RTT_ROUNDS', 5),
    roundTripMs: positiveInt('BENCH_DRAIN_RTT_MS', 100),
  };
}

const spread = (xs: number[]): Spread => ({
  median: round1(median(xs)),
  min: round1(Math.min(...xs)),
  max: round1(Math.max(...xs)),
});

/**
 * A fresh browser profile signed in at `baseUrl` through the login form, the app installed: an origin's own IndexedDB,
 * tokens and service worker.
 */
async function signedInProfile(baseUrl: string, user: { login: string; password: string }): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ostatok-bench-drain-'));
  const { context, page } = await openProfile(dir, { offline: false });
  try {
    // Generous: over the slow link the first visit fetches every chunk at 100 ms a round trip.
    await page.goto(baseUrl, { timeout: 120_000 });
    await page.waitForURL(/\/auth$/, { timeout: 120_000 });
    await new AuthPage(page).login(user);
    const app = new AppPage(page);
    await app.expectTitle('Главная');
    // Offline, the store form's code comes from the service worker's precache.
    await app.waitForServiceWorker();
  } finally {
    await context.close();
  }
  return dir;
}

interface LinkRun {
  label: string;
  /** Where the browser and the one-by-one client connect: the server itself or the slow link. */
  url: string;
  roundTripMs: number;
  rounds: number;
  /** Numbers the rounds' new names, so that no round renames a store to the name it has. */
  firstRound: number;
}

async function runLink(
  run: LinkRun,
  serverUrl: string,
  user: { login: string; password: string },
  stores: BenchStore[],
  expected: Map<string, string>,
): Promise<LinkDrainSummary> {
  const profileDir = await signedInProfile(run.url, user);
  const drains: DrainSample[] = [];
  const oneByOne: number[] = [];
  try {
    for (let i = 0; i < run.rounds; i++) {
      const round = run.firstRound + i;
      // Fresh sessions each round: a long run outlives an access token, and nothing here refreshes one.
      const checker = await ServerApi.logIn(serverUrl, user.login, user.password);
      const client = await ServerApi.logIn(run.url, user.login, user.password);
      // Alternate which goes first, so neither always meets a warmer server.
      const steps = [
        async () => drains.push(await drainRound(profileDir, run.url, checker, stores, expected, round)),
        async () => oneByOne.push(await naiveRound(client, stores, expected, round)),
      ];
      for (const step of i % 2 ? steps.reverse() : steps) await step();
      const d = drains.at(-1)!;
      console.error(
        `${run.label} round ${i + 1}/${run.rounds}: outbox ${d.drainMs.toFixed(0)} ms (${d.entriesPerPush.join('+')} entries in ${d.pushCalls} push calls, ${d.pushWireMs.toFixed(0)} ms on the wire, ${d.pullsDuringDrain} pulls, ${d.liveHintsDuringDrain} live hints), one by one ${oneByOne.at(-1)!.toFixed(0)} ms`,
      );
    }
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
  const outboxMs = spread(drains.map((d) => d.drainMs));
  const oneByOneMs = spread(oneByOne);
  return {
    roundTripMs: run.roundTripMs,
    rounds: run.rounds,
    outboxMs,
    outboxWallMs: spread(drains.map((d) => d.wallMs)),
    oneByOneMs,
    ratio: Math.round((oneByOneMs.median / outboxMs.median) * 100) / 100,
    pushCallsPerDrain: drains.map((d) => d.pushCalls),
    entriesPerPush: drains.map((d) => d.entriesPerPush),
    pushWireMs: spread(drains.map((d) => d.pushWireMs)),
    pullsDuringDrain: drains.map((d) => d.pullsDuringDrain),
    liveHintsDuringDrain: drains.map((d) => d.liveHintsDuringDrain),
    samples: drains,
    oneByOneSamplesMs: oneByOne.map(round1),
  };
}

/**
 * The whole target-4 measurement against a running server: checks that the benchmark queues
 * edits as the app does, seeds `edits` stores for the user (market_ids drain-0001…, check-1/2),
 * then runs the loopback rounds and the slow-link rounds, each in a browser profile of its own
 * signed in with `user`. The slow link is a proxy started and stopped here.
 */
export async function measureDrain(
  serverUrl: string,
  user: { login: string; password: string },
  options: DrainBenchOptions = drainBenchOptions(),
): Promise<DrainBenchSummary> {
  const api = await ServerApi.logIn(serverUrl, user.login, user.password);
  const [viaUi, viaCopy] = await seedStores(api, 2, 'check', (i) => `Проверка ${i}`);
  const stores = await seedStores(api, options.edits, 'drain', (i) => `Магазин ${i}`);
  const expected = new Map(stores.map((s, i) => [s.market_id, `Магазин ${i + 1}`]));

  const checkDir = await signedInProfile(serverUrl, user);
  try {
    const differences = await checkQueueCopy(checkDir, serverUrl, { ...viaUi!, name: 'Проверка 1' }, viaCopy!);
    if (differences.length > 0) throw new Error(`the queue copy differs from the app: ${differences.join('; ')}`);
  } finally {
    rmSync(checkDir, { recursive: true, force: true });
  }

  const loopback = await runLink(
    { label: 'loopback', url: serverUrl, roundTripMs: 0, rounds: options.loopbackRounds, firstRound: 1 },
    serverUrl,
    user,
    stores,
    expected,
  );
  const link = await startSlowLink(serverUrl, options.roundTripMs);
  let slowLink: LinkDrainSummary;
  try {
    const run = {
      label: `${options.roundTripMs} ms RTT`,
      url: link.url,
      roundTripMs: options.roundTripMs,
      rounds: options.slowLinkRounds,
      firstRound: options.loopbackRounds + 1,
    };
    slowLink = await runLink(run, serverUrl, user, stores, expected);
  } finally {
    await link.stop();
  }
  const targets = { slowLinkRatioAtLeast: 10, loopbackRatioAtLeast: 1 };
  return {
    edits: options.edits,
    loopback,
    slowLink,
    targets: {
      ...targets,
      slowLinkMet: slowLink.ratio >= targets.slowLinkRatioAtLeast,
      loopbackMet: loopback.ratio >= targets.loopbackRatioAtLeast,
    },
  };
}

/** The summary as the client benchmark prints it: one table for both links, then the ratios. */
export function printDrain(summary: DrainBenchSummary): void {
  const { edits, loopback, slowLink } = summary;
  const span = (s: Spread) => `${s.min.toFixed(0)}–${s.max.toFixed(0)}`;
  const rows = (name: string, l: LinkDrainSummary) => [
    {
      link: name,
      client: `app outbox: 'online' event → outbox empty (${l.pushCallsPerDrain.join('/')} push calls)`,
      'median ms': l.outboxMs.median,
      'min–max ms': span(l.outboxMs),
    },
    {
      link: name,
      client: 'app outbox: setOffline(false) → node sees it empty',
      'median ms': l.outboxWallMs.median,
      'min–max ms': span(l.outboxWallMs),
    },
    {
      link: name,
      client: '  of which push calls sent → answered',
      'median ms': l.pushWireMs.median,
      'min–max ms': span(l.pushWireMs),
    },
    {
      link: name,
      client: `one by one: ${edits} sequential PATCH /api/v1/markets/{market_id}/ from node fetch`,
      'median ms': l.oneByOneMs.median,
      'min–max ms': span(l.oneByOneMs),
    },
  ];
  console.log(
    `(b) ${edits} queued renames of ${edits} different stores (no coalescing), app open at /markets; median of ${loopback.rounds} rounds on loopback, ${slowLink.rounds} over a ${slowLink.roundTripMs} ms RTT proxy`,
  );
  console.table([...rows('loopback', loopback), ...rows(`${slowLink.roundTripMs} ms RTT`, slowLink)]);
  console.log(
    `ratio one-by-one / outbox drain: loopback ${loopback.ratio.toFixed(2)} (target ≥ ${summary.targets.loopbackRatioAtLeast}), ${slowLink.roundTripMs} ms RTT ${slowLink.ratio.toFixed(2)} (target ≥ ${summary.targets.slowLinkRatioAtLeast})`,
  );
  console.log(
    `pulls during each drain: loopback ${loopback.pullsDuringDrain.join('/')}, ${slowLink.roundTripMs} ms RTT ${slowLink.pullsDuringDrain.join('/')}`,
  );
}
