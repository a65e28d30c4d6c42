import { useState, type InputHTMLAttributes } from 'react';
import { cellError } from './table.css.ts';

export type SaveOutcome = { ok: true } | { ok: false; error: string };

export interface BlurFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'> {
  value: number | string;
  /** Accessible name: the column and the row, e.g. «Количество, 12.03.2025 10:00». */
  label: string;
  /** Called on blur when the text changed; a refusal is shown under the field and the value reverts. */
  onSave(text: string): Promise<SaveOutcome> | SaveOutcome;
}

/** A table cell's field that saves when it loses focus (docs/screens.md: edits save on blur). */
export function BlurField({ value, label, onSave, type = 'number', ...rest }: BlurFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  // The saved value coming back from the device replaces the draft.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(null);
  }

  async function commit() {
    if (draft === null) return;
    if (draft === String(value)) return setDraft(null);
    const result = await onSave(draft);
    if (!result.ok) {
      setDraft(null);
      setError(result.error);
    }
  }

  return (
    <span>
      <input
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={draft ?? String(value)}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
        onBlur={() => void commit()}
        {...rest}
      />
      {error && (
        <span className={cellError} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
