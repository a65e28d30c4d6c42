import type { Sandbox } from '../sandbox/server.ts';

/**
 * The demo business is alive: the sandbox trickles random orders into the demo stores (server/sandbox/trickle.ts),
 * which the order intake takes in like any marketplace order — reserves, then sales, and with the automatic push on,
 * new stock on the other marketplaces. SANDBOX_TRICKLE_PER_MINUTE orders a minute per store, 2 by default; 0 turns
 * it off.
 */

export const DEFAULT_DEMO_TRICKLE_PER_MINUTE = 2;
const MAX_PER_MINUTE = 6000;

/** The rate from the environment, or a Russian message naming the variable when it is not a rate. */
export function demoTricklePerMinute(env: NodeJS.ProcessEnv): number | { error: string } {
  const raw = env.SANDBOX_TRICKLE_PER_MINUTE?.trim();
  if (raw === undefined || raw === '') return DEFAULT_DEMO_TRICKLE_PER_MINUTE;
  const n = Number(raw.replace(',', '.'));
  if (!Number.isFinite(n) || n < 0 || n > MAX_PER_MINUTE)
    return {
      error: `SANDBOX_TRICKLE_PER_MINUTE: ожидалось число заказов в минуту от 0 до ${MAX_PER_MINUTE}, а не «${raw}»`,
    };
  return n;
}

/** Starts the trickle (nothing for 0) and answers the line the demo prints about it. */
export function startDemoTrickle(sandbox: Pick<Sandbox, 'setTrickle'>, perMinute: number): string {
  if (perMinute === 0) return 'Поток заказов выключен (SANDBOX_TRICKLE_PER_MINUTE=0).';
  // The sandbox's defaults bound it: 10,000 orders or 24 hours, whichever comes first.
  const trickle = sandbox.setTrickle({ per_minute: perMinute });
  const stops = new Date(trickle.stops_at!).toLocaleString('ru-RU');
  return (
    `Поток заказов: ${String(perMinute).replace('.', ',')} в минуту на каждый магазин ` +
    `(SANDBOX_TRICKLE_PER_MINUTE; 0 — выключить), не больше ${trickle.max_orders} заказов, до ${stops}.`
  );
}
