import { formatSigned } from '../../../lib/format.ts';
import { formatCost } from '../../../ui/cost.ts';
import { NumberInput } from '../../../ui/number-field.tsx';
import { Button } from '../../../ui/button.tsx';
import type { CountRow } from '../api/use-count-document.ts';
import * as css from './counts.css.ts';

export interface CountTableProps {
  rows: readonly CountRow[];
  /** Absent on a posted count: no inputs at all. */
  onChange?(productId: string, change: { add: number } | { set: number }): void;
  shelf: string;
}

const diffClass = (d: number) => (d < 0 ? css.shortage : d > 0 ? css.surplus : undefined);

/** The document's products: expected, counted, difference in units and ₽, and this device's count on the shelf. */
export function CountTable({ rows, onChange, shelf }: CountTableProps) {
  const shelfName = shelf ? `полка «${shelf}»` : 'без полки';
  return (
    <div className={css.tableWrap}>
      <table className={css.table} aria-label="Товары инвентаризации">
        <thead>
          <tr>
            <th className={css.th}>Товар</th>
            <th className={`${css.th} ${css.num}`}>По учёту</th>
            <th className={`${css.th} ${css.num}`}>Насчитано</th>
            <th className={`${css.th} ${css.num}`}>Разница</th>
            <th className={`${css.th} ${css.num}`}>Разница, ₽</th>
            {onChange && <th className={css.th}>Мой счёт ({shelfName})</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.product_id} data-product={r.product_id}>
              <td className={css.td}>{r.name}</td>
              <td className={`${css.td} ${css.num}`} data-col="expected">
                {r.expected}
              </td>
              <td className={`${css.td} ${css.num}`} data-col="counted">
                {r.counted}
                {!r.touched && onChange && <span className={css.small}>не считали</span>}
              </td>
              <td className={`${css.td} ${css.num}`} data-col="difference">
                <span className={diffClass(r.difference)}>{formatSigned(r.difference)}</span>
              </td>
              <td className={`${css.td} ${css.num}`} data-col="cost">
                {formatCost(r.cost)}
              </td>
              {onChange && (
                <td className={css.td}>
                  <div className={css.stepper}>
                    <Button
                      variant="secondary"
                      className={css.stepButton}
                      aria-label={`Минус один: ${r.name}`}
                      disabled={r.mine === 0}
                      onClick={() => onChange(r.product_id, { add: -1 })}
                    >
                      −
                    </Button>
                    <NumberInput
                      className={css.quantity}
                      aria-label={`Мой счёт: ${r.name}`}
                      integer
                      value={r.mine}
                      onValue={(v) => {
                        if (v !== null && Number.isInteger(v) && v >= 0) onChange(r.product_id, { set: v });
                      }}
                    />
                    <Button
                      variant="secondary"
                      className={css.stepButton}
                      aria-label={`Плюс один: ${r.name}`}
                      onClick={() => onChange(r.product_id, { add: 1 })}
                    >
                      +
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
