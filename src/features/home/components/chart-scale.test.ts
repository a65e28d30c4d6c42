import { describe, expect, it } from 'vitest';
import { labelEvery, linear, niceTicks } from './chart-scale.ts';

describe('chart scale', () => {
  it('gives round ticks from 0 over the values', () => {
    expect(niceTicks(0, 1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(200, 900, 5)).toEqual([0, 500, 1000]);
    expect(niceTicks(0, 9, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(niceTicks(-150, 420)).toEqual([-200, 0, 200, 400, 600]);
    // Nothing at all: still an axis.
    expect(niceTicks(0, 0)).toEqual([0, 0.5, 1]);
  });

  it('maps linearly and labels every k-th point, the last always', () => {
    expect(linear(0, 10, 100, 0)(2.5)).toBe(75);
    const shown = labelEvery(13, 5);
    expect([...Array(13).keys()].filter(shown)).toEqual([0, 3, 6, 9, 12]);
  });
});
