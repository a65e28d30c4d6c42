import { describe, expect, it } from 'vitest';
import { addDays, dayOf, recentWeeks, weekStart } from './calendar.ts';

describe('calendar days', () => {
  it('starts a week on Monday', () => {
    expect(weekStart('2025-03-10')).toBe('2025-03-10'); // Monday
    expect(weekStart('2025-03-16')).toBe('2025-03-10'); // Sunday
    expect(weekStart('2025-01-01')).toBe('2024-12-30'); // across a year
  });

  it('lists the latest weeks by their Mondays, oldest first', () => {
    expect(recentWeeks('2025-03-05', 3)).toEqual(['2025-02-17', '2025-02-24', '2025-03-03']);
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });

  it('reads a picked day as that day, and nothing from junk', () => {
    expect(dayOf('2025-03-05T00:00:00.000Z')).toBe('2025-03-05');
    expect(dayOf('not a date')).toBeNull();
    expect(dayOf(undefined)).toBeNull();
  });
});
