import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { NumberField } from '../../../ui/number-field.tsx';
import type { Check } from '../../../stock/rules.ts';
import { addForm, submitCell } from './stock.css.ts';

interface Field {
  name: string;
  label: string;
  initial: number;
  /** Whole units: the digits keyboard. */
  integer?: boolean;
}

/** The fields of a tab's add form: units (one to start with), then a price in roubles named `name`. */
export const countAndPrice = (name: string, label: string): Field[] => [
  { name: 'count', label: 'Количество', initial: 1, integer: true },
  { name, label, initial: 0 },
];

/** The add form above a tab's rows: number fields and one button; a refusal is shown, nothing is sent. */
export function AddRowForm({
  fields,
  submitLabel,
  onSubmit,
}: {
  fields: Field[];
  submitLabel: string;
  onSubmit(values: Record<string, number>): Promise<Check>;
}) {
  const initial = () => Object.fromEntries(fields.map((f) => [f.name, f.initial]));
  const [values, setValues] = useState<Record<string, number | null>>(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await onSubmit(Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? NaN])));
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(undefined);
    setValues(initial());
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className={addForm}>
        {fields.map((f) => (
          <NumberField
            key={f.name}
            label={f.label}
            name={f.name}
            integer={f.integer}
            value={values[f.name] ?? null}
            onValue={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
          />
        ))}
        <div className={submitCell}>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </div>
      {error && (
        <div className={formError} role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
