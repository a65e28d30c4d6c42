import { useNavigate } from '@tanstack/react-router';
import { useSaveForm } from './use-save-form.ts';
import { toApiDate } from '../../../lib/dates.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { NumberField } from '../../../ui/number-field.tsx';
import { receiveStock } from '../api/receive-stock.ts';
import { FormPage } from './form-page.tsx';

/**
 * /product/{id}/inventory/new — «Оприходовать» (docs/screens.md «Адреса»: count 1, price 100). Afterwards to
 * /inventory when opened from there (backToInventoryList), otherwise to the accounting tab.
 */
export function ReceiveForm({ productId, backToInventoryList }: { productId: string; backToInventoryList: boolean }) {
  const navigate = useNavigate();
  const { values, set, put, error, busy, submit } = useSaveForm(
    { count: 1 as number | null, price: 100 as number | null, date: toApiDate() },
    (v) => receiveStock({ productId, count: v.count ?? NaN, price: v.price ?? NaN, date: v.date }),
    () =>
      backToInventoryList
        ? navigate({ to: '/inventory' })
        : navigate({ to: '/product/$productId', params: { productId }, search: { td: 2 } }),
  );

  return (
    <FormPage productId={productId} title="Оприходование">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <NumberField label="Количество" name="count" integer value={values.count} onValue={put('count')} />
        <NumberField label="Цена за единицу, ₽" name="price" value={values.price} onValue={put('price')} />
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
