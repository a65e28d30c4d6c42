import { describe, expect, it } from 'vitest';
import { calendarDay, dayToIso, formatDay, formatMoment } from './format.ts';

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
