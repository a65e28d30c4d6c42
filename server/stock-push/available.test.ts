import { describe, expect, it } from 'vitest';
import { availableToSell } from './available.ts';

describe('availableToSell (on hand − active reserves − awaiting assembly, never below 0)', () => {
  it('subtracts reserves and units awaiting assembly from what is on hand', () => {
    expect(availableToSell(10, 2, 3)).toBe(5);
    expect(availableToSell(10, 0, 0)).toBe(10);
    expect(availableToSell(7, 7, 0)).toBe(0);
  });

  it('never goes below 0 when more is promised than is on hand', () => {
    expect(availableToSell(3, 2, 5)).toBe(0);
    expect(availableToSell(0, 0, 1)).toBe(0);
    expect(availableToSell(0, 4, 0)).toBe(0);
  });

  it('ignores negative promises and fractions a broken figure could bring', () => {
    expect(availableToSell(5, -2, -1)).toBe(5);
    expect(availableToSell(5.9, 1.2, 0)).toBe(4);
    expect(availableToSell(Number.NaN, 1, 1)).toBe(0);
  });
});
