import { formatAmount, formatMoment, formatRoubles } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { Thumb } from '../../../ui/thumb.tsx';
import type { InventoryRow } from '../api/types.ts';
import { setLotCount, setLotPrice } from '../../../stock/update-lot.ts';
import { BlurNumber } from './blur-number.tsx';
import { articles, num, returnMark, td, thumb } from './inventory.css.ts';

const columns = [
  { label: 'Дата' },
  { label: 'Фото' },
  { label: 'Товар', sticky: true },
  { label: 'Закуплено', num: true },
  { label: 'Себестоимость, ₽', num: true },
  { label: 'Остаток', num: true },
  { label: 'Сумма', num: true },
];

/**
 * The /inventory table (docs/screens.md «Адреса»): cost price and remaining units are edited in place, saved on blur.
 */
export function InventoryTable({ rows }: { rows: InventoryRow[] }) {
  return (
    <DataTable columns={columns} rows={rows} testId="inventory-row">
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
              <BlurNumber
                value={r.price}
                label={`Себестоимость, ${r.name}, ${when}`}
                onSave={(price) => setLotPrice(r, price)}
              />
            </td>
            <td className={`${td} ${num}`}>
              <BlurNumber
                value={r.count}
                integer
                label={`Остаток, ${r.name}, ${when}`}
                onSave={(count) => setLotCount(r, count)}
              />
            </td>
            <td className={`${td} ${num}`}>{formatRoubles(r.count * r.price)}</td>
          </>
        );
      }}
    </DataTable>
  );
}
