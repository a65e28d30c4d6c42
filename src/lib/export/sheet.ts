import { calendarDay } from '../format.ts';

/*
 * A table as a spreadsheet file holds it, written once by a screen's data function and saved as CSV
 * or XLSX (./download.ts). Values stay typed (numbers, stored dates) down to the writers, so each
 * writes them the way a Russian spreadsheet reads them: CSV as text with a decimal comma and
 * DD.MM.YYYY, XLSX as real numbers and dates with a display format.
 */

/**
 * text; number — units and other plain numbers; money — roubles (2 decimals in XLSX);
 * date — a stored date read as the day it names (lib/format calendarDay); moment — a stored
 * instant with its local time, or only the day when it is a picked day (lib/format formatMoment);
 * datetime — always with the local time (lib/format formatDateTime).
 */
export type CellKind = 'text' | 'number' | 'money' | 'date' | 'moment' | 'datetime';
export type DateKind = 'date' | 'moment' | 'datetime';
export const isDateKind = (kind: CellKind): kind is DateKind =>
  kind === 'date' || kind === 'moment' || kind === 'datetime';

/** A cell's value: text, a number, a stored date (ISO text) for date and moment columns; null is an empty cell. */
export type CellValue = string | number | null;

export interface SheetColumn {
  header: string;
  kind: CellKind;
}

export interface Sheet {
  /** The file's name without extension, e.g. «Товары_14.03.2025». */
  fileName: string;
  /** The worksheet's tab name. */
  title: string;
  /** Lines above the table: what the document is (its kind, date). */
  meta?: { label: string; value: CellValue; kind: CellKind }[];
  columns: SheetColumn[];
  rows: CellValue[][];
  /** The totals line under the rows: «Итого» and the sums, null where nothing is summed. */
  totals?: CellValue[];
}

export type ExportFormat = 'csv' | 'xlsx';

/** The wall-clock parts a date or moment cell shows; null for a value that is not a date. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** False for a date-only cell. */
  withTime: boolean;
}

const isBareDay = (d: Date) =>
  d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;

export function dateParts(value: CellValue, kind: DateKind): DateParts | null {
  if (value === null || value === '') return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  if (kind === 'date' || (kind === 'moment' && isBareDay(d))) {
    const [year, month, day] = calendarDay(d).split('-').map(Number) as [number, number, number];
    return { year, month, day, hour: 0, minute: 0, withTime: false };
  }
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    withTime: true,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY or DD.MM.YYYY HH:mm, as the screens show dates (docs/screens.md «Форматы и постоянные»). */
export function dateText(p: DateParts): string {
  const day = `${pad2(p.day)}.${pad2(p.month)}.${p.year}`;
  return p.withTime ? `${day} ${pad2(p.hour)}:${pad2(p.minute)}` : day;
}

/** Money to the kopeck: floating sums (3 × 0.1) must not show 0.30000000000000004. */
export const roundMoney = (n: number) => Math.round(n * 100) / 100;

/** A safe file name: no characters a file system refuses, no more than 80 characters. */
export const fileNamePart = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

/** «Товары_14.03.2025»: the file's subject and the day it was exported. */
export function exportFileName(subject: string, now = new Date()): string {
  const day = dateText({
    year: now.getFullYear(),
    month: now.getMonth() + 1,
    day: now.getDate(),
    hour: 0,
    minute: 0,
    withTime: false,
  });
  return `${fileNamePart(subject).replace(/ /g, '_')}_${day}`;
}
