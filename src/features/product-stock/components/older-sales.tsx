import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { formatCost } from '../../../ui/cost.ts';
import { formError } from '../../../ui/controls.css.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { useOlderSales } from '../api/older-ledger.ts';
import { muted, num, status as statusClass, td } from './stock.css.ts';

const columns = [
  { label: 'Время' },
  { label: 'Количество', num: true },
  { label: 'Себестоимость', num: true },
  { label: 'Цена продажи, ₽', num: true },
  { label: 'Статус' },
];
const statusLabel: Record<string, string> = { completed: 'Продано', cancelled: 'Отменено' };

/**
 * Under tab 7 «Продажи»: the device holds the sales of the last weeks (src/sync/history-window.ts); «Показать ранее»
 * reads the older ones from the server, to look at (online only).
 */
export function OlderSales({ productId }: { productId: string }) {
  const older = useOlderSales(productId);
  return (
    <div>
      {older.rows === undefined ? (
        <div className={toolbar}>
          <p className={muted}>На устройстве — продажи последних недель; более ранние хранятся на сервере.</p>
          <Button variant="secondary" disabled={older.loading} onClick={older.load}>
            {older.loading ? 'Загружаем…' : 'Показать ранее'}
          </Button>
        </div>
      ) : (
        <DataTable columns={columns} rows={older.rows} testId="older-sale-row" empty="Более ранних продаж нет.">
          {(r) => (
            <>
              <td className={td}>{formatDateTime(r.datetime)}</td>
              <td className={`${td} ${num}`}>{r.count}</td>
              <td className={`${td} ${num}`}>{formatCost(r.price)}</td>
              <td className={`${td} ${num}`}>{formatCost(r.realization_price)}</td>
              <td className={`${td} ${statusClass}`}>{statusLabel[r.status] ?? r.status}</td>
            </>
          )}
        </DataTable>
      )}
      {older.error && (
        <div className={formError} role="alert">
          {older.error}
        </div>
      )}
    </div>
  );
}
