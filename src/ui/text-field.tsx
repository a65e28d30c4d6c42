import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { field, fieldError, input, label as labelClass, textarea } from './controls.css.ts';

export interface FieldFrame {
  label: string;
  error?: string;
}

/** A labelled field with its error under it; `id` is the control's, the error's is `${id}-error`. */
export function Frame({ id, label, error, children }: FieldFrame & { id: string; children: React.ReactNode }) {
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <span className={fieldError} id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function TextField({ label, error, ...rest }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error}>
      <input
        id={id}
        className={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
    </Frame>
  );
}

export function TextArea({ label, error, ...rest }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error}>
      <textarea id={id} className={textarea} aria-invalid={error ? true : undefined} {...rest} />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  options,
  ...rest
}: FieldFrame &
  SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error}>
      <select id={id} className={input} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}
