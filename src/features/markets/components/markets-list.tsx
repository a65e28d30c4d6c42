import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../ui/button.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { row } from '../../../ui/controls.css.ts';
import { toolbar } from '../../../ui/page.css.ts';
import type { Market } from '../api/types.ts';
import { useMarkets } from '../api/use-markets.ts';
import { card, description, item, list, name, tag } from './markets.css.ts';
import { OrderIntakeStatus } from './order-intake-status.tsx';
import { marketplaceName } from '../../../lib/marketplace-names.ts';

/** /markets — «Мои магазины». `initial`: the stores as read before the screen rendered, if they were. */
export function MarketsList({ initial }: { initial?: Market[] }) {
  const markets = useMarkets(initial);
  const navigate = useNavigate();
  return (
    <Page title="Мои магазины">
      <div className={toolbar}>
        <span />
        <span className={row}>
          {/* The stock push lives here, beside the stores it sends to, not in the menu. */}
          <Button variant="secondary" onClick={() => void navigate({ to: '/stock-push' })}>
            Передать остатки
          </Button>
          <Button onClick={() => void navigate({ to: '/market/$marketId', params: { marketId: 'new' } })}>
            Добавить
          </Button>
        </span>
      </div>
      {markets && markets.length === 0 && (
        <Muted>Магазинов пока нет. Добавьте первый, чтобы загружать товары и заказы.</Muted>
      )}
      <ul className={list}>
        {markets?.map((m) => (
          <li key={m.id} className={card}>
            <button
              type="button"
              className={item}
              onClick={() => void navigate({ to: '/market/$marketId', params: { marketId: m.market_id } })}
            >
              <span className={tag}>{marketplaceName(m.marketplace)}</span>
              <span className={name}>{m.name}</span>
              <span className={description}>{m.description}</span>
            </button>
            <OrderIntakeStatus market={m} />
          </li>
        ))}
      </ul>
    </Page>
  );
}
