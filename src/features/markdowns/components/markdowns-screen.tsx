import { useDeferredValue, useState } from 'react';
import { formatRoubles } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { row } from '../../../ui/controls.css.ts';
import { Muted, Page } from '../../../ui/page.tsx';
import { toolbar } from '../../../ui/page.css.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { MarkdownsSearch } from '../api/markdowns-search.ts';
import { useMarkdownList } from '../api/use-markdown-list.ts';
import { MarkdownsTable } from './markdowns-table.tsx';
import { total } from './markdowns.css.ts';

export interface MarkdownsScreenProps {
  search: MarkdownsSearch;
  onSearchChange(patch: Partial<MarkdownsSearch>): void;
}

/** /markdown — «Уценка» (docs/screens.md «Адреса»): every markdown, 50 per page, from the device. */
export function MarkdownsScreen({ search, onSearchChange }: MarkdownsScreenProps) {
  const [query, setQuery] = useState(search.search);
  const deferred = useDeferredValue(query);
  const list = useMarkdownList({ search: deferred, onlyUnsold: search.show === 'unsold', page: search.page });

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
        <TextField
          label="Поиск"
          type="search"
          name="search"
          placeholder="Название, артикул или описание"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            onSearchChange({ search: e.target.value, page: 1 });
          }}
        />
      </div>
      {list.loaded && list.matching === 0 ? (
        <Muted>{query.trim() ? 'Ничего не найдено.' : search.show === 'unsold' ? 'Непроданных уценок нет.' : 'Уценок нет.'}</Muted>
      ) : (
        <>
          <p className={total} data-testid="markdown-total">
            Уценок: {list.matching}, сумма уценки {formatRoubles(list.total)}
          </p>
          <MarkdownsTable rows={list.rows} receivedAt={list.receivedAt} />
        </>
      )}
      <Pagination page={list.page} pages={list.pages} onPage={(page) => onSearchChange({ page })} />
    </Page>
  );
}
