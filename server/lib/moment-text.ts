const DAY_MS = 24 * 60 * 60 * 1000;
const bareDay = new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC' });
const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** A stored date for a message: a bare day (midnight UTC) as DD.MM.YYYY, an instant with Moscow time. */
export function momentText(at: Date): string {
  if (at.getTime() % DAY_MS === 0) return bareDay.format(at);
  return `${moscowTime.format(at).replace(',', '')} МСК`;
}
