const dateTime = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** DD.MM.YYYY HH:mm (SPEC §9). */
export const formatDateTime = (value: number | string | Date) => dateTime.format(new Date(value)).replace(',', '');
export const formatDate = (value: number | string | Date) => date.format(new Date(value));
export const formatTime = (value: number | string | Date) => time.format(new Date(value));

const whole = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A whole number as is, otherwise with 2 decimals (SPEC §9, average cost); Russian separators. */
export const formatAmount = (value: number) => (Number.isInteger(Math.round(value * 100) / 100) ? whole.format(value) : cents.format(value));
/** Money in roubles, e.g. «1 234,50 ₽». */
export const formatRoubles = (value: number) => `${formatAmount(value)} ₽`;
