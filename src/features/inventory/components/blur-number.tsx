import { useState, type InputHTMLAttributes } from 'react';
import type { SaveResult } from '../api/update-lot.ts';
import { cellError, cellInput } from './inventory.css.ts';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'> {
  value: number;
  /** Accessible name: the column and the row. */
  label: string;
  /** Called on blur when the text changed; a refusal is shown under the field and the value reverts. */
  onSave(text: string): Promise<SaveResult>;
}

/** A number cell that saves when it loses focus (SPEC §2: /inventory edits save on blur). */
export function BlurNumber({ value, label, onSave, ...rest }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  // The saved value coming back from the device replaces the draft.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(null);
  }

  async function commit() {
    if (draft === null || draft === String(value)) return setDraft(null);
    const result = await onSave(draft);
    if (!result.ok) {
      setDraft(null);
      setError(result.error);
    }
  }

  return (
    <span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        className={cellInput}
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
