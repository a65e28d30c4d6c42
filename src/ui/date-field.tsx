import { useEffect, useId, useRef, useState } from 'react';
import { DATE_MAX, DATE_MIN } from '../lib/dates.ts';
import { dateInput } from './date-field.css.ts';
import { field, fieldError, label as labelClass } from './controls.css.ts';

/*
 * A date typed as ДД.ММ.ГГГГ whatever the browser's language (SPEC §9): a native date input follows
 * the system locale and shows mm/dd/yyyy on an English tablet. The value in and out is YYYY-MM-DD,
 * as the API takes it; the dots are put in while typing, so a seller types only digits.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const SHOWN = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** YYYY-MM-DD → DD.MM.YYYY; anything else → ''. */
export function isoToShown(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** DD.MM.YYYY of a real calendar day → YYYY-MM-DD; otherwise undefined. */
export function shownToIso(text: string): string | undefined {
  const m = SHOWN.exec(text);
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return undefined;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** What was typed, with the dots put in: «24112026» → «24.11.2026»; a pasted «2026-11-24» is turned round. */
export function maskDate(raw: string): string {
  const iso = ISO.exec(raw.trim());
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}.${digits.slice(2)}`;
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4)}`;
}

/** Why the typed text is not a usable date, in Russian; undefined when it is one (or is empty and may be). */
export function dateProblem(
  text: string,
  bounds: { min: string; max: string; required?: boolean },
): string | undefined {
  if (text === '') return bounds.required ? 'Укажите дату' : undefined;
  const iso = shownToIso(text);
  if (!iso) return 'Введите дату в виде ДД.ММ.ГГГГ, например 24.11.2026';
  if (iso < bounds.min || iso > bounds.max)
    return `Дата должна быть с ${isoToShown(bounds.min)} по ${isoToShown(bounds.max)}`;
  return undefined;
}

interface Props {
  label: string;
  /** YYYY-MM-DD, or '' for no date. */
  value: string;
  /** A whole valid day in range (YYYY-MM-DD), or '' while the field is empty or holds no valid date. */
  onChange(value: string): void;
  min?: string;
  max?: string;
  required?: boolean;
  name?: string;
  /** A message of the form's own (e.g. «not after today»), shown when the typed date is itself fine. */
  error?: string;
}

/** The app's date picker: a text field that shows and takes ДД.ММ.ГГГГ (SPEC §9), range 1900…2099. */
export function DateField({ label, value, onChange, min = DATE_MIN, max = DATE_MAX, required, name, error }: Props) {
  const id = useId();
  const [text, setText] = useState(() => isoToShown(value));
  const [touched, setTouched] = useState(false);
  // The last value this field reported: a different value from the parent (a reset, a loaded document) replaces the
  // text.
  const reported = useRef(value);
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(isoToShown(value));
      setTouched(false);
    }
  }, [value]);

  const report = (next: string) => {
    const iso = dateProblem(next, { min, max }) === undefined && next !== '' ? shownToIso(next)! : '';
    if (iso !== reported.current) {
      reported.current = iso;
      onChange(iso);
    }
  };

  // Said once the date is typed in full or the field is left, not at every keystroke.
  const problem = touched || text.length === 10 ? dateProblem(text, { min, max, required }) : undefined;
  const message = problem ?? (text === '' || shownToIso(text) ? error : undefined);
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={dateInput}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="ДД.ММ.ГГГГ"
        maxLength={10}
        required={required}
        value={text}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : `${id}-hint`}
        data-date-field=""
        onChange={(e) => {
          const next = maskDate(e.target.value);
          setText(next);
          report(next);
        }}
        onBlur={() => setTouched(true)}
      />
      {message ? (
        <span className={fieldError} id={`${id}-error`} role="alert">
          {message}
        </span>
      ) : (
        <span id={`${id}-hint`} hidden>
          Дата в виде ДД.ММ.ГГГГ
        </span>
      )}
    </div>
  );
}
