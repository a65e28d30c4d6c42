import { z } from 'zod';
import { dateInput } from './stock-query.ts';

/*
 * The date a sale, write-off, markdown or reserve happened on, when it is entered afterwards
 * (docs/rules.md «Расход задним числом»): the same formats as every other date of the API, and never
 * ahead of now. A bare day is midnight UTC, as elsewhere; it counts as the whole day, so it is
 * accepted as soon as that day has begun somewhere (UTC+14), and a lot received during it may give units.
 */

/** A dated outflow's moment; `dayOnly` — a bare ГГГГ-ММ-ДД, the whole day rather than an instant. */
export interface OutflowDate {
  at: Date;
  dayOnly: boolean;
}

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** How far ahead a bare day's midnight UTC may be: the day has begun in the easternmost time zone. */
const DAY_AHEAD_MS = 14 * 60 * 60 * 1000;
/** A device's clock may run a little fast: an instant this far ahead is taken as now. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
export const futureDateMessage = 'не может быть позже сегодняшнего дня';

export const outflowDate = z
  .string()
  .max(40)
  .transform((text, ctx): OutflowDate => {
    const parsed = dateInput.safeParse(text);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, input: text });
      return z.NEVER;
    }
    const dayOnly = BARE_DAY.test(text);
    const now = Date.now();
    const at = parsed.data.getTime();
    if (at > now + (dayOnly ? DAY_AHEAD_MS : CLOCK_SKEW_MS)) {
      ctx.issues.push({ code: 'custom', message: futureDateMessage, input: text });
      return z.NEVER;
    }
    return { at: dayOnly ? parsed.data : new Date(Math.min(at, now)), dayOnly };
  });

const DAY_MS = 24 * 60 * 60 * 1000;
/** The last instant the date names: the end of a bare day, or the instant itself. */
export const lastInstantOf = (date: OutflowDate): number => date.at.getTime() + (date.dayOnly ? DAY_MS - 1 : 0);

/** The optional `date` of a create body (absent — now, as before); `description` says what it dates. */
export const outflowDateField = (description: string) => outflowDate.optional().describe(description);

/** What every outflow's `date` does, after the sentence saying what it dates. */
export const outflowDateRules =
  'ГГГГ-ММ-ДД или дата и время ISO 8601, не позже сегодняшнего дня; без поля — сейчас. Становится датой строки и её записей в журнале движения: по ней строка попадает в свою неделю в отчётах. Единицы по-прежнему берутся по FIFO; если партия, из которой они взялись бы, поступила позже этой даты (товара тогда ещё не было) — 409 before_receipt';
