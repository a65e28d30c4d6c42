import { notify } from '../../../state/app-state.ts';
import { formatAmount, formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { row as rowClass } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { createReserve } from '../api/create-reserve.ts';
import { parseNumber } from '../../../stock/rules.ts';
import type { Reserve, ReserveStatus } from '../api/types.ts';
import { deleteReserve, nextStatuses, setReserveCount, setReservePrice, setReserveStatus } from '../api/update-reserve.ts';
import { useReserves } from '../api/use-stock-rows.ts';
import { AddRowForm } from './add-row-form.tsx';
import { BlurInput } from './blur-input.tsx';
import { foot, num, status as statusClass, table, tableWrap, td, th } from './stock.css.ts';

const reserveStatusLabel: Record<ReserveStatus, string> = { active: 'В резерве', released: 'Снят', realized: 'Продан' };
const actionLabel: Record<ReserveStatus, string> = { active: '', released: 'Снять', realized: 'Продать' };

/** Tab 6 «Резерв»: add, edit count and price while active, release or realize, delete. */
export function ReservesTab({ productId }: { productId: string }) {
  const rows = useReserves(productId);
  if (!rows) return null;
  const active = rows.filter((r) => r.status === 'active');

  async function move(row: Reserve, status: ReserveStatus) {
    const result = await setReserveStatus(row, status);
    if (!result.ok) notify({ type: 'error', text: result.error }, 10_000);
  }

  return (
    <div>
      <AddRowForm
        submitLabel="Зарезервировать"
        fields={[
          { name: 'count', label: 'Количество', initial: '1' },
          { name: 'price', label: 'Цена, ₽', initial: '0', step: '0.01' },
        ]}
        onSubmit={(v) => createReserve({ productId, count: v.count!, price: v.price! })}
      />
      {rows.length === 0 ? (
        <Muted>Резервов нет.</Muted>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Изменён</th>
                <th className={`${th} ${num}`}>Количество</th>
                <th className={`${th} ${num}`}>Цена, ₽</th>
                <th className={th}>Статус</th>
                <th className={th} aria-label="Действия" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const when = formatDateTime(r.updated_at);
                const open = r.status === 'active';
                return (
                  <tr key={r.id} data-testid="reserve-row" className={r.status}>
                    <td className={td}>{when}</td>
                    <td className={`${td} ${num}`}>
                      <BlurInput
                        label={`Количество, ${when}`}
                        value={r.count}
                        min={1}
                        step={1}
                        disabled={!open}
                        onSave={(t) => setReserveCount(r, parseNumber(t))}
                      />
                    </td>
                    <td className={`${td} ${num}`}>
                      <BlurInput
                        label={`Цена, ${when}`}
                        value={r.price}
                        min={0}
                        step="0.01"
                        disabled={!open}
                        onSave={(t) => setReservePrice(r, parseNumber(t))}
                      />
                    </td>
                    <td className={`${td} ${statusClass}`}>{reserveStatusLabel[r.status] ?? r.status}</td>
                    <td className={td}>
                      <span className={rowClass}>
                        {nextStatuses(r.status).map((s) => (
                          <Button key={s} variant="secondary" onClick={() => void move(r, s)}>
                            {actionLabel[s]}
                          </Button>
                        ))}
                        <Button variant="danger" aria-label={`Удалить резерв ${when}`} title="Удалить" onClick={() => void deleteReserve(r)}>
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
        В резерве: {formatAmount(active.reduce((s, r) => s + r.count, 0))} шт. на сумму {formatRoubles(active.reduce((s, r) => s + r.count * r.price, 0))}
      </p>
    </div>
  );
}
