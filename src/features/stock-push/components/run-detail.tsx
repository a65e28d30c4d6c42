import { formatAmount } from '../../../lib/format.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import type { StockPushRun } from '../api/stock-push-calls.ts';
import { Refusal } from './refusal.tsx';
import { failed, meta, ok, refusedItem, refusedList, small, storeLine } from './stock-push.css.ts';

/**
 * What one push did: how many items each store took and, for every refused item, why — in Russian,
 * with the marketplace's own answer after it. Blocks rather than a table: the reasons wrap on a tablet.
 */
export function RunDetail({ run }: { run: StockPushRun }) {
  const refused = run.items.filter((i) => !i.ok);
  if (run.status === 'queued' || run.status === 'running')
    return <p className={meta}>Передача ещё идёт: ответы маркетплейсов появятся, когда она закончится.</p>;
  return (
    <>
      {run.error && <Refusal error={run.error} />}
      <p className={meta} data-testid="result-summary">
        Принято: <span className={ok}>{formatAmount(run.sent)}</span> · с ошибкой:{' '}
        <span className={run.failed > 0 ? failed : undefined}>{formatAmount(run.failed)}</span>
      </p>
      {run.stores.map((s) => (
        <div key={s.market_id} className={storeLine} data-testid="store-result" data-market-id={s.market_id}>
          {s.name} ({marketplaceName(s.marketplace)}
          {s.warehouse ? `, ${s.warehouse}` : ''}): принято {formatAmount(s.sent)}, с ошибкой {formatAmount(s.failed)}
          <Refusal error={s.error} marketplaceError={s.marketplace_error} />
        </div>
      ))}
      {refused.length > 0 && (
        <ul className={refusedList} aria-label="Не приняты">
          {refused.map((i) => (
            <li
              key={`${i.market_id}:${i.product_mp_id}`}
              className={refusedItem}
              data-testid="failed-item"
              data-offer-id={i.offer_id}
            >
              <strong>{i.name}</strong>
              <span className={small}>
                {i.offer_id} · {i.store_name} · передавалось {formatAmount(i.quantity)}
              </span>
              <Refusal error={i.error} marketplaceError={i.marketplace_error} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
