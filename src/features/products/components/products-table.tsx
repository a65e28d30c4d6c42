import { formatAmount, formatRoubles } from '../../../lib/format.ts';
import { imageSrc } from '../../../lib/image-src.ts';
import { averageCost, type ProductOrder, type ProductRow } from '../api/product-table.ts';
import { articles, nameButton, num, selectedRow, sortButton, table, tableWrap, td, th, thumb, thumbButton, tr } from './products.css.ts';

interface Props {
  rows: ProductRow[];
  firstNumber: number;
  order: ProductOrder;
  onOrder(order: ProductOrder): void;
  selected: readonly string[];
  onToggle(id: string): void;
  onOpen(id: string): void;
}

const arrow = (order: ProductOrder, key: 'name' | 'count') => (order === key ? ' ▲' : order === `-${key}` ? ' ▼' : '');
const ariaSort = (order: ProductOrder, key: 'name' | 'count') => (order === key ? 'ascending' : order === `-${key}` ? 'descending' : undefined);

/** The /products table (docs/screens.md «Адреса»): a row opens the product, its picture toggles selection. */
export function ProductsTable({ rows, firstNumber, order, onOrder, selected, onToggle, onOpen }: Props) {
  const sortBy = (key: 'name' | 'count') => onOrder(order === key ? `-${key}` : key);
  return (
    <div className={tableWrap}>
      <table className={table}>
        <thead>
          <tr>
            <th className={`${th} ${num}`}>№</th>
            <th className={th}>Фото</th>
            <th className={th} aria-sort={ariaSort(order, 'name')}>
              <button type="button" className={sortButton} onClick={() => sortBy('name')}>
                Название{arrow(order, 'name')}
              </button>
            </th>
            <th className={`${th} ${num}`} aria-sort={ariaSort(order, 'count')}>
              <button type="button" className={sortButton} onClick={() => sortBy('count')}>
                Остаток{arrow(order, 'count')}
              </button>
            </th>
            <th className={`${th} ${num}`}>Резерв</th>
            <th className={`${th} ${num}`}>Уценка</th>
            <th className={`${th} ${num}`}>Ср. себестоимость</th>
            <th className={`${th} ${num}`}>Сумма</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const isSelected = selected.includes(r.id);
            return (
              <tr key={r.id} className={isSelected ? `${tr} ${selectedRow}` : tr} onClick={() => onOpen(r.id)} data-testid="product-row">
                <td className={`${td} ${num}`}>{firstNumber + i}</td>
                <td className={td}>
                  <button
                    type="button"
                    className={thumbButton}
                    aria-pressed={isSelected}
                    aria-label={`Выбрать «${r.name}»`}
                    onClick={(e) => {
                      // Selecting must not also open the product.
                      e.stopPropagation();
                      onToggle(r.id);
                    }}
                  >
                    {r.image && <img className={thumb} src={imageSrc(r.image)} alt="" loading="lazy" />}
                  </button>
                </td>
                <td className={td}>
                  <button type="button" className={nameButton}>
                    {r.name}
                    {r.articles.length > 0 && <span className={articles}>{r.articles.join(', ')}</span>}
                  </button>
                </td>
                <td className={`${td} ${num}`}>{formatAmount(r.count)}</td>
                <td className={`${td} ${num}`}>{formatAmount(r.reserve)}</td>
                <td className={`${td} ${num}`}>{formatAmount(r.markdowns)}</td>
                <td className={`${td} ${num}`}>{formatRoubles(averageCost(r))}</td>
                <td className={`${td} ${num}`}>{formatRoubles(r.total_price)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
