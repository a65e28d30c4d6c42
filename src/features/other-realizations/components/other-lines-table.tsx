import { formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { imageSrc } from '../../../lib/image-src.ts';
import { countProblem, lineProblem, lineState, lineSum, maxFor, type OtherLine } from '../api/other-lines.ts';
import { marketplaces, type OtherRealization } from '../api/types.ts';
import type { ProductInfo } from '../api/use-products.ts';
import { cellError, line as lineClass, num, numberInput, product, select, small, table, tableWrap, td, textInput, th, thumb } from './other.css.ts';

const marketplaceLabel = (m: string) => (m === 'Other' ? 'Другое' : m);

interface Props {
  lines: OtherLine[];
  saved: Map<string, OtherRealization>;
  products: Map<string, ProductInfo>;
  available: Map<string, number>;
  /** After a refused save: lines with a problem are flagged until fixed. */
  flagging: boolean;
  onChange(id: string, patch: Partial<Omit<OtherLine, 'id' | 'product_id'>>): void;
  onRemove(id: string): void;
}

/** Note, destination marketplace, count, realization price, sum and delete per line (docs/screens.md «Адреса»). */
export function OtherLinesTable({ lines, saved, products, available, flagging, onChange, onRemove }: Props) {
  return (
    <div className={tableWrap}>
      <table className={table}>
        <thead>
          <tr>
            <th className={`${th} ${num}`}>№</th>
            <th className={th}>Товар</th>
            <th className={th}>Примечание</th>
            <th className={th}>Маркетплейс</th>
            <th className={`${th} ${num}`}>Количество</th>
            <th className={`${th} ${num}`}>Цена реализации, ₽</th>
            <th className={`${th} ${num}`}>Сумма</th>
            <th className={th} aria-label="Удалить" />
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const info = products.get(l.product_id);
            const problem = flagging ? lineProblem(lines, l, available) : null;
            const n = i + 1;
            return (
              <tr key={l.id} className={lineClass} data-testid="other-line" data-state={lineState(l, saved.get(l.id))} data-flagged={problem ? true : undefined}>
                <td className={`${td} ${num}`}>{n}</td>
                <td className={td}>
                  <span className={product}>
                    {info?.image ? <img className={thumb} src={imageSrc(info.image)} alt="" loading="lazy" /> : <span className={thumb} />}
                    <span>
                      {info?.name ?? 'Товар не найден'}
                      <span className={small}>На складе: {available.get(l.product_id) ?? 0} шт.</span>
                      {problem && (
                        <span className={cellError} role="alert">
                          {problem}
                        </span>
                      )}
                    </span>
                  </span>
                </td>
                <td className={td}>
                  <input className={textInput} aria-label={`Примечание, строка ${n}`} value={l.description} onChange={(e) => onChange(l.id, { description: e.target.value })} />
                </td>
                <td className={td}>
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
                        {marketplaceLabel(m)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={`${td} ${num}`}>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    max={maxFor(lines, l.id, available)}
                    className={numberInput}
                    aria-label={`Количество, строка ${n}`}
                    aria-invalid={problem && countProblem(lines, l, available) ? true : undefined}
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
                    className={numberInput}
                    aria-label={`Цена реализации, строка ${n}`}
                    value={l.realization_price}
                    onChange={(e) => onChange(l.id, { realization_price: e.target.value })}
                  />
                </td>
                <td className={`${td} ${num}`}>{formatRoubles(lineSum(l))}</td>
                <td className={td}>
                  <Button variant="danger" aria-label={`Удалить строку ${n}`} onClick={() => onRemove(l.id)}>
                    ✕
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
