import { useState, type FormEvent } from 'react';
import type { Check } from '../../../stock/rules.ts';

/**
 * A stock form's state: the typed values, and one save at a time whose refusal stays on the form
 * (the values kept) while success moves on. A second tap while saving must not queue a second row.
 */
export function useSaveForm<V extends object>(
  initial: V,
  save: (values: V) => Promise<Check>,
  done: () => Promise<unknown>,
) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (name: keyof V) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  /** For a number field (src/ui/number-field.tsx), which hands over the number. */
  const put = (name: keyof V) => (value: number | null) => setValues((v) => ({ ...v, [name]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await save(values);
    if (!result.ok) {
      setBusy(false);
      return setError(result.error);
    }
    await done();
  }

  return { values, setValues, set, put, error, busy, submit };
}
