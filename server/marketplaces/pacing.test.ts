import { describe, expect, it } from 'vitest';
import { PacerPool } from './pacing.ts';

/** Milliseconds from `start` at which each take of `takes` went through, taken one after another. */
async function times(start: number, takes: Array<() => Promise<void>>): Promise<number[]> {
  const at: number[] = [];
  for (const take of takes) {
    await take();
    at.push(Date.now() - start);
  }
  return at;
}

describe('PacerPool: one quota per key, whoever spends it', () => {
  it('two callers of one WB token and category share its bucket; another token has its own', async () => {
    const pool = new PacerPool();
    // 6 a "minute" of 1 s, burst 1: one request every ~167 ms.
    const stockPush = pool.wildberriesMarketplace('token-a', 6, 1, 1000);
    const postingsImport = pool.wildberriesMarketplace('token-a', 6, 1, 1000);
    const otherSeller = pool.wildberriesMarketplace('token-b', 6, 1, 1000);
    expect(postingsImport).toBe(stockPush);

    const start = Date.now();
    const at = await times(start, [() => stockPush.take(), () => postingsImport.take(), () => stockPush.take()]);
    expect(at[0]).toBeLessThan(120);
    // The import's take waited for the stock push's: one bucket, not two.
    expect(at[1]).toBeGreaterThanOrEqual(150);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(150);

    const other = Date.now();
    await otherSeller.take();
    expect(Date.now() - other).toBeLessThan(120);
  });

  it('the OZON stock window of a Client-Id counts the requests of every caller', async () => {
    const pool = new PacerPool();
    const first = pool.ozonStocks('111', 2, 300);
    const second = pool.ozonStocks('111', 2, 300);
    const start = Date.now();
    const at = await times(start, [() => first.take(), () => second.take(), () => first.take()]);
    expect(at[1]).toBeLessThan(120);
    // Two went in the window already, from either caller: the third waits for it to pass.
    expect(at[2]).toBeGreaterThanOrEqual(290);
    // Another Client-Id, and OZON's all-methods quota of the same one, are other keys.
    expect(pool.ozonStocks('222', 2, 300)).not.toBe(first);
    expect(pool.ozon('111')).toBe(pool.ozon('111'));
  });

  it('keeps the quotas of one key apart by what they count', () => {
    const pool = new PacerPool();
    expect(pool.wildberriesContent('t')).not.toBe(pool.wildberriesMarketplace('t'));
    expect(pool.wildberriesAnalytics('t')).not.toBe(pool.wildberriesContent('t'));
    expect(pool.yandexMarketReturns('k')).not.toBe(pool.yandexMarketOrders('k'));
    expect(pool.yandexMarketStockSkus('k', 1)).toBe(pool.yandexMarketStockSkus('k', 1));
    expect(pool.yandexMarketStockSkus('k', 1)).not.toBe(pool.yandexMarketStockSkus('k', 2));
  });
});
