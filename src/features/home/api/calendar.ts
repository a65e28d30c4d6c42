import { calendarDay } from '../../../lib/format.ts';

/*
 * Calendar arithmetic on YYYY-MM-DD days, done in UTC so a day never shifts with the device's time
 * zone or a daylight-saving change: the days themselves come from calendarDay (src/lib/format.ts).
 */

const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const fromTime = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => fromTime(toTime(day) + days * DAY_MS);

/** The Monday of the day's week: Russian weeks start on Monday. */
export function weekStart(day: string): string {
  const weekday = (new Date(toTime(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The `count` latest weeks up to the one holding `today`, by their Mondays, oldest first. */
export function recentWeeks(today: string, count: number): string[] {
  const last = weekStart(today);
  return Array.from({ length: count }, (_, i) => addDays(last, (i - count + 1) * 7));
}

/** The calendar day a stored date names, or null for a missing or unreadable one. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (Number.isNaN(new Date(value).getTime())) return null;
  return calendarDay(value);
}
