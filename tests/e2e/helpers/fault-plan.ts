import type { SeededRandom } from './seeded-random.ts';

/** What the proxy does to one API call. */
export type FaultDecision =
  | { kind: 'pass' }
  /** The request never reaches the server: the client socket is destroyed at once. */
  | { kind: 'dropRequest' }
  /** Forwarded, the server commits and answers, then the client socket is destroyed. */
  | { kind: 'dropAnswer' }
  /** Forwarded, the answer is held this long while other calls (the pull) go through. */
  | { kind: 'delayAnswer'; ms: number }
  /** A 503 problem+json from the proxy; the server never sees the call. */
  | { kind: 'unavailable' }
  /** The push is held until its bearer has `leadMs` to live, so it expires while the server works on it. */
  | { kind: 'expireMidPush'; leadMs: number }
  /** A refresh forwarded, committed (the old refresh token is spent), its answer destroyed. */
  | { kind: 'dropRefreshAnswer' };

export type FaultKind = Exclude<FaultDecision['kind'], 'pass'> | 'dropLiveChannel';
export const faultKinds: readonly FaultKind[] = [
  'dropRequest',
  'dropAnswer',
  'delayAnswer',
  'unavailable',
  'expireMidPush',
  'dropRefreshAnswer',
  'dropLiveChannel',
];

export interface ApiCall {
  method: string;
  path: string;
  /** Milliseconds the call's bearer token has left (null without a readable JWT). */
  tokenMsLeft: number | null;
}

/** Per-call probabilities; chosen so that most calls still pass and the run makes progress. */
const PUSH = { dropRequest: 0.07, dropAnswer: 0.08, unavailable: 0.05, delayAnswer: 0.15, expireMidPush: 0.12 };
const OTHER = { dropRequest: 0.05, dropAnswer: 0.05, unavailable: 0.05 };
const REFRESH_DROP = 0.15;
/**
 * A push is held for mid-push expiry only when its token dies within this window (TTL 5 s: mostly; 30 s: sometimes).
 */
const EXPIRY_HOLD_MAX_MS = 6_000;

// Session calls the harness itself needs (signing back in after a sign-out); never faulted.
const unfaulted = /^\/api\/(health|v1\/users\/(login|signup)\/?)$/;
const isRefresh = (call: ApiCall) => call.method === 'POST' && /^\/api\/v1\/users\/refresh\/?$/.test(call.path);
const isPush = (call: ApiCall) => call.method === 'POST' && call.path === '/api/v1/sync/push';

/**
 * Decides, from a seeded stream, which fault each API call meets, and counts what it injected.
 * Off until enabled, so signing in and the first load are never disturbed. The first refresh
 * after enabling always loses its answer: the run must show that case at least once.
 */
export class FaultPlan {
  enabled = false;
  readonly injected: Record<FaultKind, number> = Object.fromEntries(faultKinds.map((k) => [k, 0])) as Record<
    FaultKind,
    number
  >;
  private refreshDropForced = false;

  constructor(private readonly random: SeededRandom) {}

  decide(call: ApiCall): FaultDecision {
    if (!this.enabled || !call.path.startsWith('/api/v1/') || unfaulted.test(call.path)) return { kind: 'pass' };
    if (isRefresh(call)) {
      const forced = !this.refreshDropForced;
      this.refreshDropForced = true;
      return forced || this.random.chance(REFRESH_DROP) ? { kind: 'dropRefreshAnswer' } : { kind: 'pass' };
    }
    const r = this.random.next();
    const odds = isPush(call) ? PUSH : OTHER;
    let edge = 0;
    for (const [kind, p] of Object.entries(odds) as Array<[keyof typeof PUSH, number]>) {
      if (r >= (edge += p)) continue;
      if (kind === 'delayAnswer') return { kind, ms: this.random.int(1_000, 4_000) };
      if (kind !== 'expireMidPush') return { kind };
      // A push of a few entries takes tens of milliseconds on the server: the token must die inside that.
      const leadMs = this.random.int(10, 80);
      const left = call.tokenMsLeft;
      // Too far from expiry to wait for, or already expired (the server answers 401 anyway).
      return left !== null && left > leadMs && left - leadMs <= EXPIRY_HOLD_MAX_MS
        ? { kind, leadMs }
        : { kind: 'pass' };
    }
    return { kind: 'pass' };
  }

  count(kind: FaultKind): void {
    this.injected[kind]++;
  }

  /** Whether the run forced the lost refresh answer yet (false at the end: the run never refreshed). */
  get refreshDropWasForced(): boolean {
    return this.refreshDropForced;
  }
}
