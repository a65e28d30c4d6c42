import { useNavigate } from '@tanstack/react-router';
import { useSaveForm } from './use-save-form.ts';
import { useProductStock } from '../../../stock/projected-stock.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { NumberField } from '../../../ui/number-field.tsx';
import { TextArea } from '../../../ui/text-field.tsx';
import { createMarkdown } from '../api/create-markdown.ts';
import type { Markdown } from '../api/types.ts';
import { updateMarkdown } from '../../../stock/update-markdown.ts';
import { useMarkdown } from '../api/use-stock-rows.ts';
import { FormPage } from './form-page.tsx';
import { checkbox } from './stock.css.ts';
import { hasCost, HIDDEN_COST } from '../../../ui/cost.ts';

interface Values {
  price: number | null;
  markdown_price: number | null;
  description: string;
  release: boolean;
}

/**
 * /product/{id}/markdown/{markdown_id}: «new» marks one unit down («Уценить»; the price starts at
 * the cost of the unit FIFO will take), an existing id shows its fields to edit. Afterwards the
 * markdown tab.
 */
export function MarkdownForm({ productId, markdownId }: { productId: string; markdownId: string }) {
  const isNew = markdownId === 'new';
  const existing = useMarkdown(isNew ? '' : markdownId);
  const stock = useProductStock(productId);
  const title = isNew ? 'Уценка' : 'Изменение уценки';
  if (!stock || (!isNew && !existing))
    return (
      <FormPage productId={productId} title={title}>
        {null}
      </FormPage>
    );
  if (!isNew && !existing?.row)
    return (
      <FormPage productId={productId} title={title}>
        <Muted>Уценка не найдена: возможно, она удалена.</Muted>
      </FormPage>
    );
  const row = existing?.row;
  // A member without costs gets lots without prices: the price is theirs to type, not a made-up 0.
  const next = stock.lots.find((l) => l.count > 0);
  const nextUnitCost = !next ? 0 : hasCost(next.price) ? next.price : null;
  const initial: Values = row
    ? {
        price: hasCost(row.price) ? row.price : null,
        markdown_price: hasCost(row.markdown_price) ? row.markdown_price : null,
        description: row.description,
        release: row.release,
      }
    : { price: nextUnitCost, markdown_price: 0, description: '', release: false };
  return (
    <FormPage productId={productId} title={title}>
      <MarkdownFields productId={productId} row={row} initial={initial} free={stock.free} />
    </FormPage>
  );
}

function MarkdownFields({
  productId,
  row,
  initial,
  free,
}: {
  productId: string;
  row?: Markdown;
  initial: Values;
  free: number;
}) {
  const navigate = useNavigate();
  // A saved markdown whose prices the member does not see keeps them: only the description and «Продана» change.
  const pricesHidden = row !== undefined && !hasCost(row.price);
  const { values, setValues, set, put, error, busy, submit } = useSaveForm(
    initial,
    (v) => {
      const prices = { price: v.price ?? NaN, markdown_price: v.markdown_price ?? NaN };
      if (row)
        return updateMarkdown(row, {
          ...(pricesHidden ? {} : prices),
          description: v.description,
          release: v.release,
        });
      return createMarkdown({ productId, ...prices, description: v.description });
    },
    () => navigate({ to: '/product/$productId', params: { productId }, search: { td: 3 } }),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {!row && <Muted>Уценивается одна единица товара. Свободно: {Math.max(0, free)} шт.</Muted>}
      {pricesHidden ? (
        <p data-testid="prices-hidden">
          Цена, ₽: {HIDDEN_COST} · цена уценки, ₽: {HIDDEN_COST}
        </p>
      ) : (
        <>
          <NumberField label="Цена, ₽" name="price" value={values.price} onValue={put('price')} />
          <NumberField
            label="Цена уценки, ₽"
            name="markdown_price"
            value={values.markdown_price}
            onValue={put('markdown_price')}
          />
        </>
      )}
      <TextArea
        label="Описание"
        name="description"
        rows={3}
        maxLength={5000}
        value={values.description}
        onChange={set('description')}
      />
      {row && (
        <label>
          <input
            type="checkbox"
            className={checkbox}
            checked={values.release}
            onChange={(e) => setValues((v) => ({ ...v, release: e.target.checked }))}
          />
          Продана
        </label>
      )}
      {error && (
        <div className={formError} role="alert">
          {error}
        </div>
      )}
      <Button type="submit" disabled={busy}>
        {row ? 'Сохранить' : 'Уценить'}
      </Button>
    </form>
  );
}
