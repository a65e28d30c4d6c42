/*
 * Numbers as sellers type them in spreadsheets: a decimal comma or point, spaces (also no-break
 * and thin ones) or an apostrophe between thousands, a trailing «₽», «руб.» or «р.». A number
 * with both marks takes the last one as the decimal mark («1.234,50», «1,234.50»).
 */

/** «1,234,567» → «1234567»; groups not of three digits are no number. */
const thousands = (s: string, mark: string) =>
  new RegExp(`^-?\\d{1,3}(\\${mark}\\d{3})+$`).test(s) ? s.split(mark).join('') : 'x';

export function parseSheetNumber(text: string): number | null {
  let s = text
    .trim()
    .replace(/[\s\u00a0\u202f\u2009']/g, '')
    .replace(/(₽|руб\.?|р\.?|rub)$/i, '')
    .replace(/^−/, '-');
  if (s === '') return null;
  const comma = s.lastIndexOf(',');
  const point = s.lastIndexOf('.');
  if (comma >= 0 && point >= 0) {
    const decimal = comma > point ? ',' : '.';
    s = s
      .split(decimal === ',' ? '.' : ',')
      .join('')
      .replace(',', '.');
  } else if (comma >= 0) {
    // «1,234,567» groups thousands; one comma is the decimal mark.
    s = s.split(',').length > 2 ? thousands(s, ',') : s.replace(',', '.');
  } else if (s.split('.').length > 2) s = thousands(s, '.');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
