/**
 * Date pickers accept 1900-01-01…2099-12-31 (docs/screens.md «Форматы и постоянные»); dates go to the server as
 * YYYY-MM-DD.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of `value` as YYYY-MM-DD (what a date input holds and the API takes). */
export const toApiDate = (value: Date | string | number = new Date()) => {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** A real calendar day inside the pickers' range. */
export function isDateInRange(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < DATE_MIN || value > DATE_MAX) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
