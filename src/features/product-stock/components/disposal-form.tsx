import { useNavigate } from '@tanstack/react-router';
import { useSaveForm } from './use-save-form.ts';
import { useProductStock } from '../../../stock/projected-stock.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { NumberField } from '../../../ui/number-field.tsx';
import { TextArea } from '../../../ui/text-field.tsx';
import { createDisposal } from '../api/create-disposal.ts';
import { FormPage } from './form-page.tsx';

/**
 * /product/{id}/disposal/new — «Списать» (docs/rules.md «Проверки ввода и пределы»: count 1, price 0); afterwards the
 * disposal tab.
 */
export function DisposalForm({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const stock = useProductStock(productId);
  const { values, set, put, error, busy, submit } = useSaveForm(
    { count: 1 as number | null, price: 0 as number | null, description: '' },
    (v) =>
      createDisposal({
        productId,
        count: v.count ?? NaN,
        price: v.price ?? NaN,
        description: v.description,
      }),
    () => navigate({ to: '/product/$productId', params: { productId }, search: { td: 4 } }),
  );

  return (
    <FormPage productId={productId} title="Списание">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {stock && <Muted>Можно списать: {Math.max(0, stock.free)} шт.</Muted>}
        <NumberField label="Количество" name="count" integer value={values.count} onValue={put('count')} />
        <NumberField label="Цена за единицу, ₽" name="price" value={values.price} onValue={put('price')} />
        <TextArea
          label="Причина"
          name="description"
          rows={2}
          maxLength={5000}
          value={values.description}
          onChange={set('description')}
        />
        {error && (
          <div className={formError} role="alert">
            {error}
          </div>
        )}
        <Button type="submit" disabled={busy}>
          Списать
        </Button>
      </form>
    </FormPage>
  );
}
