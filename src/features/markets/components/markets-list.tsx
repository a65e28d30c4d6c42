import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../ui/button.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { row } from '../../../ui/controls.css.ts';
import { toolbar } from '../../../ui/page.css.ts';
import type { Market } from '../api/types.ts';
import { useMarkets } from '../api/use-markets.ts';
import { card, description, item, list, name, staticItem, tag } from './markets.css.ts';
import { OrderIntakeStatus } from './order-intake-status.tsx';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { can, useMembership } from '../../../lib/permissions.ts';

/** /markets — «Мои магазины». `initial`: the stores as read before the screen rendered, if they were. */
export function MarketsList({ initial }: { initial?: Market[] }) {
  const markets = useMarkets(initial);
  const navigate = useNavigate();
  const membership = useMembership();
  const canAdd = can(membership, 'marketCreate');
  // A member who may not change stores sees them, but has no form to open.
  const canOpen = can(membership, 'marketEdit');
  return (
    <Page title="Мои магазины">
      <div className={toolbar}>
        <span />
        <span className={row}>
          {/* The stock push lives here, beside the stores it sends to, not in the menu. */}
          {can(membership, 'stockPush') && (
            <Button variant="secondary" onClick={() => void navigate({ to: '/stock-push' })}>
              Передать остатки
            </Button>
          )}
          {canAdd && (
            <Button onClick={() => void navigate({ to: '/market/$marketId', params: { marketId: 'new' } })}>
              Добавить
            </Button>
          )}
        </span>
      </div>
      {markets && markets.length === 0 && (
        <Muted>
          {canAdd
            ? 'Магазинов пока нет. Добавьте первый, чтобы загружать товары и заказы.'
            : 'Магазинов пока нет. Их добавляет владелец бизнеса.'}
        </Muted>
      )}
      <ul className={list}>
        {markets?.map((m) => {
          const face = (
            <>
              <span className={tag}>{marketplaceName(m.marketplace)}</span>
              <span className={name}>{m.name}</span>
              <span className={description}>{m.description}</span>
            </>
          );
          return (
            <li key={m.id} className={card}>
              {canOpen ? (
                <button
                  type="button"
                  className={item}
                  onClick={() => void navigate({ to: '/market/$marketId', params: { marketId: m.market_id } })}
                >
                  {face}
                </button>
              ) : (
                <div className={staticItem}>{face}</div>
              )}
              <OrderIntakeStatus market={m} canEnable={canOpen} />
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
