import { formatAmount, formatMoment } from '../../../lib/format.ts';
import { formatCost, hasCost, HIDDEN_COST } from '../../../ui/cost.ts';
import { AUTHOR_COLUMN, authorName } from '../../../ui/members.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import type { InventoryRow } from '../api/types.ts';
import { setLotCount, setLotPrice } from '../../../stock/update-lot.ts';
import { BlurNumber } from './blur-number.tsx';
import { articles, num, returnMark, td, thumb } from './inventory.css.ts';

/** Without costs there is nothing to sum: no «Сумма». */
const columnsFor = (costs: boolean) => [
  { label: 'Дата' },
  { label: 'Фото' },
  { label: 'Товар', sticky: true },
  { label: 'Закуплено', num: true },
  { label: 'Себестоимость, ₽', num: true },
  { label: 'Остаток', num: true },
  ...(costs ? [{ label: 'Сумма', num: true }] : []),
  { label: AUTHOR_COLUMN },
];

/**
 * The /inventory table (docs/screens.md «Адреса»): cost price and remaining units are edited in place, saved on blur;
 * who received each lot. A member without leave to see costs reads «—» for the cost and no sums.
 */
export function InventoryTable({
  rows,
  seesCosts = true,
  names,
}: {
  rows: InventoryRow[];
  seesCosts?: boolean;
  names?: ReadonlyMap<string, string>;
}) {
  return (
    <DataTable columns={columnsFor(seesCosts)} rows={rows} testId="inventory-row">
      {(r) => {
        const when = formatMoment(r.created_at);
        return (
          <>
            <td className={td}>
              {when}
              {r.is_return && (
                <span className={returnMark} title="Возврат" aria-label="Возврат">
                  ↩
                </span>
              )}
            </td>
            <td className={td}>
              <Thumb image={r.image} className={thumb} />
            </td>
            <td className={td}>
              {r.name}
              {r.articles.length > 0 && <span className={articles}>{r.articles.join(', ')}</span>}
            </td>
            <td className={`${td} ${num}`}>{formatAmount(r.count_max)}</td>
            <td className={`${td} ${num}`}>
              {hasCost(r.price) ? (
                <BlurNumber
                  value={r.price}
                  label={`Себестоимость, ${r.name}, ${when}`}
                  onSave={(price) => setLotPrice({ id: r.id, price: r.price! }, price)}
                />
              ) : (
                HIDDEN_COST
              )}
            </td>
            <td className={`${td} ${num}`}>
              <BlurNumber
                value={r.count}
                integer
                label={`Остаток, ${r.name}, ${when}`}
                onSave={(count) => setLotCount(r, count)}
              />
            </td>
            {seesCosts && <td className={`${td} ${num}`}>{formatCost(r.count * (r.price ?? NaN))}</td>}
            <td className={td}>{authorName(names, r.created_by)}</td>
          </>
        );
      }}
    </DataTable>
  );
}
