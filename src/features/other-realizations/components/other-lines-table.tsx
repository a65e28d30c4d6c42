import { DocumentLines, LineNumberCell, LineProblem, LineThumb } from '../../../ui/document-lines.tsx';
import { countProblem, lineProblem, lineState, lineSum, type OtherLine } from '../api/other-lines.ts';
import { marketplaces, type OtherRealization } from '../api/types.ts';
import type { ProductInfo } from '../api/use-products.ts';
import { numberInput, product, select, small, td, textInput } from './other.css.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { HIDDEN_COST } from '../../../ui/cost.ts';

interface Props {
  lines: OtherLine[];
  saved: Map<string, OtherRealization>;
  products: Map<string, ProductInfo>;
  available: Map<string, number>;
  /** After a refused save: lines with a problem are flagged until fixed. */
  flagging: boolean;
  onChange(id: string, patch: Partial<Omit<OtherLine, 'id' | 'product_id'>>): void;
  onRemove(id: string): void;
  /** False: no «Сумма» column (a member without leave to see costs). */
  seesCosts?: boolean;
}

const columns = [
  { label: 'Товар', sticky: true },
  { label: 'Примечание' },
  { label: 'Маркетплейс' },
  { label: 'Количество', num: true },
  { label: 'Цена реализации, ₽', num: true },
];

/** Note, destination marketplace, count, realization price, sum and delete per line (docs/screens.md «Адреса»). */
export function OtherLinesTable({
  lines,
  saved,
  products,
  available,
  flagging,
  onChange,
  onRemove,
  seesCosts = true,
}: Props) {
  return (
    <DocumentLines
      columns={columns}
      wide
      lines={lines}
      testId="other-line"
      state={(l) => lineState(l, saved.get(l.id))}
      problem={(l) => (flagging ? lineProblem(lines, l, available, saved.get(l.id)) : null)}
      sum={seesCosts ? lineSum : undefined}
      remove={{ label: 'Удалить строку', onRemove }}
    >
      {(l, problem, n) => {
        const info = products.get(l.product_id);
        return (
          <>
            <td className={td} data-cell="name">
              <span className={product}>
                <LineThumb image={info?.image} />
                <span>
                  {info?.name ?? 'Товар не найден'}
                  <span className={small}>На складе: {available.get(l.product_id) ?? 0} шт.</span>
                  <LineProblem problem={problem} />
                </span>
              </span>
            </td>
            <td className={td} data-label="Примечание">
              <input
                className={textInput}
                aria-label={`Примечание, строка ${n}`}
                value={l.description}
                onChange={(e) => onChange(l.id, { description: e.target.value })}
              />
            </td>
            <td className={td} data-label="Маркетплейс">
              <select
                className={select}
                aria-label={`Маркетплейс, строка ${n}`}
                aria-invalid={problem && !l.marketplace ? true : undefined}
                value={l.marketplace}
                onChange={(e) => onChange(l.id, { marketplace: e.target.value as OtherLine['marketplace'] })}
              >
                <option value="">Не выбран</option>
                {marketplaces.map((m) => (
                  <option key={m} value={m}>
                    {marketplaceName(m)}
                  </option>
                ))}
              </select>
            </td>
            <LineNumberCell
              column="Количество"
              label={`Количество, строка ${n}`}
              className={numberInput}
              invalid={!!problem && !!countProblem(lines, l, available)}
              value={l.count}
              onValue={(count) => onChange(l.id, { count })}
            />
            <LineNumberCell
              column="Цена реализации, ₽"
              label={`Цена реализации, строка ${n}`}
              money
              className={numberInput}
              placeholder={l.priceHidden ? HIDDEN_COST : undefined}
              value={l.realization_price}
              onValue={(realization_price) => onChange(l.id, { realization_price })}
            />
          </>
        );
      }}
    </DocumentLines>
  );
}
