const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** DD.MM.YYYY HH:mm (docs/screens.md «Форматы и постоянные»). */
export const formatDateTime = (value: number | string | Date) => dateTime.format(new Date(value)).replace(',', '');
export const formatDate = (value: number | string | Date) => date.format(new Date(value));
export const formatTime = (value: number | string | Date) => time.format(new Date(value));

const whole = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A whole number as is, otherwise with 2 decimals (average cost too; docs/screens.md «Форматы и постоянные»); Russian separators. */
export const formatAmount = (value: number) =>
  Number.isInteger(Math.round(value * 100) / 100) ? whole.format(value) : cents.format(value);
/** Money in roubles, e.g. «1 234,50 ₽». */
export const formatRoubles = (value: number) => `${formatAmount(value)} ₽`;

const pad2 = (n: number) => String(n).padStart(2, '0');
const isBareDay = (d: Date) =>
  d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;

/**
 * The calendar day a stored date names, YYYY-MM-DD. The server keeps a day picked in a date picker
 * (a batch or receipt date) as that day's midnight UTC (server/schemas/stock-query.ts), which is
 * read as that day wherever the device is; any other instant is read in local time.
 */
export function calendarDay(value: number | string | Date): string {
  const d = new Date(value);
  if (isBareDay(d)) return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/** A stored date as DD.MM.YYYY, by the day it names (calendarDay). */
export function formatDay(value: number | string | Date): string {
  const [y, m, d] = calendarDay(value).split('-');
  return `${d}.${m}.${y}`;
}

/** DD.MM.YYYY HH:mm, or only DD.MM.YYYY for a picked day, which has no time of its own (docs/screens.md «Форматы и постоянные»). */
export const formatMoment = (value: number | string | Date) =>
  isBareDay(new Date(value)) ? formatDay(value) : formatDateTime(value);

/** A picked day (YYYY-MM-DD) as the server stores it, for rows written on the device before it answers. */
export const dayToIso = (day: string) => `${day}T00:00:00.000Z`;
