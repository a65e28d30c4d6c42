/*
 * Numbers typed into the app's number fields (src/ui/number-field.tsx). The fields are text, not
 * type="number": a number input shows and accepts only the browser language's decimal mark, so an
 * English-locale browser would show «1200.5» and refuse «1200,5». Here a comma or a point is the
 * decimal mark, and spaces (also no-break and thin ones, as copied from the app's own figures)
 * may group thousands: «1200,5», «1200.5», «1 200,5». Spreadsheet cells are read by
 * ./import/numbers.ts, which also knows thousands marks and currency signs.
 */

const SPACES = /[\s\u00a0\u202f\u2009]+/g;
/** Digits grouped by threes («1 200») or not at all, then an optional decimal part. */
const NUMBER = /^[-\u2212]?(\d{1,3}( \d{3})+|\d*)([.,]\d*)?$/;

/** What a typed text reads as: null when empty, NaN when it is no number. */
export function parseDecimal(text: string): number | null {
  const s = text.trim().replace(SPACES, ' ');
  if (s === '') return null;
  const m = NUMBER.exec(s);
  // A bare sign or mark («-», «,») holds no digit.
  if (!m || !/\d/.test(s)) return NaN;
  const n = Number(s.replace(/ /g, '').replace(',', '.').replace('\u2212', '-'));
  return Number.isFinite(n) ? n : NaN;
}

/** A number as a field shows it: a decimal comma, no grouping (the caret stays put), empty for none. */
export function numberInputText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  return String(value).replace('.', ',');
}

/** Both no number, or the same number: a field's text still says what its value is. */
export const sameNumber = (a: number | null, b: number | null) =>
  a === b || (a !== null && b !== null && Number.isNaN(a) && Number.isNaN(b));

/**
 * What a field asks for. Ranges and whole units are the domain's to check, with its own messages
 * (docs/rules.md «Проверки ввода и пределы»): a field refuses only text that is no number.
 */
export interface NumberRules {
  /** Whole units (counts): the digits keyboard, and the message says so. */
  integer?: boolean;
  /** Empty is an error rather than «no value». */
  required?: boolean;
}

/** A typed text against a field's rules: its value (NaN when refused) and why it is refused. */
export function readTypedNumber(
  text: string,
  { integer, required }: NumberRules = {},
): { value: number | null; error: string | null } {
  const value = parseDecimal(text);
  if (value === null && !required) return { value, error: null };
  if (value !== null && !Number.isNaN(value)) return { value, error: null };
  const example = integer ? 'например 12' : 'например 1200,5';
  return { value: NaN, error: value === null ? `Введите число, ${example}` : `Введите число: цифры, ${example}` };
}
