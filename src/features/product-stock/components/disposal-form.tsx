import { useNavigate } from '@tanstack/react-router';
import { useSaveForm } from './use-save-form.ts';
import { useProductStock } from '../../../stock/projected-stock.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { createDisposal } from '../api/create-disposal.ts';
import { parseNumber } from '../../../stock/rules.ts';
import { FormPage } from './form-page.tsx';

/** /product/{id}/disposal/new — «Списать» (docs/rules.md «Проверки ввода и пределы»: count 1, price 0); afterwards the disposal tab. */
export function DisposalForm({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const stock = useProductStock(productId);
  const { values, set, error, busy, submit } = useSaveForm(
    { count: '1', price: '0', description: '' },
    (v) =>
      createDisposal({
        productId,
        count: parseNumber(v.count),
        price: parseNumber(v.price),
        description: v.description,
      }),
    () => navigate({ to: '/product/$productId', params: { productId }, search: { td: 4 } }),
  );

  return (
    <FormPage productId={productId} title="Списание">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {stock && <Muted>Можно списать: {Math.max(0, stock.free)} шт.</Muted>}
        <TextField
          label="Количество"
          name="count"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, stock?.free ?? 1)}
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
