import { describe, expect, it } from 'vitest';
import { startSandbox } from '../sandbox/server.ts';
import { DEFAULT_DEMO_TRICKLE_PER_MINUTE, demoTricklePerMinute, startDemoTrickle } from './trickle.ts';

describe('the demo trickle of sandbox orders', () => {
  it('reads SANDBOX_TRICKLE_PER_MINUTE: 2 by default, 0 turns it off, junk is named in Russian', () => {
    expect(demoTricklePerMinute({})).toBe(DEFAULT_DEMO_TRICKLE_PER_MINUTE);
    expect(demoTricklePerMinute({ SANDBOX_TRICKLE_PER_MINUTE: '0' })).toBe(0);
    expect(demoTricklePerMinute({ SANDBOX_TRICKLE_PER_MINUTE: '0,5' })).toBe(0.5);
    expect(demoTricklePerMinute({ SANDBOX_TRICKLE_PER_MINUTE: 'много' })).toEqual({
      error: 'SANDBOX_TRICKLE_PER_MINUTE: ожидалось число заказов в минуту от 0 до 6000, а не «много»',
    });
    expect(demoTricklePerMinute({ SANDBOX_TRICKLE_PER_MINUTE: '-1' })).toHaveProperty('error');
  });

  it('starts the sandbox trickle at that rate on every store, or leaves it off for 0', async () => {
    const sandbox = await startSandbox({ offersPerStore: 5, postingsPerStore: 0 });
    try {
      expect(startDemoTrickle(sandbox, 0)).toMatch(/выключен/);
      expect(sandbox.trickle().running).toBe(false);
      expect(startDemoTrickle(sandbox, 2)).toMatch(/^Поток заказов: 2 в минуту на каждый магазин/);
      expect(sandbox.trickle()).toMatchObject({
        running: true,
        per_minute: 2,
        marketplaces: ['OZON', 'WILDBERRIES', 'YM'],
      });
    } finally {
      await sandbox.close();
    }
  });
});
