import { dismiss, note, text } from './changed-by-note.css.ts';

const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit' });

/** «14:05» in the device's time; a change of another day says which («12.03 14:05»): a time alone would mislead. */
export function changedWhen(at: string, now = new Date()): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const today = date.toDateString() === now.toDateString();
  return today ? time.format(date) : `${day.format(date)} ${time.format(date)}`;
}

export const changedByText = (who: string, at: string, now?: Date) => `Изменено: ${who}, ${changedWhen(at, now)}`;

/**
 * Under a field whose value this device had set and someone else's later edit replaced (issue 24): who and when,
 * so the value does not change without a word. Shown until the person edits the field again or closes the note.
 */
export function ChangedByNote({
  field,
  who,
  at,
  onDismiss,
}: {
  /** The field's name, for tests and assistive tools to find the note of a field. */
  field: string;
  who: string;
  /** The replacing write's time (ISO). */
  at: string;
  onDismiss(): void;
}) {
  return (
    <p className={note} role="status" data-changed-field={field}>
      <span className={text}>{changedByText(who, at)}</span>
      <button type="button" className={dismiss} aria-label="Скрыть отметку" title="Скрыть" onClick={onDismiss}>
        ×
      </button>
    </p>
  );
}
