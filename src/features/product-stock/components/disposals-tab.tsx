import { Link } from '@tanstack/react-router';
import { formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { button } from '../../../ui/controls.css.ts';
import { disposalTotal } from '../api/totals.ts';
import { deleteDisposal, setDisposalCount, setDisposalPrice } from '../../../stock/update-disposal.ts';
import { useDisposals } from '../api/use-stock-rows.ts';
import { CountCell, CountFoot, DeleteCell, PriceCell } from './row-cells.tsx';
import { RowsTab } from './rows-tab.tsx';
import { num, td } from './stock.css.ts';
import { useSeesCosts } from '../../../lib/permissions.ts';
import { authorName } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';

/** Without costs: no sum column (the rows carry no prices to multiply). */
const columnsFor = (costs: boolean) => [
  { label: 'Количество', num: true },
  { label: 'Цена, ₽', num: true },
  ...(costs ? [{ label: 'Сумма', num: true }] : []),
  { label: 'Действия', unnamed: true },
];

/** Tab 4 «Списание»: count and price save on blur, delete removes the row at once. */
export function DisposalsTab({ productId }: { productId: string }) {
  const rows = useDisposals(productId);
  const costs = useSeesCosts();
  const members = useMemberNames();
  if (!rows) return null;
  return (
    <RowsTab
      add={
        <Link
          className={button.primary}
          to="/product/$productId/disposal/$disposalId"
          params={{ productId, disposalId: 'new' }}
        >
          + Списать
        </Link>
      }
      columns={columnsFor(costs)}
      rows={rows}
      testId="disposal-row"
      empty="Списаний нет."
      when={(r) => formatDateTime(r.datetime)}
      author={(r) => authorName(members?.names, r.created_by)}
      foot={
        <CountFoot label="Списано" rows={rows} total={costs ? disposalTotal(rows) : null} testId="disposal-total" />
      }
    >
      {(r, when) => (
        <>
          <CountCell when={when} value={r.count} onSave={(n) => setDisposalCount(r, n)} />
          <PriceCell label="Цена" when={when} value={r.price} onSave={(n) => setDisposalPrice(r, n)} />
          {costs && <td className={`${td} ${num}`}>{formatRoubles(r.count * r.price)}</td>}
          <DeleteCell what="списание" when={when} onDelete={() => deleteDisposal(r)} />
        </>
      )}
    </RowsTab>
  );
}
