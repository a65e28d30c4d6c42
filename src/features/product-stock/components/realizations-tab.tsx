import { notify } from '../../../state/app-state.ts';
import { formatAmount, formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { row as rowClass } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { createRealization } from '../api/create-realization.ts';
import { parseNumber } from '../../../stock/rules.ts';
import { realizationTotal } from '../api/totals.ts';
import type { Realization, RealizationStatus } from '../api/types.ts';
import { cancelRealization, deleteRealization, setRealizationCount, setRealizationPrice } from '../api/update-realization.ts';
import { useRealizations } from '../api/use-stock-rows.ts';
import { AddRowForm } from './add-row-form.tsx';
import { BlurInput } from './blur-input.tsx';
import { foot, num, status as statusClass, table, tableWrap, td, th } from './stock.css.ts';

const statusLabel: Record<RealizationStatus, string> = { completed: 'Продано', cancelled: 'Отменено' };

/** Tab 7 «Продажи»: add a sale, edit count and sale price, cancel (units back), delete. */
export function RealizationsTab({ productId }: { productId: string }) {
  const rows = useRealizations(productId);
  if (!rows) return null;
  const completed = rows.filter((r) => r.status === 'completed');

  async function cancel(row: Realization) {
    const result = await cancelRealization(row);
    if (!result.ok) notify({ type: 'error', text: result.error }, 10_000);
  }

  return (
    <div>
      <AddRowForm
        submitLabel="Продать"
        fields={[
          { name: 'count', label: 'Количество', initial: '1' },
          { name: 'realization_price', label: 'Цена продажи, ₽', initial: '0', step: '0.01' },
        ]}
        onSubmit={(v) => createRealization({ productId, count: v.count!, realization_price: v.realization_price! })}
      />
      {rows.length === 0 ? (
        <Muted>Продаж нет.</Muted>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Дата</th>
                <th className={`${th} ${num}`}>Количество</th>
                <th className={`${th} ${num}`}>Себестоимость</th>
                <th className={`${th} ${num}`}>Цена продажи, ₽</th>
                <th className={th}>Статус</th>
                <th className={th} aria-label="Действия" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const when = formatDateTime(r.datetime);
                const open = r.status === 'completed';
                return (
                  <tr key={r.id} data-testid="realization-row" className={r.status}>
                    <td className={td}>{when}</td>
                    <td className={`${td} ${num}`}>
                      <BlurInput
                        label={`Количество, ${when}`}
                        value={r.count}
                        min={1}
                        step={1}
                        disabled={!open}
                        onSave={(t) => setRealizationCount(r, parseNumber(t))}
                      />
                    </td>
                    <td className={`${td} ${num}`}>{formatRoubles(r.price)}</td>
                    <td className={`${td} ${num}`}>
                      <BlurInput
                        label={`Цена продажи, ${when}`}
                        value={r.realization_price}
                        min={0}
                        step="0.01"
                        disabled={!open}
                        onSave={(t) => setRealizationPrice(r, parseNumber(t))}
                      />
                    </td>
                    <td className={`${td} ${statusClass}`}>{statusLabel[r.status] ?? r.status}</td>
                    <td className={td}>
                      <span className={rowClass}>
                        {open && (
                          <Button variant="secondary" onClick={() => void cancel(r)}>
                            Отменить
                          </Button>
                        )}
                        <Button variant="danger" aria-label={`Удалить продажу ${when}`} title="Удалить" onClick={() => void deleteRealization(r)}>
                          🗑
                        </Button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className={foot}>
        Продано: {formatAmount(completed.reduce((s, r) => s + r.count, 0))} шт. на сумму {formatRoubles(realizationTotal(completed))}
      </p>
    </div>
  );
}
