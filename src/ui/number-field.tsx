import { useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { numberInputText, readTypedNumber, sameNumber, type NumberRules } from '../lib/number-text.ts';
import { BlurSaveInput, type SaveOutcome } from './blur-field.tsx';
import { input } from './controls.css.ts';
import { cellError } from './table.css.ts';
import { Frame } from './text-field.tsx';

/*
 * The app's number fields: text inputs with a numeric keyboard that take «1200,5», «1200.5» and
 * «1 200,5» and show a decimal comma in any browser language (why not type="number":
 * src/lib/number-text.ts). Counts (`integer`) get the digits keyboard. Text that is no number is
 * named in Russian under the field once the user leaves it; ranges and whole units stay the
 * domain's checks (src/stock/rules.ts), which the parent runs on the number it is handed.
 */

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'inputMode' | 'min' | 'max' | 'step'
>;

export interface NumberInputProps extends NativeInput, NumberRules {
  /** The number the field holds: null when empty, NaN when its text is no number. */
  value: number | null;
  /** On every keystroke: what the text reads as (NaN when it is no number or breaks a rule) and the text. */
  onValue(value: number | null, text: string): void;
  /** What to show while the user is not typing, when not the value itself (a draft kept as typed). */
  text?: string;
}

/**
 * The text shown and the input's handlers. The typed text stays while it still reads as the value;
 * a value set from outside (a form reset, a count cut to the stock) replaces it. Leaving a valid
 * text shows it as the app writes numbers («1200,» becomes «1200»).
 */
function useTypedNumber({ value, onValue, text, integer, required }: NumberInputProps) {
  const rules = { integer, required };
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const typing = draft !== null && sameNumber(readTypedNumber(draft, rules).value, value);
  const shown = typing ? draft : (text ?? numberInputText(value));
  return {
    error,
    inputProps: {
      type: 'text',
      inputMode: integer ? 'numeric' : 'decimal',
      autoComplete: 'off',
      value: shown,
      onChange(e: ChangeEvent<HTMLInputElement>) {
        const typed = e.target.value;
        setDraft(typed);
        setError(null);
        onValue(readTypedNumber(typed, rules).value, typed);
      },
      onBlur() {
        const problem = readTypedNumber(shown, rules).error;
        setError(problem);
        if (!problem) setDraft(null);
      },
    } as const,
  };
}

/** A bare number field (a table cell's): its error under it. */
export function NumberInput({ value, onValue, text, integer, required, ...rest }: NumberInputProps) {
  const { error, inputProps } = useTypedNumber({ value, onValue, text, integer, required });
  return (
    <span>
      <input {...rest} {...inputProps} aria-invalid={error || rest['aria-invalid'] ? true : undefined} />
      {error && (
        <span className={cellError} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

export interface NumberFieldProps extends NumberInputProps {
  label: string;
  /** A refusal from outside the field (the form's); the field's own error comes first. */
  error?: string;
}

/** A labelled number field of a form, laid out as TextField. */
export function NumberField({ label, error, value, onValue, text, integer, required, ...rest }: NumberFieldProps) {
  const id = useId();
  const own = useTypedNumber({ value, onValue, text, integer, required });
  const shown = own.error ?? error;
  return (
    <Frame id={id} label={label} error={shown}>
      <input
        id={id}
        className={input}
        aria-describedby={shown ? `${id}-error` : undefined}
        {...rest}
        {...own.inputProps}
        aria-invalid={shown ? true : undefined}
      />
    </Frame>
  );
}

export interface BlurNumberFieldProps extends NativeInput, Omit<NumberRules, 'required'> {
  value: number;
  /** Accessible name: the column and the row, e.g. «Количество, 12.03.2025 10:00». */
  label: string;
  /** Called on blur when the number changed; a refusal is shown under the field and the value reverts. */
  onSave(value: number): Promise<SaveOutcome> | SaveOutcome;
}

/** A table cell's number that saves when it loses focus (docs/screens.md: edits save on blur); never empty. */
export function BlurNumberField({ value, onSave, integer, ...rest }: BlurNumberFieldProps) {
  return (
    <BlurSaveInput
      {...rest}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      text={numberInputText(value)}
      commit={(draft) => {
        const typed = readTypedNumber(draft, { integer, required: true });
        if (typed.error !== null || typed.value === null) return { ok: false, error: typed.error ?? '' };
        return typed.value === value ? null : onSave(typed.value);
      }}
    />
  );
}
