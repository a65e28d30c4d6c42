import { random, seedOf, type SandboxOffer } from './data.ts';
import { offerPrice } from './postings.ts';
import type { SandboxMarketplace } from './types.ts';

/**
 * A trickle of random orders, so a demo business is alive and a benchmark has orders arriving: every
 * store of the chosen marketplaces gets `per_minute` new orders a minute, each of a random offer of its
 * catalog (linked in Ostatok or not; archived ones are never ordered), 1–3 units at the offer's price
 * (offerPrice), created as POST /__sandbox/postings/{marketplace} creates them (on Wildberries, a task per
 * unit). The orders of a store follow from the seed, in the same sequence every run; only their moments
 * follow the clock. Bounded so it cannot run away: it stops by itself after `max_orders` orders over all
 * its stores or `max_minutes`, and the sandbox's close() stops it.
 *
 * POST /__sandbox/trickle {"per_minute": 10[, "marketplaces": ["OZON", "YM"]][, "seed": 7][, "max_orders": 500][,
 * "max_minutes": 60]}
 *        → 200 SandboxTrickleView; {"per_minute": 0} stops it; 400 {message} for bad settings
 *   GET  /__sandbox/trickle → 200 SandboxTrickleView
 *   in process: sandbox.setTrickle({per_minute: 600, seed: 1}), sandbox.trickle()
 */

export interface SandboxTrickleSettings {
  /** Orders a minute per store, up to 6000; 0 stops the trickle. */
  per_minute: number;
  /** All three by default. */
  marketplaces?: SandboxMarketplace[];
  /** 1 by default. */
  seed?: number;
  /** Orders over all its stores before it stops: 10,000 by default, 100,000 at most. */
  max_orders?: number;
  /** Minutes before it stops: 24 hours by default and at most. */
  max_minutes?: number;
}

/** The trickle's settings and where it stands; what GET /__sandbox/trickle answers. */
export interface SandboxTrickleView extends Required<SandboxTrickleSettings> {
  running: boolean;
  /** Orders created since it last started (a WB order of 3 units counts once). */
  created: number;
  started_at: string | null;
  stops_at: string | null;
}

/** A store the trickle feeds: its catalog, and how an order of it is created. */
export interface TrickleTarget {
  marketplace: SandboxMarketplace;
  storeId: string;
  offers: SandboxOffer[];
  create(offer: SandboxOffer, quantity: number, price: number): void;
}

const MAX_PER_MINUTE = 6000;
const MAX_ORDERS = 100_000;
const MAX_MINUTES = 24 * 60;
const allMarketplaces: SandboxMarketplace[] = ['OZON', 'WILDBERRIES', 'YM'];

/** Settings as given (HTTP body or in process), checked; a RangeError names what is wrong. */
export function trickleSettings(raw: unknown): Required<SandboxTrickleSettings> {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const number = (name: string, fallback: number, min: number, max: number, whole: boolean) => {
    const v = body[name] ?? fallback;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (whole && !Number.isInteger(v)))
      throw new RangeError(`sandbox: ${name} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}`);
    return v;
  };
  if (body.per_minute === undefined) throw new RangeError('sandbox: expected {"per_minute": number}');
  const marketplaces = body.marketplaces ?? allMarketplaces;
  if (
    !Array.isArray(marketplaces) ||
    !marketplaces.every((m) => typeof m === 'string' && allMarketplaces.includes(m.toUpperCase() as SandboxMarketplace))
  )
    throw new RangeError(`sandbox: marketplaces must be a list of ${allMarketplaces.join(', ')}`);
  return {
    per_minute: number('per_minute', 0, 0, MAX_PER_MINUTE, false),
    marketplaces: [...new Set((marketplaces as string[]).map((m) => m.toUpperCase() as SandboxMarketplace))],
    seed: number('seed', 1, 0, 2 ** 32 - 1, true),
    max_orders: number('max_orders', 10_000, 1, MAX_ORDERS, true),
    max_minutes: number('max_minutes', MAX_MINUTES, 0, MAX_MINUTES, false),
  };
}

interface Feed {
  target: TrickleTarget;
  next: () => number;
  offers: SandboxOffer[];
  made: number;
}

export class SandboxTrickle {
  private settings: Required<SandboxTrickleSettings> = trickleSettings({ per_minute: 0 });
  private timer: ReturnType<typeof setInterval> | undefined;
  private feeds: Feed[] = [];
  private startedAt = 0;
  private created = 0;

  /** `targets` answers the stores of the chosen marketplaces, their catalogs generated. */
  constructor(private readonly targets: (marketplaces: SandboxMarketplace[]) => TrickleTarget[]) {}

  /** Starts (or restarts, counting afresh) with these settings; per_minute 0 stops. */
  set(raw: unknown): SandboxTrickleView {
    const settings = trickleSettings(raw);
    this.stop();
    this.settings = settings;
    if (settings.per_minute === 0) return this.view();
    this.startedAt = Date.now();
    this.created = 0;
    this.feeds = this.targets(settings.marketplaces).map((target) => ({
      target,
      next: random(seedOf(`trickle:${settings.seed}:${target.marketplace}:${target.storeId}`)),
      offers: target.offers.filter((o) => !o.archived),
      made: 0,
    }));
    // Often enough that the orders come one by one, seldom enough to cost nothing at a slow rate.
    const tickMs = Math.min(1000, Math.max(20, Math.floor(60_000 / settings.per_minute / 2)));
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
    return this.view();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  view(): SandboxTrickleView {
    const running = this.timer !== undefined;
    const started = this.startedAt > 0 && this.settings.per_minute > 0;
    return {
      ...this.settings,
      running,
      created: this.created,
      started_at: started ? new Date(this.startedAt).toISOString() : null,
      stops_at: started ? new Date(this.startedAt + this.settings.max_minutes * 60_000).toISOString() : null,
    };
  }

  /** Creates every order due by now: per store, the rate times the time since the start. */
  private tick(): void {
    const now = Date.now();
    const { per_minute, max_orders, max_minutes } = this.settings;
    const elapsed = Math.min(now, this.startedAt + max_minutes * 60_000) - this.startedAt;
    const due = Math.floor((elapsed * per_minute) / 60_000);
    for (const feed of this.feeds) {
      while (feed.made < due && this.created < max_orders && feed.offers.length > 0) {
        const offer = feed.offers[Math.floor(feed.next() * feed.offers.length)] as SandboxOffer;
        const quantity = 1 + Math.floor(feed.next() * 3);
        feed.target.create(offer, quantity, offerPrice(offer));
        feed.made += 1;
        this.created += 1;
      }
    }
    if (this.created >= max_orders || now >= this.startedAt + max_minutes * 60_000) this.stop();
  }
}
