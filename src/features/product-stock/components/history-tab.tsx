import { useState } from 'react';
import { useProductStock } from '../../../stock/projected-stock.ts';
import { formatDateTime, formatMoment, formatRoubles } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import type { MovementReason } from '../api/types.ts';
import { useMovements } from '../api/use-stock-rows.ts';
import { minus, muted, num, plus, td } from './stock.css.ts';

const reasonLabel: Record<MovementReason, string> = {
  receipt: 'Поступление',
  correction: 'Правка остатка',
  removal: 'Удаление партии',
  disposal: 'Списание',
  markdown: 'Уценка',
  realization: 'Продажа',
  other_realization: 'Прочая реализация',
  reversal: 'Возврат на склад (отмена или правка расхода)',
};
const PAGE = 50;
const columns = [{ label: 'Время' }, { label: 'Причина' }, { label: 'Количество', num: true }, { label: 'Партия от' }, { label: 'Цена за ед.', num: true }];
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** Tab 8 «История»: the product's ledger (stock movements) as the server recorded it, newest first. */
export function HistoryTab({ productId }: { productId: string }) {
  const movements = useMovements(productId);
  const stock = useProductStock(productId);
  const [page, setPage] = useState(1);
  if (!movements || !stock) return null;
  const lotDate = new Map(stock.lots.map((l) => [l.id, l.created_at]));
  const pages = Math.max(1, Math.ceil(movements.length / PAGE));
  const current = Math.min(page, pages);
  const shown = movements.slice((current - 1) * PAGE, current * PAGE);
  return (
    <div>
      <p className={muted}>Движения записывает сервер: изменения, ещё не отправленные с этого устройства, появятся здесь после синхронизации.</p>
      <DataTable columns={columns} rows={shown} testId="movement-row" empty="Движений по складу пока нет.">
        {(m) => {
          const lot = lotDate.get(m.lot_id);
          return (
            <>
              <td className={td}>{formatDateTime(m.created_at)}</td>
              <td className={td}>{reasonLabel[m.reason] ?? m.reason}</td>
              <td className={`${td} ${num} ${m.delta > 0 ? plus : minus}`}>{signed(m.delta)}</td>
              <td className={td}>{lot ? formatMoment(lot) : '—'}</td>
              <td className={`${td} ${num}`}>{formatRoubles(m.unit_cost)}</td>
            </>
          );
        }}
      </DataTable>
      <Pagination page={current} pages={pages} onPage={setPage} />
    </div>
  );
}
