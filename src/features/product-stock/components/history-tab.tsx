import { useState } from 'react';
import { formatDateTime, formatMoment, formatRoubles, formatSigned } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { exportLedger, useLedger } from '../api/ledger.ts';
import { minus, muted, num, plus, td } from './stock.css.ts';

const PAGE = 50;
const columns = [
  { label: 'Время' },
  { label: 'Причина' },
  { label: 'Количество', num: true },
  { label: 'Партия от' },
  { label: 'Цена за ед.', num: true },
];

/**
 * Tab 8 «История»: the product's ledger (stock movements) as the server recorded it, newest first; «Экспорт» saves
 * every page.
 */
export function HistoryTab({ productId }: { productId: string }) {
  const ledger = useLedger(productId);
  const [page, setPage] = useState(1);
  if (!ledger) return null;
  const pages = Math.max(1, Math.ceil(ledger.length / PAGE));
  const current = Math.min(page, pages);
  const shown = ledger.slice((current - 1) * PAGE, current * PAGE);
  return (
    <div>
      <div className={toolbar}>
        <p className={muted}>
          Движения записывает сервер: изменения, ещё не отправленные с этого устройства, появятся здесь после
          синхронизации.
        </p>
        <ExportMenu onExport={(format) => exportLedger(productId, format)} />
      </div>
      <DataTable columns={columns} rows={shown} testId="movement-row" empty="Движений по складу пока нет.">
        {(m) => (
          <>
            <td className={td}>{formatDateTime(m.created_at)}</td>
            <td className={td}>{m.reason}</td>
            <td className={`${td} ${num} ${m.delta > 0 ? plus : minus}`}>{formatSigned(m.delta)}</td>
            <td className={td}>{m.lotDate ? formatMoment(m.lotDate) : '—'}</td>
            <td className={`${td} ${num}`}>{formatRoubles(m.unit_cost)}</td>
          </>
        )}
      </DataTable>
      <Pagination page={current} pages={pages} onPage={setPage} />
    </div>
  );
}
