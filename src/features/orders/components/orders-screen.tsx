import { Link } from '@tanstack/react-router';
import { Button } from '../../../ui/button.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { SearchField, useSearchText, type ListScreenProps } from '../../../ui/search-field.tsx';
import { SelectField } from '../../../ui/text-field.tsx';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { useOrdersList } from '../api/load-orders.ts';
import { stageTabLabels, stageTabs } from '../api/order-types.ts';
import type { OrdersSearch } from '../api/orders-search.ts';
import { IntakeNotes } from './intake-notes.tsx';
import { OrderCard } from './order-card.tsx';
import { bar, barField, cardList, count, linkButton, stageGroup } from './orders.css.ts';
import { UnlinkedSection } from './unlinked-section.tsx';

export type OrdersScreenProps = ListScreenProps<OrdersSearch>;

const ALL_STORES = '';

/**
 * /orders — «Заказы» (docs/rules.md «Заказы маркетплейсов»): the marketplaces' orders by store and stage, searchable,
 * each line with its product and the reserve or sale it made; the offers no product is linked to; the stores'
 * intake. Entirely from the device, so it opens offline.
 */
export function OrdersScreen({ search, onSearchChange }: OrdersScreenProps) {
  const text = useSearchText(search.q, (q) => onSearchChange({ q, page: 1 }));
  const list = useOrdersList({ store: search.store, stage: search.stage, q: text.deferred, page: search.page });
  const storeOptions = [
    { value: ALL_STORES, label: 'Все магазины' },
    ...list.stores.map((s) => ({ value: s.id, label: `${s.name} (${marketplaceName(s.marketplace)})` })),
  ];

  return (
    <Page title="Заказы">
      {list.loaded && <IntakeNotes intake={list.intake} />}
      <div className={bar}>
        <div className={barField}>
          <SelectField
            label="Магазин"
            options={storeOptions}
            value={search.store ?? ALL_STORES}
            onChange={(e) => onSearchChange({ store: e.target.value || undefined, page: 1 })}
          />
        </div>
        <div className={barField}>
          <SearchField text={text} name="q" placeholder="Номер отправления, артикул или название" />
        </div>
        <Link className={linkButton} to="/orders/pick-list" search={search.store ? { store: search.store } : {}}>
          Лист сборки
        </Link>
      </div>
      <div className={stageGroup} role="group" aria-label="Этап заказов">
        {stageTabs.map((tab) => (
          <Button
            key={tab}
            variant={search.stage === tab ? 'primary' : 'secondary'}
            aria-pressed={search.stage === tab}
            onClick={() => onSearchChange({ stage: tab, page: 1 })}
            data-testid={`stage-${tab}`}
          >
            {stageTabLabels[tab]} <span className={count}>{list.counts[tab]}</span>
          </Button>
        ))}
      </div>
      {list.unlinked.length > 0 && <UnlinkedSection offers={list.unlinked} />}
      {list.loaded && list.matching === 0 ? (
        <Muted>
          {list.any === 0
            ? 'Заказов пока нет: они появятся здесь, когда магазины с включённым приёмом заказов их получат.'
            : text.deferred.trim()
              ? 'Ничего не найдено'
              : `Нет заказов на этапе «${stageTabLabels[search.stage]}».`}
        </Muted>
      ) : (
        <ul className={cardList} aria-label="Заказы">
          {list.cards.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pages={list.pages} onPage={(page) => onSearchChange({ page })} />
    </Page>
  );
}
