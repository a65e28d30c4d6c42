import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChaosDevice } from './chaos-device.ts';
import type { CheckResult } from './chaos-checks.ts';
import type { ChaosModel } from './chaos-model.ts';
import type { ChaosProxy } from './chaos-proxy.ts';
import type { FaultPlan } from './fault-plan.ts';
import type { RunLog } from './chaos-run.ts';

export interface ChaosSummary {
  seed: number;
  tokenTtlSeconds: string;
  calm: boolean;
  seconds: number;
  edits: ChaosModel['done'] & { total: number };
  faults: FaultPlan['injected'];
  offlineStretches: number;
  tabKills: ChaosDevice['kills'];
  signOuts: ChaosDevice['signOuts'];
  uiRefusals: RunLog['uiRefusals'];
  lost: number;
  doubled: number;
  diverged: number;
  checks: Record<string, string[]>;
  /** Every faulted call in order, seconds from the start of the run. */
  faultLog: Array<{ s: number; method: string; path: string; fault: string }>;
}

export function summarize(
  seed: number,
  run: {
    model: ChaosModel;
    plan: FaultPlan;
    proxy: ChaosProxy;
    device: ChaosDevice;
    log: RunLog;
    startedAt: number;
    tokenTtlSeconds: string;
    calm: boolean;
  },
  checks: Record<string, CheckResult>,
): ChaosSummary {
  const all = Object.values(checks);
  return {
    seed,
    tokenTtlSeconds: run.tokenTtlSeconds,
    calm: run.calm,
    seconds: Math.round((Date.now() - run.startedAt) / 1000),
    edits: { ...run.model.done, total: run.model.totalEdits },
    faults: { ...run.plan.injected },
    offlineStretches: run.log.offlineStretches,
    tabKills: run.device.kills,
    signOuts: run.device.signOuts,
    uiRefusals: run.log.uiRefusals,
    lost: all.reduce((s, c) => s + c.lost, 0),
    doubled: all.reduce((s, c) => s + c.doubled, 0),
    diverged: all.reduce((s, c) => s + c.diverged, 0),
    checks: Object.fromEntries(Object.entries(checks).map(([name, c]) => [name, c.problems])),
    faultLog: run.proxy.log.map(({ at, method, path, fault }) => ({
      s: Math.round((at - run.startedAt) / 100) / 10,
      method,
      path,
      fault,
    })),
  };
}

const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

/** The one line per seed the run prints. */
export function summaryLine(s: ChaosSummary): string {
  const failed = Object.entries(s.checks)
    .filter(([, problems]) => problems.length > 0)
    .map(([name, problems]) => `${name} ×${problems.length}`);
  return [
    `chaos seed ${s.seed} (TTL ${s.tokenTtlSeconds} s${s.calm ? ', calm' : ''}, ${s.seconds} s)`,
    `edits ${s.edits.total} (${counts({ rename: s.edits.rename, receive: s.edits.receive, purchase: s.edits.purchase, writeOff: s.edits.writeOff, markdown: s.edits.markdown })})`,
    `faults ${counts(s.faults)}`,
    `offline stretches ${s.offlineStretches}, tab kills ${s.tabKills.map((k) => `${k.how} with ${k.queued} queued/${k.sending} sending`).join(', ') || 0}, sign-outs ${s.signOuts.length}, UI refusals ${s.uiRefusals.length}`,
    `lost ${s.lost}, doubled ${s.doubled}, diverged ${s.diverged}`,
    failed.length ? `FAILED: ${failed.join(', ')}` : 'all checks passed',
  ].join(' · ');
}

/** tests/e2e/results/chaos-<seed>.json (gitignored): the summary with every problem found. */
export function writeSummary(s: ChaosSummary): string {
  const dir = path.resolve(import.meta.dirname, '../results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `chaos-${s.seed}.json`);
  writeFileSync(file, JSON.stringify(s, null, 2) + '\n');
  return file;
}
