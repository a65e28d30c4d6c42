import { describe, expect, it } from 'vitest';
import { WindowPacer } from './pacing.ts';
import type { Refusal } from './refusals/index.ts';
import { settleBatch, type BatchOutcome } from './stock-batches.ts';

const refusal = (error: string): Refusal => ({ error, marketplaceError: `CODE: ${error}` });

/** A marketplace that refuses a whole batch when it holds a bad item, naming them only if `names`. */
function marketplace(bad: Set<number>, names: boolean) {
  const sent: number[][] = [];
  const send = async (batch: readonly number[]): Promise<BatchOutcome<number>> => {
    sent.push([...batch]);
    const wrong = batch.filter((i) => bad.has(i));
    if (wrong.length === 0) return { kind: 'ok' };
    return {
      kind: 'refused',
      named: new Map(names ? wrong.map((i) => [i, refusal(`bad ${i}`)] as const) : []),
      refusal: refusal('refused'),
    };
  };
  return { sent, send };
}

async function settleAll(items: number[], send: (b: readonly number[]) => Promise<BatchOutcome<number>>) {
  const results = new Map<number, string | undefined>();
  await settleBatch(items, send, (item, r) => results.set(item, r?.error));
  return results;
}

describe('settleBatch: one refused item never takes its batch down', () => {
  it('fails the items a refusal names and sends the rest again without them', async () => {
    const m = marketplace(new Set([3]), true);
    const results = await settleAll([1, 2, 3, 4], m.send);
    expect([...results]).toEqual([
      [3, 'bad 3'],
      [1, undefined],
      [2, undefined],
      [4, undefined],
    ]);
    expect(m.sent).toEqual([
      [1, 2, 3, 4],
      [1, 2, 4],
    ]);
  });

  it('halves a refusal that names nothing until each refused item stands alone', async () => {
    const m = marketplace(new Set([2, 7]), false);
    const results = await settleAll([1, 2, 3, 4, 5, 6, 7, 8], m.send);
    expect([...results.entries()].filter(([, e]) => e !== undefined).map(([i]) => i)).toEqual([2, 7]);
    expect(results.get(2)).toBe('refused');
    expect([...results.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Every good item went out in a batch that was taken.
    for (const i of [1, 3, 4, 5, 6, 8])
      expect(m.sent.some((b) => b.includes(i) && !b.some((x) => x === 2 || x === 7))).toBe(true);
  });

  it('fails the whole batch for a reason no item explains', async () => {
    const results = await settleAll([1, 2], async () => ({ kind: 'failed', refusal: refusal('склад обновляется') }));
    expect([...results.values()]).toEqual(['склад обновляется', 'склад обновляется']);
  });
});

describe('WindowPacer: at most `limit` units in any window', () => {
  it('lets the limit through at once, then waits for the oldest to leave the window', async () => {
    const pacer = new WindowPacer(4, 300);
    const at: number[] = [];
    const start = Date.now();
    for (const units of [2, 2, 3, 1]) {
      await pacer.take(units);
      at.push(Date.now() - start);
    }
    expect(at[1]).toBeLessThan(100);
    // 2 + 2 spent: 3 more wait for both to leave; then 1 fits beside the 3.
    expect(at[2]).toBeGreaterThanOrEqual(290);
    expect(at[3]! - at[2]!).toBeLessThan(100);
  });

  it('sends a take larger than the limit alone in an empty window', async () => {
    const pacer = new WindowPacer(2, 200);
    await pacer.take(1);
    const start = Date.now();
    await pacer.take(5);
    expect(Date.now() - start).toBeGreaterThanOrEqual(190);
  });
});
