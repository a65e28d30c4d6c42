import { describe, expect, it } from 'vitest';
import { checkPrice, parseNumber } from './rules.ts';

describe('checkPrice: what the server accepts as money', () => {
  it('refuses a fraction of a kopeck with the server’s words, naming the field', () => {
    expect(checkPrice(parseNumber('0,004'), 'Цена за единицу, ₽')).toEqual({
      ok: false,
      error: 'Цена за единицу, ₽ — не больше двух знаков после запятой (копейки)',
    });
    expect(checkPrice(parseNumber('12.345')).ok).toBe(false);
  });

  it('accepts kopecks, whole roubles and the largest amount', () => {
    for (const typed of ['0,01', '12,5', '0,29', '1 000', '999999999,99', '1000000000'])
      expect(checkPrice(parseNumber(typed.replace(' ', '')))).toEqual({ ok: true });
  });
});
