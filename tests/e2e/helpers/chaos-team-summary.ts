import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckResult } from './chaos-checks.ts';
import type { TeamModel } from './chaos-team-model.ts';
import type { TeamDevice, TeamRunLog } from './chaos-team-run.ts';
import type { Who } from './chaos-team-setup.ts';
import type { FaultPlan } from './fault-plan.ts';

export interface TeamMemberSummary {
  edits: TeamModel['done'][Who] & { total: number };
  /** Outflows the server turned down (the other member got the units first): refused, not lost. */
  refusedByServer: number;
  staleRefusals: number;
  nothingFree: number;
  faults: FaultPlan['injected'];
  offlineStretches: number;
  tabKills: TeamDevice['device']['kills'];
  signOuts: TeamDevice['device']['signOuts'];
  fieldSavesUnseen: number;
  noticesTapped: string[];
  noticeTapFailures: string[];
  faultLog: Array<{ s: number; method: string; path: string; fault: string }>;
}

export interface TeamSummary {
  seed: number;
  tokenTtlSeconds: string;
  calm: boolean;
  seconds: number;
  /** Product fields both members wrote. */
  contestedFields: number;
  members: Record<Who, TeamMemberSummary>;
  lost: number;
  doubled: number;
  diverged: number;
  checks: Record<string, string[]>;
}

export function summarizeTeam(
  seed: number,
  run: {
    model: TeamModel;
    members: Record<Who, { team: TeamDevice; plan: FaultPlan; log: TeamRunLog; refused: number }>;
    startedAt: number;
    tokenTtlSeconds: string;
    calm: boolean;
    contested: number;
  },
  checks: Record<string, CheckResult>,
): TeamSummary {
  const all = Object.values(checks);
  const member = (who: Who): TeamMemberSummary => {
    const { team, plan, log, refused } = run.members[who];
    return {
      edits: { ...run.model.done[who], total: run.model.editsBy(who) },
      refusedByServer: refused,
      staleRefusals: log.staleRefusals.length,
      nothingFree: log.nothingFree,
      faults: { ...plan.injected },
      offlineStretches: log.offlineStretches,
      tabKills: team.device.kills,
      signOuts: team.device.signOuts,
      fieldSavesUnseen: log.fieldSavesUnseen,
      noticesTapped: log.noticesTapped,
      noticeTapFailures: log.noticeTapFailures,
      faultLog: team.proxy.log.map(({ at, method, path, fault }) => ({
        s: Math.round((at - run.startedAt) / 100) / 10,
        method,
        path,
        fault,
      })),
    };
  };
  return {
    seed,
    tokenTtlSeconds: run.tokenTtlSeconds,
    calm: run.calm,
    seconds: Math.round((Date.now() - run.startedAt) / 1000),
    contestedFields: run.contested,
    members: { owner: member('owner'), warehouse: member('warehouse') },
    lost: all.reduce((s, c) => s + c.lost, 0),
    doubled: all.reduce((s, c) => s + c.doubled, 0),
    diverged: all.reduce((s, c) => s + c.diverged, 0),
    checks: Object.fromEntries(Object.entries(checks).map(([name, c]) => [name, c.problems])),
  };
}

const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

function memberLine(who: Who, m: TeamMemberSummary): string {
  const { total, ...kinds } = m.edits;
  const kills = m.tabKills.map((k) => `${k.how} with ${k.queued} queued/${k.sending} sending`).join(', ') || '0';
  return [
    `${who}: edits ${total} (${counts(kinds)}), refused by the server ${m.refusedByServer} (notices tapped ${m.noticesTapped.length}), form saw fewer free ${m.staleRefusals}, nothing free ${m.nothingFree}`,
    `faults ${counts(m.faults)}`,
    `offline stretches ${m.offlineStretches}, tab kills ${kills}, sign-outs ${m.signOuts.length}`,
  ].join(' · ');
}

/** The lines per seed the run prints: one for the run, one per member. */
export function teamSummaryLines(s: TeamSummary): string {
  const failed = Object.entries(s.checks)
    .filter(([, problems]) => problems.length > 0)
    .map(([name, problems]) => `${name} ×${problems.length}`);
  return [
    [
      `chaos-team seed ${s.seed} (TTL ${s.tokenTtlSeconds} s${s.calm ? ', calm' : ''}, ${s.seconds} s)`,
      `fields written by both ${s.contestedFields}`,
      `lost ${s.lost}, doubled ${s.doubled}, diverged ${s.diverged}`,
      failed.length ? `FAILED: ${failed.join(', ')}` : 'all checks passed',
    ].join(' · '),
    `  ${memberLine('owner', s.members.owner)}`,
    `  ${memberLine('warehouse', s.members.warehouse)}`,
  ].join('\n');
}

/** A file in tests/e2e/results/ (gitignored), the folder made if need be. */
export function resultFile(name: string): string {
  const dir = path.resolve(import.meta.dirname, '../results');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** tests/e2e/results/chaos-team-<seed>.json: the summary with every problem found. */
export function writeTeamSummary(s: TeamSummary): string {
  const file = resultFile(`chaos-team-${s.seed}.json`);
  writeFileSync(file, JSON.stringify(s, null, 2) + '\n');
  return file;
}
