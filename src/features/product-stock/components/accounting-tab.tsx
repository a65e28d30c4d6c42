import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useProductStock } from '../../../stock/projected-stock.ts';
import { formatAmount, formatMoment, formatRoubles } from '../../../lib/format.ts';
import { button, row } from '../../../ui/controls.css.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { setLotCount, setLotPrice } from '../../../stock/update-lot.ts';
import { useSeesCosts } from '../../../lib/permissions.ts';
import { AUTHOR_COLUMN } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';
import { BlurNumber } from './blur-input.tsx';
import { AuthorCell, PriceCell } from './row-cells.tsx';
import { checkbox, foot, muted, num, summary, td } from './stock.css.ts';

/** The sum column and the totals line need every lot's price: a member without costs gets neither. */
const columnsFor = (costs: boolean) => [
  { label: 'Дата' },
  { label: 'Поступило', num: true },
  { label: 'Остаток', num: true },
  { label: 'Цена, ₽', num: true },
  ...(costs ? [{ label: 'Сумма', num: true }] : []),
  { label: AUTHOR_COLUMN },
];

/**
 * Tab 2 «Учёт»: the product's lots, oldest first (the order FIFO takes them), with remaining
 * units as the server will have them once the queued edits are sent. Remaining count and price
 * save on blur.
 */
export function AccountingTab({ productId }: { productId: string }) {
  const stock = useProductStock(productId);
  const costs = useSeesCosts();
  const members = useMemberNames();
  const [inStockOnly, setInStockOnly] = useState(false);
  if (!stock) return null;
  const lots = inStockOnly ? stock.lots.filter((l) => l.count > 0) : stock.lots;
  const spent = stock.lots.reduce((s, l) => s + l.count_max * l.price, 0);
  const value = stock.lots.reduce((s, l) => s + l.count * l.price, 0);

  return (
    <div>
      <div className={row}>
        <Link
          className={button.primary}
          to="/product/$productId/inventory/$inventoryId"
          params={{ productId, inventoryId: 'new' }}
        >
          + Оприходовать
        </Link>
        <label className={row}>
          <input
            type="checkbox"
            className={checkbox}
            checked={inStockOnly}
            onChange={(e) => setInStockOnly(e.target.checked)}
          />
          Только с остатком
        </label>
      </div>
      <p className={summary} data-testid="stock-line">
        На складе: {formatAmount(stock.onHand)} шт., в резерве: {formatAmount(stock.reserved)} шт., свободно:{' '}
        {formatAmount(Math.max(0, stock.free))} шт.
      </p>
      <DataTable
        columns={columnsFor(costs)}
        rows={lots}
        testId="lot-row"
        empty="Партий нет. Оприходуйте товар, чтобы он появился на складе."
      >
        {(lot) => {
          const when = formatMoment(lot.created_at);
          return (
            <>
              <td className={td}>
                {when}
                {lot.is_return === true && <span className={muted}> ↩ возврат</span>}
              </td>
              <td className={`${td} ${num}`}>{formatAmount(lot.count_max)}</td>
              <td className={`${td} ${num}`}>
                <BlurNumber label={`Остаток, ${when}`} value={lot.count} integer onSave={(n) => setLotCount(lot, n)} />
              </td>
              <PriceCell label="Цена" when={when} value={lot.price} onSave={(n) => setLotPrice(lot, n)} />
              {costs && <td className={`${td} ${num}`}>{formatRoubles(lot.count * lot.price)}</td>}
              <AuthorCell names={members?.names} id={lot.created_by} />
            </>
          );
        }}
      </DataTable>
      {costs && (
        <p className={foot} data-testid="accounting-totals">
          Остаток на сумму {formatRoubles(value)} · закуплено на сумму {formatRoubles(spent)}
        </p>
      )}
    </div>
  );
}
