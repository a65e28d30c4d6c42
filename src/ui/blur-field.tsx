import { useState, type InputHTMLAttributes } from 'react';
import { cellError } from './table.css.ts';

export type SaveOutcome = { ok: true } | { ok: false; error: string };

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'>;

export interface BlurSaveInputProps extends NativeInput {
  /** The saved value as the field shows it. */
  text: string;
  /** Accessible name: the column and the row, e.g. «Количество, 12.03.2025 10:00». */
  label: string;
  /**
   * Called on blur with the typed text, when it differs from `text`; a refusal is shown under the
   * field and the text reverts. Null: the draft means the saved value (say «1 200» for 1200), show that.
   */
  commit(draft: string): Promise<SaveOutcome | null> | SaveOutcome | null;
}

/**
 * A table cell's input that saves when it loses focus (docs/screens.md: edits save on blur): the
 * typing stays a draft until then, and the saved value coming back from the device replaces it.
 */
export function BlurSaveInput({ text, label, commit, ...rest }: BlurSaveInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(text);
  if (shown !== text) {
    setShown(text);
    setDraft(null);
  }

  async function save() {
    if (draft === null) return;
    if (draft === text) return setDraft(null);
    const result = await commit(draft);
    if (result?.ok) return;
    setDraft(null);
    if (result) setError(result.error);
  }

  return (
    <span>
      <input
        {...rest}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={draft ?? text}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
        onBlur={() => void save()}
      />
      {error && (
        <span className={cellError} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

export interface BlurFieldProps extends Omit<NativeInput, 'type'> {
  value: string;
  label: string;
  /** Called on blur when the text changed. */
  onSave(text: string): Promise<SaveOutcome> | SaveOutcome;
}

/** A table cell's text that saves when it loses focus; numbers use BlurNumberField (./number-field.tsx). */
export function BlurField({ value, onSave, ...rest }: BlurFieldProps) {
  return <BlurSaveInput type="text" text={value} commit={onSave} {...rest} />;
}
