import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { DATE_MAX, DATE_MIN, toApiDate } from '../../../lib/dates.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { receiveStock } from '../api/receive-stock.ts';
import { parseNumber } from '../api/rules.ts';
import { FormPage } from './form-page.tsx';

/**
 * /product/{id}/inventory/new — «Оприходовать» (SPEC §2, §5: count 1, price 100). Afterwards to
 * /inventory when opened from there (backToInventoryList), otherwise to the accounting tab.
 */
export function ReceiveForm({ productId, backToInventoryList }: { productId: string; backToInventoryList: boolean }) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ count: '1', price: '100', date: toApiDate() });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await receiveStock({ productId, count: parseNumber(values.count), price: parseNumber(values.price), date: values.date });
    if (!result.ok) {
      setBusy(false);
      return setError(result.error);
    }
    if (backToInventoryList) await navigate({ to: '/inventory' });
    else await navigate({ to: '/product/$productId', params: { productId }, search: { td: 2 } });
  }

  return (
    <FormPage productId={productId} title="Оприходование">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Количество" name="count" type="number" inputMode="numeric" min={1} step={1} value={values.count} onChange={set('count')} />
        <TextField label="Цена за единицу, ₽" name="price" type="number" inputMode="decimal" min={0} step="0.01" value={values.price} onChange={set('price')} />
        <TextField label="Дата поступления" name="date" type="date" min={DATE_MIN} max={DATE_MAX} value={values.date} onChange={set('date')} />
        {error && (
          <div className={formError} role="alert">
            {error}
          </div>
        )}
        <Button type="submit" disabled={busy}>
          Оприходовать
        </Button>
      </form>
    </FormPage>
  );
}
