import { formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { row } from '../../../ui/controls.css.ts';
import { Muted, Page } from '../../../ui/page.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { SearchField, useSearchText, type ListScreenProps } from '../../../ui/search-field.tsx';
import type { MarkdownsSearch } from '../api/markdowns-search.ts';
import { useMarkdownList } from '../api/use-markdown-list.ts';
import { MarkdownsTable } from './markdowns-table.tsx';
import { total } from './markdowns.css.ts';
import { useSeesCosts } from '../../../lib/permissions.ts';
import { MemberFilter } from '../../../ui/members.tsx';
import { useMemberNames } from '../api/member-names.ts';

export type MarkdownsScreenProps = ListScreenProps<MarkdownsSearch>;

/** /markdown — «Уценка» (docs/screens.md «Адреса»): every markdown, 50 per page, from the device. */
export function MarkdownsScreen({ search, onSearchChange }: MarkdownsScreenProps) {
  const text = useSearchText(search.search, (s) => onSearchChange({ search: s, page: 1 }));
  const list = useMarkdownList({
    search: text.deferred,
    onlyUnsold: search.show === 'unsold',
    member: search.member,
    page: search.page,
  });
  const costs = useSeesCosts();
  const members = useMemberNames();

  return (
    <Page title="Уценка">
      <div className={toolbar}>
        <div className={row} role="group" aria-label="Какие уценки показать">
          <Button
            variant={search.show === 'unsold' ? 'primary' : 'secondary'}
            aria-pressed={search.show === 'unsold'}
            onClick={() => onSearchChange({ show: 'unsold', page: 1 })}
          >
            Только непроданные
          </Button>
          <Button
            variant={search.show === 'all' ? 'primary' : 'secondary'}
            aria-pressed={search.show === 'all'}
            onClick={() => onSearchChange({ show: 'all', page: 1 })}
          >
            Все
          </Button>
        </div>
        <MemberFilter
          members={members?.members ?? []}
          names={members?.names}
          value={search.member ?? ''}
          onChange={(member) => onSearchChange({ member: member || undefined, page: 1 })}
        />
        <SearchField text={text} name="search" placeholder="Название, артикул или описание" />
      </div>
      {list.loaded && list.matching === 0 ? (
        <Muted>
          {text.query.trim() || search.member
            ? 'Ничего не найдено.'
            : search.show === 'unsold'
              ? 'Непроданных уценок нет.'
              : 'Уценок нет.'}
        </Muted>
      ) : (
        <>
          <p className={total} data-testid="markdown-total">
            Уценок: {list.matching}
            {costs && `, сумма уценки ${formatRoubles(list.total)}`}
          </p>
          <MarkdownsTable rows={list.rows} receivedAt={list.receivedAt} names={members?.names} />
        </>
      )}
      <Pagination page={list.page} pages={list.pages} onPage={(page) => onSearchChange({ page })} />
    </Page>
  );
}
