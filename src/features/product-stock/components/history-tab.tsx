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
import { exportLedger, useLedger } from '../api/ledger.ts';
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
 * made each and a «Сотрудник» filter; «Экспорт» saves every page the filter leaves.
 */
export function HistoryTab({ productId }: { productId: string }) {
  const ledger = useLedger(productId);
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
          <ExportMenu onExport={(format) => exportLedger(productId, format, member)} />
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
    </div>
  );
}
