import { formatAmount, formatMoment } from '../../../lib/format.ts';
import { useSeesCosts } from '../../../lib/permissions.ts';
import { formatCost } from '../../../ui/cost.ts';
import { AUTHOR_COLUMN } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { Muted } from '../../../ui/page.tsx';
import { realizationTotal } from '../api/totals.ts';
import { useOtherRealizations } from '../api/use-stock-rows.ts';
import { AuthorCell, CountFoot } from './row-cells.tsx';
import { num, td } from './stock.css.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';

const columns = [
  { label: 'Дата' },
  { label: 'Маркетплейс' },
  { label: 'Количество', num: true },
  { label: 'Себестоимость', num: true },
  { label: 'Цена реализации', num: true },
  { label: AUTHOR_COLUMN },
];

/** Tab 5 «Прочая реализация»: read only here; they are made on /other-realizations/add. */
export function OtherRealizationsTab({ productId }: { productId: string }) {
  const rows = useOtherRealizations(productId);
  const costs = useSeesCosts();
  const members = useMemberNames();
  if (!rows) return null;
  if (rows.length === 0) return <Muted>Прочих реализаций нет.</Muted>;
  return (
    <div>
      <DataTable columns={columns} rows={rows} testId="other-realization-row">
        {(r) => (
          <>
            <td className={td}>{formatMoment(r.date)}</td>
            <td className={td}>{marketplaceName(r.marketplace)}</td>
            <td className={`${td} ${num}`}>{formatAmount(r.count)}</td>
            <td className={`${td} ${num}`}>{formatCost(r.price)}</td>
            <td className={`${td} ${num}`}>{formatCost(r.realization_price)}</td>
            <AuthorCell names={members?.names} id={r.created_by} />
          </>
        )}
      </DataTable>
      <CountFoot label="Реализовано" rows={rows} total={costs ? realizationTotal(rows) : null} />
    </div>
  );
}
