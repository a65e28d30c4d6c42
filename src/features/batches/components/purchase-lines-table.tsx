import { DocumentLines, LineNumberCell, LineProblem, LineThumb } from '../../../ui/document-lines.tsx';
import type { CatalogProduct } from '../../../lib/product-catalog.ts';
import { lineProblem, lineState, lineSum, type BatchLot, type PurchaseLine } from '../api/purchase-lines.ts';
import { cellInput, small, td } from './batches.css.ts';
import { HIDDEN_COST } from '../../../ui/cost.ts';

interface Props {
  lines: PurchaseLine[];
  saved: Map<string, BatchLot>;
  products: Map<string, CatalogProduct>;
  /** After a refused «Оприходовать»: lines with a problem are flagged until fixed. */
  flagging: boolean;
  /** No remove buttons when the batch has markdowns or disposals (docs/rules.md «Документы»). */
  removable: boolean;
  onChange(id: string, patch: Partial<Pick<PurchaseLine, 'count' | 'price'>>): void;
  onRemove(id: string): void;
  /** False: no «Сумма» column (a member without leave to see costs). */
  seesCosts?: boolean;
}

const columns = [
  { label: 'Фото' },
  { label: 'Товар', sticky: true },
  { label: 'Количество', num: true },
  { label: 'Цена, ₽', num: true },
];

/** The purchase editor's lines: count, price, total and remove. */
export function PurchaseLinesTable({
  lines,
  saved,
  products,
  flagging,
  removable,
  onChange,
  onRemove,
  seesCosts = true,
}: Props) {
  // A lot units have already left cannot be taken out of the batch.
  const blocked = (l: PurchaseLine) =>
    (saved.get(l.id)?.taken ?? 0) > 0 ? 'Из партии уже расходовали товар: её нельзя убрать' : undefined;
  return (
    <DocumentLines
      columns={columns}
      lines={lines}
      testId="purchase-line"
      state={(l) => lineState(l, saved.get(l.id))}
      problem={(l) => (flagging ? lineProblem(l, saved.get(l.id)) : null)}
      sum={seesCosts ? lineSum : undefined}
      remove={removable ? { label: 'Убрать строку', blocked, onRemove } : undefined}
    >
      {(l, problem, n) => {
        const product = products.get(l.product_id);
        return (
          <>
            <td className={td}>
              <LineThumb image={product?.image} />
            </td>
            <td className={td} data-cell="name">
              {product?.name ?? 'Товар не найден'}
              {product && product.articles.length > 0 && <span className={small}>{product.articles.join(', ')}</span>}
              <LineProblem problem={problem} />
            </td>
            <LineNumberCell
              column="Количество"
              label={`Количество, строка ${n}`}
              className={cellInput}
              invalid={!!problem}
              value={l.count}
              onValue={(count) => onChange(l.id, { count })}
            />
            <LineNumberCell
              column="Цена, ₽"
              label={`Цена, строка ${n}`}
              money
              className={cellInput}
              invalid={!!problem}
              placeholder={l.priceHidden ? HIDDEN_COST : undefined}
              value={l.price}
              onValue={(price) => onChange(l.id, { price })}
            />
          </>
        );
      }}
    </DocumentLines>
  );
}
