import { memo, useMemo } from 'react';
import { formatAmount } from '../../../lib/format.ts';
import { formatCost, HIDDEN_COST } from '../../../ui/cost.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { averageCost, type ProductOrder } from '../api/product-table.ts';
import type { ProductPageRow } from '../api/use-product-table.ts';
import { articles, nameButton, shortBadge, num, selectedRow, td, thumb, thumbButton, tr } from './products.css.ts';
import { Thumb } from '../../../ui/thumb.tsx';

interface Props {
  rows: ProductPageRow[];
  firstNumber: number;
  order: ProductOrder;
  onOrder(order: ProductOrder): void;
  selected: readonly string[];
  /** Picking products to group them; without it (a role that may not group) the picture only shows. */
  onToggle?(id: string): void;
  onOpen(id: string): void;
  /** False: the average cost reads «—» and the sum column is left out (issue 24). */
  seesCosts?: boolean;
}

/** A place on the page and the product in it. */
interface Slot {
  id: string;
  row: ProductPageRow;
}

/**
 * The /products table (docs/screens.md «Адреса»): a row opens the product, its picture toggles selection.
 * Memoized: the screen re-renders for the search box and the address, the table only for new rows.
 * Rows are keyed by their place on the page, not by product: a keystroke or a page turn brings
 * mostly other products, and updating the 50 rows' texts in place costs the browser far less than
 * removing them and building 50 new ones. A picture is keyed by its address, so a reused row never
 * shows the previous product's picture while the new one loads.
 */
export const ProductsTable = memo(function ProductsTable({
  rows,
  firstNumber,
  order,
  onOrder,
  selected,
  onToggle,
  onOpen,
  seesCosts = true,
}: Props) {
  const slots = useMemo(() => rows.map((row, i): Slot => ({ id: String(i), row })), [rows]);
  const sort = (key: 'name' | 'count') => ({
    direction: order === key ? ('ascending' as const) : order === `-${key}` ? ('descending' as const) : undefined,
    onSort: () => onOrder(order === key ? `-${key}` : key),
  });
  const columns = [
    { label: '№', num: true },
    { label: 'Фото' },
    { label: 'Название', sort: sort('name'), sticky: true },
    { label: 'Остаток', num: true, sort: sort('count') },
    { label: 'Резерв', num: true },
    { label: 'Уценка', num: true },
    { label: 'Ср. себестоимость', num: true },
    ...(seesCosts ? [{ label: 'Сумма', num: true }] : []),
  ];
  return (
    <DataTable
      columns={columns}
      rows={slots}
      testId="product-row"
      rowProps={({ row: r }) => ({
        className: selected.includes(r.id) ? `${tr} ${selectedRow}` : tr,
        onClick: () => onOpen(r.id),
      })}
    >
      {({ row: r }, i) => (
        <>
          <td className={`${td} ${num}`}>{firstNumber + i}</td>
          <td className={td}>
            {onToggle ? (
              <button
                type="button"
                className={thumbButton}
                aria-pressed={selected.includes(r.id)}
                aria-label={`Выбрать «${r.name}»`}
                onClick={(e) => {
                  // Selecting must not also open the product.
                  e.stopPropagation();
                  onToggle(r.id);
                }}
              >
                <Thumb key={r.image} image={r.image} className={thumb} />
              </button>
            ) : (
              <span className={thumbButton}>
                <Thumb key={r.image} image={r.image} className={thumb} />
              </span>
            )}
          </td>
          <td className={td}>
            <button type="button" className={nameButton}>
              {r.name}
              {r.articles.length > 0 && <span className={articles}>{r.articles.join(', ')}</span>}
              {r.shortfall > 0 && (
                <span
                  className={shortBadge}
                  data-testid="shortfall"
                  title="Остатка не хватает на заказы, ждущие сборки (Отгрузки и доставки)"
                >
                  не хватает {formatAmount(r.shortfall)}
                </span>
              )}
            </button>
          </td>
          <td className={`${td} ${num}`}>{formatAmount(r.count)}</td>
          <td className={`${td} ${num}`}>{formatAmount(r.reserve)}</td>
          <td className={`${td} ${num}`}>{formatAmount(r.markdowns)}</td>
          <td className={`${td} ${num}`}>{seesCosts ? formatCost(averageCost(r)) : HIDDEN_COST}</td>
          {seesCosts && <td className={`${td} ${num}`}>{formatCost(r.total_price)}</td>}
        </>
      )}
    </DataTable>
  );
});
