import { formatAmount, formatMoment, formatRoubles } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { Muted } from '../../../ui/page.tsx';
import { realizationTotal } from '../api/totals.ts';
import { useOtherRealizations } from '../api/use-stock-rows.ts';
import { CountFoot } from './row-cells.tsx';
import { num, td } from './stock.css.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';

const columns = [
  { label: 'Дата' },
  { label: 'Маркетплейс' },
  { label: 'Количество', num: true },
  { label: 'Себестоимость', num: true },
  { label: 'Цена реализации', num: true },
];

/** Tab 5 «Прочая реализация»: read only here; they are made on /other-realizations/add. */
export function OtherRealizationsTab({ productId }: { productId: string }) {
  const rows = useOtherRealizations(productId);
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
            <td className={`${td} ${num}`}>{formatRoubles(r.price)}</td>
            <td className={`${td} ${num}`}>{formatRoubles(r.realization_price)}</td>
          </>
        )}
      </DataTable>
      <CountFoot label="Реализовано" rows={rows} total={realizationTotal(rows)} />
    </div>
  );
}
