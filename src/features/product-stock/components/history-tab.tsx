import { useState } from 'react';
import { formatDateTime, formatMoment, formatSigned } from '../../../lib/format.ts';
import { formatCost } from '../../../ui/cost.ts';
import { AUTHOR_COLUMN, byAuthor, MemberFilter } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';
import { AuthorCell } from './row-cells.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { exportLedger, useLedger, withOlder } from '../api/ledger.ts';
import { useOlderLedger } from '../api/older-ledger.ts';
import { Button } from '../../../ui/button.tsx';
import { formError } from '../../../ui/controls.css.ts';
import { filters, minus, muted, num, plus, td } from './stock.css.ts';

const PAGE = 50;
const columns = [
  { label: 'Время' },
  { label: 'Причина' },
  { label: 'Количество', num: true },
  { label: 'Партия от' },
  { label: 'Цена за ед.', num: true },
  { label: AUTHOR_COLUMN },
];

/**
 * Tab 8 «История»: the product's ledger (stock movements) as the server recorded it, newest first, with who
 * made each and a «Сотрудник» filter; «Экспорт» saves every page the filter leaves. The device holds the last
 * weeks (src/sync/history-window.ts); «Показать ранее» adds older rows from the server, a page at a time.
 */
export function HistoryTab({ productId }: { productId: string }) {
  const recent = useLedger(productId);
  const older = useOlderLedger(productId);
  const ledger = recent && withOlder(recent, older.rows);
  const members = useMemberNames();
  const [page, setPage] = useState(1);
  const [member, setMember] = useState('');
  if (!ledger) return null;
  const matching = byAuthor(ledger, member);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * PAGE, current * PAGE);
  return (
    <div>
      <div className={toolbar}>
        <p className={muted}>
          Движения записывает сервер: изменения, ещё не отправленные с этого устройства, появятся здесь после
          синхронизации.
        </p>
        <div className={filters}>
          <MemberFilter
            members={members?.members ?? []}
            names={members?.names}
            value={member}
            onChange={(next) => {
              setMember(next);
              setPage(1);
            }}
          />
          <ExportMenu onExport={(format) => exportLedger(productId, format, member, older.rows)} />
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={shown}
        testId="movement-row"
        empty={member ? 'Движений этого сотрудника нет.' : 'Движений по складу пока нет.'}
      >
        {(m) => (
          <>
            <td className={td}>{formatDateTime(m.created_at)}</td>
            <td className={td}>{m.reason}</td>
            <td className={`${td} ${num} ${m.delta > 0 ? plus : minus}`}>{formatSigned(m.delta)}</td>
            <td className={td}>{m.lotDate ? formatMoment(m.lotDate) : '—'}</td>
            <td className={`${td} ${num}`}>{formatCost(m.unit_cost)}</td>
            <AuthorCell names={members?.names} id={m.created_by} />
          </>
        )}
      </DataTable>
      <Pagination page={current} pages={pages} onPage={setPage} />
      <div className={toolbar}>
        <p className={muted}>
          {older.more
            ? 'На устройстве — движения последних недель; более ранние хранятся на сервере.'
            : 'Показана вся история товара.'}
        </p>
        {older.more && (
          <Button variant="secondary" disabled={older.loading} onClick={older.loadMore}>
            {older.loading ? 'Загружаем…' : 'Показать ранее'}
          </Button>
        )}
      </div>
      {older.error && (
        <div className={formError} role="alert">
          {older.error}
        </div>
      )}
    </div>
  );
}
