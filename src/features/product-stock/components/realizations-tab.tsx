import { formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { createRealization } from '../api/create-realization.ts';
import { realizationTotal } from '../api/totals.ts';
import type { RealizationStatus } from '../api/types.ts';
import {
  cancelRealization,
  deleteRealization,
  setRealizationCount,
  setRealizationPrice,
} from '../api/update-realization.ts';
import { useRealizations } from '../api/use-stock-rows.ts';
import { AddRowForm, countAndPrice } from './add-row-form.tsx';
import { OrderPostingCell } from './order-posting-cell.tsx';
import { CountCell, CountFoot, DeleteCell, PriceCell, reportRefusal } from './row-cells.tsx';
import { RowsTab } from './rows-tab.tsx';
import { num, status as statusClass, td } from './stock.css.ts';

const statusLabel: Record<RealizationStatus, string> = { completed: 'Продано', cancelled: 'Отменено' };
const columns = [
  { label: 'Количество', num: true },
  { label: 'Себестоимость', num: true },
  { label: 'Цена продажи, ₽', num: true },
  { label: 'Статус' },
  { label: 'Действия', unnamed: true },
];

/**
 * Tab 7 «Продажи»: add a sale, edit count and sale price, cancel (units back), delete. A sale a marketplace order
 * made shows its posting instead: only the order changes it (a buyer's return goes through «Возвраты»).
 */
export function RealizationsTab({ productId }: { productId: string }) {
  const rows = useRealizations(productId);
  if (!rows) return null;
  const completed = rows.filter((r) => r.status === 'completed');
  return (
    <RowsTab
      add={
        <AddRowForm
          submitLabel="Продать"
          fields={countAndPrice('realization_price', 'Цена продажи, ₽')}
          onSubmit={(v) => createRealization({ productId, count: v.count!, realization_price: v.realization_price! })}
        />
      }
      columns={columns}
      rows={rows}
      testId="realization-row"
      empty="Продаж нет."
      when={(r) => formatDateTime(r.datetime)}
      rowClass={(r) => r.status}
      foot={<CountFoot label="Продано" rows={completed} total={realizationTotal(completed)} />}
    >
      {(r, when) => {
        const open = r.status === 'completed' && !r.posting;
        return (
          <>
            <CountCell when={when} value={r.count} disabled={!open} onSave={(n) => setRealizationCount(r, n)} />
            <td className={`${td} ${num}`}>{formatRoubles(r.price)}</td>
            <PriceCell
              label="Цена продажи"
              when={when}
              value={r.realization_price}
              disabled={!open}
              onSave={(n) => setRealizationPrice(r, n)}
            />
            <td className={`${td} ${statusClass}`}>{statusLabel[r.status] ?? r.status}</td>
            {r.posting ? (
              <OrderPostingCell posting={r.posting} />
            ) : (
              <DeleteCell
                what="продажу"
                when={when}
                onDelete={() => deleteRealization(r)}
                actions={
                  open && (
                    <Button variant="secondary" onClick={() => void reportRefusal(cancelRealization(r))}>
                      Отменить
                    </Button>
                  )
                }
              />
            )}
          </>
        );
      }}
    </RowsTab>
  );
}
