import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { createReserve } from '../api/create-reserve.ts';
import type { ReserveStatus } from '../api/types.ts';
import {
  deleteReserve,
  nextStatuses,
  setReserveCount,
  setReservePrice,
  setReserveStatus,
} from '../api/update-reserve.ts';
import { useReserves } from '../api/use-stock-rows.ts';
import { AddRowForm, countAndPrice } from './add-row-form.tsx';
import { OrderPostingCell } from './order-posting-cell.tsx';
import { CountCell, CountFoot, DeleteCell, PriceCell, reportRefusal } from './row-cells.tsx';
import { RowsTab } from './rows-tab.tsx';
import { status as statusClass, td } from './stock.css.ts';
import { useSeesCosts } from '../../../lib/permissions.ts';
import { authorName } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';

const reserveStatusLabel: Record<ReserveStatus, string> = { active: 'В резерве', released: 'Снят', realized: 'Продан' };
const actionLabel: Record<ReserveStatus, string> = { active: '', released: 'Снять', realized: 'Продать' };
const columns = [
  { label: 'Количество', num: true },
  { label: 'Цена, ₽', num: true },
  { label: 'Статус' },
  { label: 'Действия', unnamed: true },
];

/**
 * Tab 6 «Резерв»: add, edit count and price while active, release or realize, delete. A reserve a marketplace order
 * made shows its posting instead: the order releases or sells it.
 */
export function ReservesTab({ productId }: { productId: string }) {
  const rows = useReserves(productId);
  const costs = useSeesCosts();
  const members = useMemberNames();
  if (!rows) return null;
  const active = rows.filter((r) => r.status === 'active');
  return (
    <RowsTab
      add={
        <AddRowForm
          submitLabel="Зарезервировать"
          fields={countAndPrice('price', 'Цена, ₽')}
          onSubmit={(v) => createReserve({ productId, count: v.count!, price: v.price! })}
        />
      }
      dateLabel="Изменён"
      columns={columns}
      rows={rows}
      testId="reserve-row"
      empty="Резервов нет."
      when={(r) => formatDateTime(r.updated_at)}
      author={(r) => authorName(members?.names, r.created_by)}
      rowClass={(r) => r.status}
      foot={
        <CountFoot
          label="В резерве"
          rows={active}
          total={costs ? active.reduce((s, r) => s + r.count * r.price, 0) : null}
        />
      }
    >
      {(r, when) => {
        const open = r.status === 'active' && !r.posting;
        return (
          <>
            <CountCell when={when} value={r.count} disabled={!open} onSave={(n) => setReserveCount(r, n)} />
            <PriceCell
              label="Цена"
              when={when}
              value={r.price}
              disabled={!open}
              onSave={(n) => setReservePrice(r, n)}
            />
            <td className={`${td} ${statusClass}`}>{reserveStatusLabel[r.status] ?? r.status}</td>
            {r.posting ? (
              <OrderPostingCell posting={r.posting} />
            ) : (
              <DeleteCell
                what="резерв"
                when={when}
                onDelete={() => deleteReserve(r)}
                actions={nextStatuses(r.status).map((s) => (
                  <Button key={s} variant="secondary" onClick={() => void reportRefusal(setReserveStatus(r, s))}>
                    {actionLabel[s]}
                  </Button>
                ))}
              />
            )}
          </>
        );
      }}
    </RowsTab>
  );
}
