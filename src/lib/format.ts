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

/** The minus sign of Russian typography (U+2212): one sign for every negative number on screen. */
export const MINUS = '\u2212';

const whole = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/**
 * A whole number as is, otherwise with 2 decimals (average cost too; docs/screens.md «Форматы и
 * постоянные»); Russian separators, a negative one with «−». Engines differ in the sign Intl gives
 * ru-RU (V8 gives a hyphen-minus), so it is set here; a value that rounds to 0 is «0», never «−0».
 */
export function formatAmount(value: number): string {
  const cents100 = Math.round(value * 100) / 100;
  if (cents100 === 0) return '0';
  const text = Number.isInteger(cents100) ? whole.format(value) : cents.format(value);
  return text.replace(/^[-\u2212]/, MINUS);
}
/** Money in roubles, e.g. «1 234,50 ₽», «−300 ₽». */
export const formatRoubles = (value: number) => `${formatAmount(value)} ₽`;
/** A change or a balance with its sign: «+3», «−2», «0» (history deltas, stock changes, sufficiency). */
export const formatSigned = (value: number) => {
  const text = formatAmount(value);
  return text === '0' || text.startsWith(MINUS) ? text : `+${text}`;
};

const plural = new Intl.PluralRules('ru');
/** The three forms of a counted Russian noun: for 1 (21, 101…), for 2–4 (22…), for 5–20 (0, 11, 25…). */
export type NounForms = readonly [one: string, few: string, many: string];
/**
 * The noun's form for a count: «товар», «товара», «товаров». A fraction takes the genitive singular,
 * which is the «few» form («1,5 товара»).
 */
export function nounForm(count: number, [one, few, many]: NounForms): string {
  const category = plural.select(count);
  return category === 'one' ? one : category === 'few' || category === 'other' ? few : many;
}
/** A count with its noun, the number formatted as everywhere: «1 товар», «4 товара», «1 234 товара», «11 товаров». */
export const countNoun = (count: number, forms: NounForms) => `${formatAmount(count)} ${nounForm(count, forms)}`;

/** The counted nouns the screens use, for nounForm and countNoun. */
export const nouns = {
  product: ['товар', 'товара', 'товаров'],
  week: ['неделя', 'недели', 'недель'],
  edit: ['правка', 'правки', 'правок'],
  line: ['строка', 'строки', 'строк'],
  order: ['заказ', 'заказа', 'заказов'],
  return: ['возврат', 'возврата', 'возвратов'],
  store: ['магазин', 'магазина', 'магазинов'],
  listing: ['карточка', 'карточки', 'карточек'],
} as const satisfies Record<string, NounForms>;

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

/**
 * DD.MM.YYYY HH:mm, or only DD.MM.YYYY for a picked day, which has no time of its own (docs/screens.md «Форматы и
 * постоянные»).
 */
export const formatMoment = (value: number | string | Date) =>
  isBareDay(new Date(value)) ? formatDay(value) : formatDateTime(value);

/** A picked day (YYYY-MM-DD) as the server stores it, for rows written on the device before it answers. */
export const dayToIso = (day: string) => `${day}T00:00:00.000Z`;
