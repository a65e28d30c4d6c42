import { describe, expect, it } from 'vitest';
import {
  MINUS,
  calendarDay,
  countNoun,
  dayToIso,
  formatAmount,
  formatDay,
  formatMoment,
  formatRoubles,
  formatSigned,
  nounForm,
  nouns,
} from './format.ts';

/** Intl's no-break and narrow no-break spaces as plain ones, to compare with typed text. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('picked days (docs/screens.md «Форматы и постоянные»)', () => {
  it('a picked day is stored as its midnight UTC and read back as the same day in any time zone', () => {
    expect(dayToIso('2025-03-08')).toBe('2025-03-08T00:00:00.000Z');
    expect(calendarDay(dayToIso('2025-03-08'))).toBe('2025-03-08');
    expect(formatDay(dayToIso('1900-01-01'))).toBe('01.01.1900');
  });

  it('any other instant is read in local time', () => {
    const evening = new Date(2025, 2, 7, 23, 30);
    expect(calendarDay(evening)).toBe('2025-03-07');
    expect(formatDay(evening)).toBe('07.03.2025');
  });

  it('a moment shows its time, a picked day only the date', () => {
    expect(formatMoment(new Date(2025, 2, 7, 9, 5))).toBe('07.03.2025 09:05');
    expect(formatMoment('2025-03-08T00:00:00.000Z')).toBe('08.03.2025');
  });
});

describe('counted nouns (Intl.PluralRules ru)', () => {
  it('takes the form for 1 (21, 101), for 2–4 (22), for 5–20 and 0 (11, 25, 111)', () => {
    const product = (n: number) => nounForm(n, nouns.product);
    expect([1, 21, 101].map(product)).toEqual(['товар', 'товар', 'товар']);
    expect([2, 3, 4, 22, 1234].map(product)).toEqual(['товара', 'товара', 'товара', 'товара', 'товара']);
    expect([0, 5, 11, 12, 14, 25, 111].map(product)).toEqual(Array(7).fill('товаров'));
  });

  it('a fraction takes the genitive singular (the number with 2 decimals, as formatAmount writes it)', () => {
    expect(nounForm(1.5, nouns.product)).toBe('товара');
    expect(countNoun(1.5, nouns.product)).toBe('1,50 товара');
    expect(countNoun(0.5, nouns.week)).toBe('0,50 недели');
  });

  it('the number is formatted as everywhere: Russian groups and comma', () => {
    expect(countNoun(4, nouns.product)).toBe('4 товара');
    expect(plain(countNoun(1234, nouns.product))).toBe('1 234 товара');
    expect(countNoun(13, nouns.week)).toBe('13 недель');
    expect(countNoun(21, nouns.edit)).toBe('21 правка');
    expect(countNoun(2, ['позиция', 'позиции', 'позиций'])).toBe('2 позиции');
  });
});

describe('numbers on screen: one minus sign, Russian separators', () => {
  it("negative numbers carry U+2212, whatever sign the engine's Intl gives", () => {
    expect(MINUS).toBe('\u2212');
    expect(formatAmount(-2)).toBe('−2');
    expect(plain(formatAmount(-1234.5))).toBe('−1 234,50');
    expect(plain(formatRoubles(-300))).toBe('−300 ₽');
    expect(formatAmount(-2)).not.toContain('-');
  });

  it('what rounds to 0 is «0», never «−0»', () => {
    expect(formatAmount(-0)).toBe('0');
    expect(formatAmount(-0.001)).toBe('0');
  });

  it('whole numbers without decimals, others with 2; money with ₽', () => {
    expect(plain(formatAmount(1200))).toBe('1 200');
    expect(plain(formatRoubles(1200.5))).toBe('1 200,50 ₽');
    expect(formatAmount(0.1 + 0.2)).toBe('0,30');
  });

  it('a signed change: «+3», «−2», «0»', () => {
    expect(formatSigned(3)).toBe('+3');
    expect(formatSigned(-2)).toBe('−2');
    expect(formatSigned(0)).toBe('0');
    expect(plain(formatSigned(1500.25))).toBe('+1 500,25');
  });
});
