import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';
import { DATE_MAX, DATE_MIN, isDateInRange, toApiDate } from './dates.ts';

describe('dates (docs/screens.md «Форматы и постоянные»)', () => {
  it('sends the local calendar day as YYYY-MM-DD', () => {
    expect(toApiDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });

  it('accepts 1900-01-01…2099-12-31 and real days only', () => {
    expect([DATE_MIN, DATE_MAX, '2025-02-28'].every(isDateInRange)).toBe(true);
    expect(['1899-12-31', '2100-01-01', '2025-02-30', '2025-2-1', ''].some(isDateInRange)).toBe(false);
  });

  it('shows DD.MM.YYYY HH:mm', () => {
    expect(formatDateTime(new Date(2025, 2, 7, 9, 5))).toBe('07.03.2025 09:05');
  });
});
