import { useState } from 'react';
import { error as errorClass, input, textInput } from './markdowns.css.ts';

type Result = { ok: true } | { ok: false; error: string };

/** A cell's field saved on blur; a refusal is shown under it and the value reverts. */
export function SavedField({
  value,
  label,
  type = 'number',
  onSave,
}: {
  value: string | number;
  label: string;
  type?: 'number' | 'text';
  onSave(text: string): Promise<Result>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
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
        className={type === 'number' ? input : textInput}
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? '0.01' : undefined}
        maxLength={type === 'text' ? 5000 : undefined}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={draft ?? String(value)}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
        onBlur={() => void commit()}
      />
      {error && (
        <span className={errorClass} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
