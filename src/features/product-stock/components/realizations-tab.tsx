import { formatDateTime } from '../../../lib/format.ts';
import { can, seesCosts, useMembership } from '../../../lib/permissions.ts';
import { formatCost } from '../../../ui/cost.ts';
import { authorName } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';
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
import { OlderSales } from './older-sales.tsx';
import { OrderPostingCell } from './order-posting-cell.tsx';
import { CountCell, CountFoot, DeleteCell, PriceCell, reportRefusal } from './row-cells.tsx';
import { RowsTab } from './rows-tab.tsx';
import { num, status as statusClass, td } from './stock.css.ts';

const statusLabel: Record<RealizationStatus, string> = { completed: 'Продано', cancelled: 'Отменено' };
/** A role that may not sell sees the sales without their actions column. */
const columnsFor = (canSell: boolean) => [
  { label: 'Количество', num: true },
  { label: 'Себестоимость', num: true },
  { label: 'Цена продажи, ₽', num: true },
  { label: 'Статус' },
  ...(canSell ? [{ label: 'Действия', unnamed: true }] : []),
];

/**
 * Tab 7 «Продажи»: add a sale, edit count and sale price, cancel (units back), delete. A sale a marketplace order
 * made shows its posting instead: only the order changes it (a buyer's return goes through «Возвраты»). Selling
 * is the owner's and the managers': the warehouse role reads the sales only.
 */
export function RealizationsTab({ productId }: { productId: string }) {
  const rows = useRealizations(productId);
  const membership = useMembership();
  const members = useMemberNames();
  if (!rows) return null;
  const canSell = can(membership, 'sales');
  const costs = seesCosts(membership);
  const completed = rows.filter((r) => r.status === 'completed');
  return (
    <>
      <RowsTab
        add={
          canSell && (
            <AddRowForm
              submitLabel="Продать"
              fields={countAndPrice('realization_price', 'Цена продажи, ₽')}
              onSubmit={(v) =>
                createRealization({ productId, count: v.count!, realization_price: v.realization_price! })
              }
            />
          )
        }
        columns={columnsFor(canSell)}
        rows={rows}
        testId="realization-row"
        empty="Продаж нет."
        when={(r) => formatDateTime(r.datetime)}
        author={(r) => authorName(members?.names, r.created_by)}
        rowClass={(r) => r.status}
        foot={<CountFoot label="Продано" rows={completed} total={costs ? realizationTotal(completed) : null} />}
      >
        {(r, when) => {
          const open = r.status === 'completed' && !r.posting;
          return (
            <>
              <CountCell
                when={when}
                value={r.count}
                disabled={!open}
                readOnly={!canSell}
                onSave={(n) => setRealizationCount(r, n)}
              />
              <td className={`${td} ${num}`}>{formatCost(r.price)}</td>
              <PriceCell
                label="Цена продажи"
                when={when}
                value={r.realization_price}
                disabled={!open}
                readOnly={!canSell}
                onSave={(n) => setRealizationPrice(r, n)}
              />
              <td className={`${td} ${statusClass}`}>{statusLabel[r.status] ?? r.status}</td>
              {!canSell ? null : r.posting ? (
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
      <OlderSales productId={productId} />
    </>
  );
}
