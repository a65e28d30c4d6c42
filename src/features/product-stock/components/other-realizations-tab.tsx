import { formatAmount, formatMoment, formatRoubles } from '../../../lib/format.ts';
import { Muted } from '../../../ui/page.tsx';
import { realizationTotal } from '../api/totals.ts';
import type { OtherRealization } from '../api/types.ts';
import { useOtherRealizations } from '../api/use-stock-rows.ts';
import { foot, num, table, tableWrap, td, th } from './stock.css.ts';

const marketplaceLabel: Record<NonNullable<OtherRealization['marketplace']>, string> = {
  OZON: 'OZON',
  WB: 'Wildberries',
  YM: 'Яндекс Маркет',
  Other: 'Другое',
};

/** Tab 5 «Прочая реализация»: read only here; they are made on /other-realizations/add. */
export function OtherRealizationsTab({ productId }: { productId: string }) {
  const rows = useOtherRealizations(productId);
  if (!rows) return null;
  if (rows.length === 0) return <Muted>Прочих реализаций нет.</Muted>;
  return (
    <div>
      <div className={tableWrap}>
        <table className={table}>
          <thead>
            <tr>
              <th className={th}>Дата</th>
              <th className={th}>Маркетплейс</th>
              <th className={`${th} ${num}`}>Количество</th>
              <th className={`${th} ${num}`}>Себестоимость</th>
              <th className={`${th} ${num}`}>Цена реализации</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="other-realization-row">
                <td className={td}>{formatMoment(r.date)}</td>
                <td className={td}>{r.marketplace ? marketplaceLabel[r.marketplace] : '—'}</td>
                <td className={`${td} ${num}`}>{formatAmount(r.count)}</td>
                <td className={`${td} ${num}`}>{formatRoubles(r.price)}</td>
                <td className={`${td} ${num}`}>{formatRoubles(r.realization_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={foot}>
        Реализовано: {formatAmount(rows.reduce((s, r) => s + r.count, 0))} шт. на сумму {formatRoubles(realizationTotal(rows))}
      </p>
    </div>
  );
}
