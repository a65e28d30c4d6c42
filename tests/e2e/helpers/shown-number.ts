/**
 * Figures as the screens print them (ru-RU): «1 571,50 ₽», «250,50», «−2», «+5», with a no-break
 * space between thousands and a real minus sign. Read back into numbers for comparisons.
 */

// Only spaces between two digits are group separators; others separate words and figures.
const joinGroups = (text: string) => text.replace(/(\d)[\s\u00a0\u202f](?=\d)/g, '$1');

/** Every number in the text, in order. */
export function numbersIn(text: string | null | undefined): number[] {
  const found = joinGroups(text ?? '').matchAll(/([−+-]?)(\d+(?:,\d+)?)/g);
  return [...found].map(
    ([, sign, digits]) => (sign === '−' || sign === '-' ? -1 : 1) * Number(digits!.replace(',', '.')),
  );
}

/** The one number a cell shows; throws when it shows none. */
export function shownNumber(text: string | null | undefined): number {
  const [first] = numbersIn(text);
  if (first === undefined) throw new Error(`no number in «${text}»`);
  return first;
}

/** Collapses every kind of space to one plain space, for comparing whole sentences. */
export const plainSpaces = (text: string | null | undefined) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
