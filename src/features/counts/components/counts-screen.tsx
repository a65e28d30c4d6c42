import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { authorName } from '../../../ui/members.tsx';
import { Card, Muted, Page } from '../../../ui/page.tsx';
import { button } from '../../../ui/controls.css.ts';
import { useCountMemberNames } from '../api/member-names.ts';
import { useCounts } from '../api/use-counts.ts';
import type { Count } from '../api/types.ts';
import * as css from './counts.css.ts';

export const scopeText = (c: Pick<Count, 'scope' | 'product_ids'>) =>
  c.scope === 'all' ? 'Весь склад' : `Выборочная: ${c.product_ids.length} шт. товаров`;
export const statusText = (c: Pick<Count, 'status'>) => (c.status === 'posted' ? 'Проведена' : 'Черновик');

/** /counts: every stock count on the device, newest first, and «Новая инвентаризация». */
export function CountsScreen() {
  const counts = useCounts();
  const names = useCountMemberNames();
  return (
    <Page title="Инвентаризация">
      <div className={css.toolbar}>
        <Link to="/counts/new" className={button.primary}>
          Новая инвентаризация
        </Link>
      </div>
      {counts?.length === 0 && (
        <Card>
          <Muted>Инвентаризаций пока нет.</Muted>
        </Card>
      )}
      {counts && counts.length > 0 && (
        <div className={css.tableWrap}>
          <table className={css.table} aria-label="Инвентаризации">
            <thead>
              <tr>
                <th className={css.th}>Название</th>
                <th className={css.th}>Область</th>
                <th className={css.th}>Статус</th>
                <th className={css.th}>Дата</th>
                <th className={css.th}>Кто</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((c) => (
                <tr key={c.id}>
                  <td className={css.td}>
                    <Link to="/counts/$countId" params={{ countId: c.id }}>
                      {c.name || 'Без названия'}
                    </Link>
                  </td>
                  <td className={css.td}>{scopeText(c)}</td>
                  <td className={css.td}>
                    <span className={c.status === 'posted' ? css.posted : css.status}>{statusText(c)}</span>
                  </td>
                  <td className={css.td}>{formatDateTime(c.posted_at ?? c.created_at)}</td>
                  <td className={css.td}>{authorName(names?.names, c.created_by)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
