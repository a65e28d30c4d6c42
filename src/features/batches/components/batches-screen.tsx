import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../ui/button.tsx';
import { DateRangeFields } from '../../../ui/date-range.tsx';
import { row } from '../../../ui/controls.css.ts';
import { Muted, Page } from '../../../ui/page.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import type { BatchRow } from '../api/batch-list.ts';
import { modeChosen, modeOf, searchOfMode, type BatchesSearch, type BatchMode } from '../api/batches-search.ts';
import { useBatchList } from '../api/use-batch-list.ts';
import { filters } from './batches.css.ts';
import { BatchesTable } from './batches-table.tsx';
import { ModeChooser } from './mode-chooser.tsx';
import { can, seesCosts, useMembership } from '../../../lib/permissions.ts';
import { MemberFilter } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';

const titles: Record<BatchMode, string> = {
  purchase: 'Таблица приёмки закупок',
  return: 'Таблица приёмки возвратов',
  other: 'Таблица списаний и прочих реализаций',
};

export interface BatchesScreenProps {
  search: BatchesSearch;
  onSearchChange(patch: Partial<BatchesSearch>): void;
}

/** /inventory/batches — purchase, return or write-off documents, from the device (docs/screens.md «Адреса»). */
export function BatchesScreen({ search, onSearchChange }: BatchesScreenProps) {
  const navigate = useNavigate();
  const chosen = modeChosen(search);
  const mode = modeOf(search);
  const list = useBatchList({
    mode,
    start: search.date_start,
    end: search.date_end,
    member: search.member,
    page: search.page,
  });
  const membership = useMembership();
  const members = useMemberNames();
  const canAdd = can(membership, mode === 'other' ? 'otherRealizations' : 'receipts');

  const open = (r: BatchRow) =>
    void (mode === 'other'
      ? navigate({ to: '/other-realizations/edit/$batchId', params: { batchId: r.id } })
      : navigate({ to: '/inventory/edit/$batchId', params: { batchId: r.id } }));
  const add = () => void navigate({ to: mode === 'other' ? '/other-realizations/add' : '/inventory/add' });

  return (
    <Page title={chosen ? titles[mode] : 'Приёмка / оприходование'}>
      <ModeChooser open={!chosen} onChoose={(m) => onSearchChange({ ...searchOfMode(m), page: 1 })} />
      <div className={toolbar}>
        <div className={filters}>
          <DateRangeFields value={search} onChange={(patch) => onSearchChange({ ...patch, page: 1 })} />
          <MemberFilter
            members={members?.members ?? []}
            names={members?.names}
            value={search.member ?? ''}
            onChange={(member) => onSearchChange({ member: member || undefined, page: 1 })}
          />
        </div>
        <div className={row}>
          <Button
            variant="secondary"
            onClick={() => onSearchChange({ is_return: undefined, is_other: undefined, page: 1 })}
          >
            Другие документы
          </Button>
          {chosen && mode !== 'return' && canAdd && <Button onClick={add}>Добавить</Button>}
        </div>
      </div>
      {chosen && list.loaded && list.matching === 0 && (
        <Muted>
          {search.member
            ? 'Документов этого сотрудника нет'
            : search.date_start || search.date_end
              ? 'За эти даты документов нет'
              : 'Документов пока нет'}
        </Muted>
      )}
      {chosen && list.rows.length > 0 && (
        <BatchesTable rows={list.rows} onOpen={open} seesCosts={seesCosts(membership)} names={members?.names} />
      )}
      <Pagination page={list.page} pages={list.pages} onPage={(page) => onSearchChange({ page })} />
    </Page>
  );
}
