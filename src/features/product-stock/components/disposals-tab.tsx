import { Link } from '@tanstack/react-router';
import { formatAmount, formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { button } from '../../../ui/controls.css.ts';
import { Muted } from '../../../ui/page.tsx';
import { parseNumber } from '../../../stock/rules.ts';
import { disposalTotal } from '../api/totals.ts';
import { deleteDisposal, setDisposalCount, setDisposalPrice } from '../../../stock/update-disposal.ts';
import { useDisposals } from '../api/use-stock-rows.ts';
import { BlurInput } from './blur-input.tsx';
import { foot, num, table, tableWrap, td, th } from './stock.css.ts';

/** Tab 4 «Списание»: count and price save on blur, delete removes the row at once. */
export function DisposalsTab({ productId }: { productId: string }) {
  const rows = useDisposals(productId);
  if (!rows) return null;
  return (
    <div>
      <Link className={button.primary} to="/product/$productId/disposal/$disposalId" params={{ productId, disposalId: 'new' }}>
        + Списать
      </Link>
      {rows.length === 0 ? (
        <Muted>Списаний нет.</Muted>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Дата</th>
                <th className={`${th} ${num}`}>Количество</th>
                <th className={`${th} ${num}`}>Цена, ₽</th>
                <th className={`${th} ${num}`}>Сумма</th>
                <th className={th} aria-label="Действия" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const when = formatDateTime(r.datetime);
                return (
                  <tr key={r.id} data-testid="disposal-row">
                    <td className={td}>{when}</td>
                    <td className={`${td} ${num}`}>
                      <BlurInput label={`Количество, ${when}`} value={r.count} min={1} step={1} onSave={(t) => setDisposalCount(r, parseNumber(t))} />
                    </td>
                    <td className={`${td} ${num}`}>
                      <BlurInput label={`Цена, ${when}`} value={r.price} min={0} step="0.01" onSave={(t) => setDisposalPrice(r, parseNumber(t))} />
                    </td>
                    <td className={`${td} ${num}`}>{formatRoubles(r.count * r.price)}</td>
                    <td className={td}>
                      <Button variant="danger" aria-label={`Удалить списание ${when}`} title="Удалить" onClick={() => void deleteDisposal(r)}>
                        🗑
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className={foot} data-testid="disposal-total">
        Списано: {formatAmount(rows.reduce((s, r) => s + r.count, 0))} шт. на сумму {formatRoubles(disposalTotal(rows))}
      </p>
    </div>
  );
}
