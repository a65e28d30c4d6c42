import { formatAmount, formatDateTime, formatRoubles } from '../../../lib/format.ts';
import { notify } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { SearchField, useSearchText, type ListScreenProps } from '../../../ui/search-field.tsx';
import { refreshStatuses } from '../api/refresh-statuses.ts';
import { filterLabels, sufficiencyFilters, type ShippingTotal, type StoreSnapshot } from '../api/shipping-rows.ts';
import type { ShippingSearch } from '../api/shipping-search.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useShippingList } from '../api/load-shipping.ts';
import { bar, filters, offline, snapshot, totalsLine } from './shipping.css.ts';
import { ShippingTable } from './shipping-table.tsx';
import { can, seesCosts, useMembership } from '../../../lib/permissions.ts';

export type ShippingScreenProps = ListScreenProps<ShippingSearch>;

/**
 * The summary line: units being delivered and their total sum (the rows shown: filter and search apply); units only
 * for a member without leave to see costs (the lots that price them come without prices).
 */
export function summaryText(total: ShippingTotal, seesCosts = true): string {
  const units = `Доставляется: ${formatAmount(total.delivering)} шт.`;
  if (!seesCosts) return units;
  const sum = formatRoubles(total.delivery_price);
  return `${units} на сумму ${total.complete ? sum : `${sum} и часть без цены (?)`}`;
}

/** When the snapshot on the device was taken: the oldest of the stores' latest refreshes, and each store's. */
function snapshotText(fetchedAt: string | null, stores: StoreSnapshot[], canRefresh: boolean): string {
  if (stores.length === 0) return '';
  if (fetchedAt === null)
    return canRefresh
      ? 'Статусы отправлений ещё не загружались — нажмите «Обновить статусы».'
      : 'Статусы отправлений ещё не загружались.';
  const each = stores
    .map((s) => `${s.name}: ${s.fetched_at ? formatDateTime(s.fetched_at) : 'нет отправлений'}`)
    .join('; ');
  return `Статусы на ${formatDateTime(fetchedAt)} (${each})`;
}

/**
 * /shipping-delivery — «Отгрузки и доставки» (docs/screens.md, docs/rules.md «Достаточность»): entirely from the
 * device.
 */
export function ShippingScreen({ search, onSearchChange }: ShippingScreenProps) {
  const online = useOnline();
  const text = useSearchText(search.search, (s) => onSearchChange({ search: s, page: 1 }));
  const list = useShippingList({ filter: search.sufficiency, search: text.deferred, page: search.page });
  const membership = useMembership();
  const costs = seesCosts(membership);
  // Loading the statuses from the marketplaces is the owner's and the managers'.
  const canRefresh = can(membership, 'refreshStatuses');

  async function refresh() {
    const outcome = await refreshStatuses();
    if (!outcome.ok)
      return notify({ type: outcome.error.startsWith('Нет сети') ? 'warning' : 'error', text: outcome.error }, 10_000);
    notify({ type: 'info', text: `Обновление статусов запущено (магазинов: ${outcome.started})` }, 3_000);
  }

  return (
    <Page title="Отгрузки и доставки">
      <div className={bar}>
        {canRefresh && <Button onClick={() => void refresh()}>Обновить статусы</Button>}
        <div className={filters} role="group" aria-label="Достаточность">
          {sufficiencyFilters.map((f) => (
            <Button
              key={f}
              variant={search.sufficiency === f ? 'primary' : 'secondary'}
              aria-pressed={search.sufficiency === f}
              onClick={() => onSearchChange({ sufficiency: f, page: 1 })}
            >
              {filterLabels[f]}
            </Button>
          ))}
        </div>
      </div>
      {!online && (
        <p className={offline} role="status" data-testid="offline-note">
          Нет сети: показан последний загруженный снимок статусов; обновить его можно только при подключении к
          интернету.
        </p>
      )}
      <p className={snapshot} data-testid="snapshot">
        {snapshotText(list.fetched_at, list.stores, canRefresh)}
      </p>
      <SearchField text={text} name="search" placeholder="Название или артикул" />
      <p className={totalsLine} data-testid="shipping-summary">
        {summaryText(list.total, costs)}
      </p>
      {list.loaded && list.matching === 0 ? (
        <Muted>
          {list.any === 0
            ? canRefresh
              ? 'Нет товаров, ждущих сборки, отгрузки или в доставке. Нажмите «Обновить статусы», чтобы загрузить отправления магазинов.'
              : 'Нет товаров, ждущих сборки, отгрузки или в доставке.'
            : 'Ничего не найдено'}
        </Muted>
      ) : (
        <ShippingTable rows={list.rows} seesCosts={costs} />
      )}
      <Pagination page={list.page} pages={list.pages} onPage={(page) => onSearchChange({ page })} />
    </Page>
  );
}
