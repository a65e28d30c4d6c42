import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { DateRangeFields } from '../../../ui/date-range.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { row } from '../../../ui/controls.css.ts';
import { Muted, Page } from '../../../ui/page.tsx';
import { filters, toolbar } from '../../../ui/page.css.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { SearchField, useSearchText, type ListScreenProps } from '../../../ui/search-field.tsx';
import { exportInventory } from '../api/export-inventory.ts';
import type { InventorySearch } from '../api/inventory-search.ts';
import { refreshInventory } from '../api/refresh.ts';
import { useInventoryTable } from '../api/use-inventory-table.ts';
import { InventoryTable } from './inventory-table.tsx';
import { can, seesCosts, useMembership } from '../../../lib/permissions.ts';
import { useMemberNames } from '../api/member-names.ts';

export type InventoryScreenProps = ListScreenProps<InventorySearch>;

/** /inventory — every lot, newest receipt first, from the device (docs/screens.md «Адреса»). */
export function InventoryScreen({ search, onSearchChange }: InventoryScreenProps) {
  const navigate = useNavigate();
  const text = useSearchText(search.search, (s) => onSearchChange({ search: s, page: 1 }));
  const table = useInventoryTable({
    search: text.deferred,
    start: search.date_start,
    end: search.date_end,
    page: search.page,
  });
  const [refreshing, setRefreshing] = useState(false);
  const membership = useMembership();
  const members = useMemberNames();

  async function refresh() {
    setRefreshing(true);
    try {
      await refreshInventory();
    } finally {
      setRefreshing(false);
    }
  }

  const filtered = text.query.trim() || search.date_start || search.date_end;
  return (
    <Page title="Учёт партий товара">
      <div className={toolbar}>
        <div className={filters}>
          <DateRangeFields value={search} onChange={(patch) => onSearchChange({ ...patch, page: 1 })} />
          <SearchField text={text} placeholder="Название или артикул" />
        </div>
        <div className={row}>
          {can(membership, 'receipts') && (
            <Button onClick={() => void navigate({ to: '/inventory/add' })}>Добавить</Button>
          )}
          <Button variant="secondary" disabled={refreshing} onClick={() => void refresh()}>
            Обновить
          </Button>
          <ExportMenu
            onExport={(format) =>
              exportInventory({ search: text.query, start: search.date_start, end: search.date_end }, format)
            }
          />
        </div>
      </div>
      {table.loaded && table.matching === 0 && (
        <Muted>
          {filtered ? 'Ничего не найдено' : 'Партий товара пока нет. Оприходуйте товар кнопкой «Добавить».'}
        </Muted>
      )}
      {table.rows.length > 0 && (
        <InventoryTable rows={table.rows} seesCosts={seesCosts(membership)} names={members?.names} />
      )}
      <Pagination page={table.page} pages={table.pages} onPage={(page) => onSearchChange({ page })} />
    </Page>
  );
}
