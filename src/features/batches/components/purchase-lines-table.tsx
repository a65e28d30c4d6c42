import { formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { imageSrc } from '../../../lib/image-src.ts';
import type { CatalogProduct } from '../api/product-catalog.ts';
import { lineProblem, lineState, lineSum, type BatchLot, type PurchaseLine } from '../api/purchase-lines.ts';
import { cellError, cellInput, line as lineClass, num, small, table, tableWrap, td, th, thumb } from './batches.css.ts';

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
}

/** The purchase editor's lines: count, price, total and remove. */
export function PurchaseLinesTable({ lines, saved, products, flagging, removable, onChange, onRemove }: Props) {
  return (
    <div className={tableWrap}>
      <table className={table}>
        <thead>
          <tr>
            <th className={`${th} ${num}`}>№</th>
            <th className={th}>Фото</th>
            <th className={th}>Товар</th>
            <th className={`${th} ${num}`}>Количество</th>
            <th className={`${th} ${num}`}>Цена, ₽</th>
            <th className={`${th} ${num}`}>Сумма</th>
            {removable && <th className={th} aria-label="Удалить" />}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const lot = saved.get(l.id);
            const product = products.get(l.product_id);
            const name = product?.name ?? 'Товар не найден';
            const problem = flagging ? lineProblem(l, lot) : null;
            return (
              <tr key={l.id} className={lineClass} data-testid="purchase-line" data-state={lineState(l, lot)} data-flagged={problem ? true : undefined}>
                <td className={`${td} ${num}`}>{i + 1}</td>
                <td className={td}>{product?.image ? <img className={thumb} src={imageSrc(product.image)} alt="" loading="lazy" /> : <span className={thumb} />}</td>
                <td className={td}>
                  {name}
                  {product && product.articles.length > 0 && <span className={small}>{product.articles.join(', ')}</span>}
                  {problem && (
                    <span className={cellError} role="alert">
                      {problem}
                    </span>
                  )}
                </td>
                <td className={`${td} ${num}`}>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    className={cellInput}
                    aria-label={`Количество, строка ${i + 1}`}
                    aria-invalid={problem ? true : undefined}
                    value={l.count}
                    onChange={(e) => onChange(l.id, { count: e.target.value })}
                  />
                </td>
                <td className={`${td} ${num}`}>
                  <input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    className={cellInput}
                    aria-label={`Цена, строка ${i + 1}`}
                    aria-invalid={problem ? true : undefined}
                    value={l.price}
                    onChange={(e) => onChange(l.id, { price: e.target.value })}
                  />
                </td>
                <td className={`${td} ${num}`}>{formatRoubles(lineSum(l))}</td>
                {removable && (
                  <td className={td}>
                    <Button
                      variant="danger"
                      disabled={(lot?.taken ?? 0) > 0}
                      title={(lot?.taken ?? 0) > 0 ? 'Из партии уже расходовали товар: её нельзя убрать' : undefined}
                      aria-label={`Убрать строку ${i + 1}`}
                      onClick={() => onRemove(l.id)}
                    >
                      ✕
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
