import { useNavigate } from '@tanstack/react-router';
import { useSaveForm } from './use-save-form.ts';
import { toApiDate } from '../../../lib/dates.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { receiveStock } from '../api/receive-stock.ts';
import { parseNumber } from '../../../stock/rules.ts';
import { FormPage } from './form-page.tsx';

/**
 * /product/{id}/inventory/new — «Оприходовать» (docs/screens.md «Адреса»: count 1, price 100). Afterwards to
 * /inventory when opened from there (backToInventoryList), otherwise to the accounting tab.
 */
export function ReceiveForm({ productId, backToInventoryList }: { productId: string; backToInventoryList: boolean }) {
  const navigate = useNavigate();
  const { values, set, error, busy, submit } = useSaveForm(
    { count: '1', price: '100', date: toApiDate() },
    (v) => receiveStock({ productId, count: parseNumber(v.count), price: parseNumber(v.price), date: v.date }),
    () =>
      backToInventoryList
        ? navigate({ to: '/inventory' })
        : navigate({ to: '/product/$productId', params: { productId }, search: { td: 2 } }),
  );

  return (
    <FormPage productId={productId} title="Оприходование">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Количество"
          name="count"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.count}
          onChange={set('count')}
        />
        <TextField
          label="Цена за единицу, ₽"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={values.price}
          onChange={set('price')}
        />
        <DateField
          label="Дата поступления"
          name="date"
          value={values.date}
          onChange={(value) => set('date')({ target: { value } })}
        />
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
