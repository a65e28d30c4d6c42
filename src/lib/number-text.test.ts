import { describe, expect, it } from 'vitest';
import { numberInputText, parseDecimal, readTypedNumber, sameNumber } from './number-text.ts';

describe('parseDecimal: numbers as typed into a number field', () => {
  it('a decimal comma or a point', () => {
    expect(parseDecimal('1200,5')).toBe(1200.5);
    expect(parseDecimal('1200.5')).toBe(1200.5);
    expect(parseDecimal('0,05')).toBe(0.05);
    expect(parseDecimal(',5')).toBe(0.5);
    // Still being typed: the mark without decimals yet.
    expect(parseDecimal('1200,')).toBe(1200);
  });

  it('spaces between groups of three, plain, no-break or thin, as the app shows figures', () => {
    expect(parseDecimal('1 200,5')).toBe(1200.5);
    expect(parseDecimal('1\u00a0200,50')).toBe(1200.5);
    expect(parseDecimal('1\u202f234\u202f567')).toBe(1234567);
    expect(parseDecimal('  42  ')).toBe(42);
  });

  it('negative numbers, with a hyphen or a minus sign', () => {
    expect(parseDecimal('-2')).toBe(-2);
    expect(parseDecimal('−1 200,5')).toBe(-1200.5);
  });

  it('empty is no value (null)', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('   ')).toBeNull();
  });

  it('junk is NaN: letters, two marks, stray spaces, a bare sign, exponents', () => {
    for (const junk of ['abc', '12abc', '1,2,3', '1.200,5', '12 00', '1 2', '-', ',', '1e5', '--1', '5-', 'Infinity'])
      expect(parseDecimal(junk), junk).toBeNaN();
  });
});

describe('numberInputText: a number as the field shows it', () => {
  it('a decimal comma, no grouping; empty for none', () => {
    expect(numberInputText(1200.5)).toBe('1200,5');
    expect(numberInputText(-3)).toBe('-3');
    expect(numberInputText(0)).toBe('0');
    expect(numberInputText(null)).toBe('');
    expect(numberInputText(NaN)).toBe('');
  });

  it('reads back as the same number', () => {
    for (const n of [0, 1, 1200.5, 0.05, 999999.99, -7.25]) expect(parseDecimal(numberInputText(n))).toBe(n);
  });
});

describe('readTypedNumber: a field refuses only text that is no number, in Russian', () => {
  it('a number passes as it is; ranges and whole units are the domain’s', () => {
    expect(readTypedNumber('1 200,5')).toEqual({ value: 1200.5, error: null });
    expect(readTypedNumber('-1', { integer: true })).toEqual({ value: -1, error: null });
    expect(readTypedNumber('1,5', { integer: true })).toEqual({ value: 1.5, error: null });
  });

  it('junk is refused with an example of what to type', () => {
    expect(readTypedNumber('12р')).toEqual({ value: NaN, error: 'Введите число: цифры, например 1200,5' });
    expect(readTypedNumber('много', { integer: true })).toEqual({
      value: NaN,
      error: 'Введите число: цифры, например 12',
    });
  });

  it('empty is no value, or refused when the field needs one', () => {
    expect(readTypedNumber('')).toEqual({ value: null, error: null });
    expect(readTypedNumber('', { required: true })).toEqual({ value: NaN, error: 'Введите число, например 1200,5' });
  });

  it('sameNumber: both empty, both no number, or equal', () => {
    expect(sameNumber(null, null)).toBe(true);
    expect(sameNumber(NaN, NaN)).toBe(true);
    expect(sameNumber(1, 1)).toBe(true);
    expect(sameNumber(null, 0)).toBe(false);
    expect(sameNumber(NaN, null)).toBe(false);
  });
});
