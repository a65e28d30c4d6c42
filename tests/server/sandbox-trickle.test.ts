// no database: the sandbox's trickle of random orders (server/sandbox/trickle.ts).
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startSandbox,
  type Sandbox,
  type SandboxMarketplace,
  type SandboxPostingView,
  type SandboxTrickleView,
} from '../../server/sandbox/server.ts';

const stores = [
  { marketplace: 'OZON' as const, marketId: '777801', apiKey: 'ozon-trickle', name: 'Озон' },
  { marketplace: 'WILDBERRIES' as const, marketId: 'wb-trickle', apiKey: 'wb-trickle-token', name: 'ВБ' },
  { marketplace: 'YM' as const, marketId: '31000801', apiKey: 'ym-trickle', name: 'Маркет' },
];
const GENERATED = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const open: Sandbox[] = [];
async function sandboxOf(): Promise<Sandbox> {
  const sandbox = await startSandbox({ offersPerStore: 30, postingsPerStore: GENERATED, stores });
  open.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function trickle(sandbox: Sandbox, body?: unknown) {
  const res = await fetch(`${sandbox.url}/__sandbox/trickle`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as SandboxTrickleView & { message?: string } };
}

/** The orders the trickle made in a store: those past the generated ones. */
const madeIn = (sandbox: Sandbox, mp: SandboxMarketplace): SandboxPostingView[] =>
  sandbox.postings(mp).slice(GENERATED);

/** What the trickle made in a store, in order: offer × units (WB: one task, one unit, each). */
const sequence = (postings: SandboxPostingView[]) =>
  postings.map((p) => `${p.items[0]!.offerId}×${p.items[0]!.quantity}`);

describe('the trickle of random orders', () => {
  it('makes about the set rate per store, awaiting packaging, 1–3 units at the offer’s price; 0 stops it', async () => {
    const sandbox = await sandboxOf();
    const started = await trickle(sandbox, { per_minute: 1200, seed: 7 });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ per_minute: 1200, seed: 7, running: true, created: 0 });
    expect(started.json.marketplaces).toEqual(['OZON', 'WILDBERRIES', 'YM']);
    await sleep(1500);
    const stopped = await trickle(sandbox, { per_minute: 0 });
    const elapsed = Date.now() - Date.parse(started.json.started_at!);
    expect(stopped.json).toMatchObject({ per_minute: 0, running: false });
    expect((await trickle(sandbox)).json.running).toBe(false);

    // 20 a second per store, give or take the timer's last tick (and a slow machine's late ones).
    const expected = (elapsed * 1200) / 60_000;
    const ozon = madeIn(sandbox, 'OZON').length;
    const ym = madeIn(sandbox, 'YM').length;
    // A WB order of N units is N tasks: its orders are what the trickle counted beyond the other two.
    const wb = stopped.json.created - ozon - ym;
    for (const [mp, orders] of [
      ['OZON', ozon],
      ['WILDBERRIES', wb],
      ['YM', ym],
    ] as const) {
      expect(orders, mp).toBeLessThanOrEqual(expected + 1);
      expect(orders, mp).toBeGreaterThanOrEqual(Math.floor(expected * 0.6));
    }
    const tasks = madeIn(sandbox, 'WILDBERRIES').length;
    expect(tasks).toBeGreaterThan(wb);
    expect(tasks).toBeLessThanOrEqual(3 * wb);
    for (const s of stores) {
      for (const p of madeIn(sandbox, s.marketplace)) {
        expect(p.status).toBe(
          { OZON: 'awaiting_packaging', WILDBERRIES: 'new/waiting', YM: 'PROCESSING/STARTED' }[s.marketplace],
        );
        const [item] = p.items;
        expect(item!.quantity).toBeGreaterThanOrEqual(1);
        expect(item!.quantity).toBeLessThanOrEqual(s.marketplace === 'WILDBERRIES' ? 1 : 3);
        // The sandbox's price list: 100 + (n mod 50) × 10 roubles for the catalog's nth offer.
        expect(item!.price).toBe(100 + (Number(item!.offerId.slice(-5)) % 50) * 10);
      }
    }
    const after = stores.map((s) => sandbox.postings(s.marketplace).length);
    await sleep(200);
    expect(stores.map((s) => sandbox.postings(s.marketplace).length)).toEqual(after);
  });

  it('the same seed makes the same orders in each store, another seed others', async () => {
    const [a, b, c] = [await sandboxOf(), await sandboxOf(), await sandboxOf()];
    a.setTrickle({ per_minute: 3000, seed: 42 });
    b.setTrickle({ per_minute: 3000, seed: 42 });
    c.setTrickle({ per_minute: 3000, seed: 43 });
    await sleep(600);
    for (const s of [a, b, c]) s.setTrickle({ per_minute: 0 });
    for (const { marketplace } of stores) {
      const [x, y, z] = [a, b, c].map((s) => sequence(madeIn(s, marketplace)));
      const n = Math.min(x!.length, y!.length, z!.length);
      expect(n, marketplace).toBeGreaterThan(5);
      expect(x!.slice(0, n)).toEqual(y!.slice(0, n));
      expect(x!.slice(0, n)).not.toEqual(z!.slice(0, n));
    }
  });

  it('is bounded: it stops by itself after max_orders, only in the marketplaces asked, and close() stops it', async () => {
    const sandbox = await sandboxOf();
    const view = sandbox.setTrickle({ per_minute: 6000, marketplaces: ['OZON', 'YM'], max_orders: 7 });
    expect(view.stops_at).toBe(new Date(Date.parse(view.started_at!) + 24 * 3_600_000).toISOString());
    await sleep(500);
    expect(sandbox.trickle()).toMatchObject({ running: false, created: 7, max_orders: 7 });
    expect(madeIn(sandbox, 'OZON').length + madeIn(sandbox, 'YM').length).toBe(7);
    expect(madeIn(sandbox, 'WILDBERRIES')).toEqual([]);

    const closing = await sandboxOf();
    closing.setTrickle({ per_minute: 6000 });
    await sleep(100);
    open.splice(open.indexOf(closing), 1);
    await closing.close();
    const count = madeIn(closing, 'OZON').length;
    expect(count).toBeGreaterThan(0);
    await sleep(200);
    expect(madeIn(closing, 'OZON').length).toBe(count);
  });

  it('refuses bad settings with 400 and a message, leaving the trickle as it was', async () => {
    const sandbox = await sandboxOf();
    const refusals: [unknown, RegExp][] = [
      [{}, /expected \{"per_minute": number\}/],
      [{ per_minute: -1 }, /per_minute must be a number from 0 to 6000/],
      [{ per_minute: 100_000 }, /per_minute must be a number from 0 to 6000/],
      [{ per_minute: 'fast' }, /per_minute must be a number/],
      [{ per_minute: 10, marketplaces: ['AMAZON'] }, /marketplaces must be a list of OZON, WILDBERRIES, YM/],
      [{ per_minute: 10, seed: 1.5 }, /seed must be a whole number/],
      [{ per_minute: 10, max_orders: 0 }, /max_orders must be a whole number from 1 to 100000/],
    ];
    for (const [body, message] of refusals) {
      const res = await trickle(sandbox, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await trickle(sandbox)).json).toMatchObject({ per_minute: 0, running: false, created: 0 });
  });

  it('npm run sandbox starts it from SANDBOX_TRICKLE_PER_MINUTE', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/sandbox/main.ts'], {
      env: {
        ...process.env,
        SANDBOX_PORT: '0',
        SANDBOX_OFFERS: '20',
        SANDBOX_TRICKLE_PER_MINUTE: '600',
        SANDBOX_TRICKLE_MARKETPLACES: 'ozon,YM',
        SANDBOX_TRICKLE_SEED: '5',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /Песочница маркетплейсов: (http:\/\/\S+)/.exec(output);
          if (found && output.includes('Поток заказов')) resolve(found[1]!);
        });
        child.once('exit', (code) => reject(new Error(`sandbox exited (${code}): ${output}`)));
      });
      const res = await fetch(`${url}/__sandbox/trickle`);
      expect(await res.json()).toMatchObject({ per_minute: 600, marketplaces: ['OZON', 'YM'], seed: 5, running: true });
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});
