import type { ReturnsPeriod } from './types.ts';

const DAY = 86_400_000;

const dayOf = (text: string): number => Date.parse(`${text}T00:00:00Z`);
const textOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Splits an inclusive YYYY-MM-DD period into consecutive pieces of at most `maxDays` days each,
 * for APIs that refuse longer periods (WB goods-return: 31 days). A reversed period gives none.
 */
export function splitPeriod(period: ReturnsPeriod, maxDays: number): ReturnsPeriod[] {
  const from = dayOf(period.dateFrom);
  const to = dayOf(period.dateTo);
  if (Number.isNaN(from) || Number.isNaN(to)) throw new RangeError(`bad period ${period.dateFrom}…${period.dateTo}`);
  const pieces: ReturnsPeriod[] = [];
  for (let start = from; start <= to; start += maxDays * DAY) {
    pieces.push({ dateFrom: textOf(start), dateTo: textOf(Math.min(to, start + (maxDays - 1) * DAY)) });
  }
  return pieces;
}

/** A date-time without a zone, as WB's reports write them, read as Moscow time (UTC+3, no DST). */
export function moscowTime(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}+03:00`;
}
