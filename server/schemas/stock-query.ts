import { z } from 'zod';
import { MAX_UNIT_COUNT } from '../../domain/stock-rules.ts';

/*
 * Dates and paging shared by the stock calls. The client sends a receipt or realization date as
 * 'YYYY-MM-DD' (docs/screens.md «Форматы и постоянные») and sometimes a full ISO instant; both are accepted. A bare day
 * is taken
 * as midnight UTC, so the same day always sorts the same way whatever the device's time zone.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// The date pickers' range (docs/rules.md «Проверки ввода и пределы»): anything outside is a typo, not a date.
const EARLIEST = Date.UTC(1900, 0, 1);
const AFTER_LAST = Date.UTC(2100, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;
const dateMessage = 'ожидалась дата ГГГГ-ММ-ДД или дата и время ISO 8601 с 1900 по 2099 год';

interface ParsedDate {
  at: Date;
  dayOnly: boolean;
}

function parseDate(text: string): ParsedDate | undefined {
  const day = DAY.exec(text);
  if (day) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number];
    const at = new Date(Date.UTC(y, m - 1, d));
    // Date.UTC rolls 2024-02-31 over to March: a day that does not exist is refused.
    if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return undefined;
    return inRange({ at, dayOnly: true });
  }
  if (!z.iso.datetime({ offset: true }).safeParse(text).success) return undefined;
  return inRange({ at: new Date(text), dayOnly: false });
}

const inRange = (p: ParsedDate) => (p.at.getTime() >= EARLIEST && p.at.getTime() < AFTER_LAST ? p : undefined);

const dateText = z
  .string()
  .max(40)
  .refine((text) => parseDate(text) !== undefined, dateMessage);

/** A date in a body, or the start of a range: the instant it names (a bare day: its midnight UTC). */
export const dateInput = dateText
  .transform((text) => parseDate(text)!.at)
  .describe('ГГГГ-ММ-ДД или дата и время ISO 8601');

/** The end of a range, as an exclusive bound: a bare day includes the whole day. */
export const dateUntil = dateText
  .transform((text) => {
    const { at, dayOnly } = parseDate(text)!;
    return new Date(at.getTime() + (dayOnly ? DAY_MS : 1));
  })
  .describe('ГГГГ-ММ-ДД (включая весь день) или дата и время ISO 8601');

export const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
};

/** Units in one line: whole, and far below what an int column holds. */
export const unitCount = z.number().int().max(MAX_UNIT_COUNT);
export const note = z
  .string()
  .max(5000)
  .regex(/^[^\0]*$/, 'недопустимый символ');

/** A query flag given as true/false (or 1/0); absent means "no filter". */
export const flag = z.stringbool();

/** Comma-separated uuids in a query string. */
export const uuidList = z
  .string()
  .max(20_000)
  .transform((text) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.uuid()).max(500));
