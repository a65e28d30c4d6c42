import { useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSaveForm } from './use-save-form.ts';
import { useProductStock } from '../../../stock/projected-stock.ts';
import { Button } from '../../../ui/button.tsx';
import { useDocumentScan } from '../../../ui/document-scan.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { NumberField } from '../../../ui/number-field.tsx';
import { TextArea } from '../../../ui/text-field.tsx';
import { createDisposal } from '../api/create-disposal.ts';
import { useProductName } from '../api/use-stock-rows.ts';
import { FormPage } from './form-page.tsx';

/**
 * /product/{id}/disposal/new — «Списать» (docs/rules.md «Проверки ввода и пределы»: count 1, price 0); afterwards the
 * disposal tab.
 */
export function DisposalForm({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const stock = useProductStock(productId);
  const name = useProductName(productId);
  const scans = useRef(0);
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

  // This write-off is of one product: its scan counts one more unit while free stock is left; another product's scan
  // is refused with the reason on screen, so a wrong item in the hand is not written off unseen.
  const scanned = useDocumentScan({
    products: name ? [{ id: productId, name }] : [],
    onProduct(scannedProduct) {
      if (scannedProduct.id !== productId)
        return `Это списание товара «${name ?? ''}», а отсканирован «${scannedProduct.name}»`;
      const free = Math.max(0, stock?.free ?? 0);
      // The form opens at 1: the first scan is that unit, each further scan one more.
      const typed = values.count !== null && Number.isInteger(values.count) ? values.count : 0;
      const count = scans.current === 0 ? 1 : typed + 1;
      if (count > free)
        return free === 0 ? 'Нечего списать: свободного остатка нет' : `Больше не списать: свободно ${free} шт.`;
      scans.current += 1;
      put('count')(count);
      return null;
    },
  });

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
      {scanned}
    </FormPage>
  );
}
