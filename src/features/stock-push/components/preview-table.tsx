import { formatAmount } from '../../../lib/format.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import type { PreviewItem, PreviewStore } from '../api/stock-push-calls.ts';
import {
  down,
  errorNote,
  meta,
  nameCell,
  num,
  section,
  sectionTitle,
  small,
  table,
  td,
  th,
  up,
} from './stock-push.css.ts';

/** «+3», «−2», «0»; «—» when the marketplace did not say what it has. */
function changeText(change: number | null): string {
  if (change === null) return '—';
  if (change > 0) return `+${formatAmount(change)}`;
  if (change < 0) return `−${formatAmount(-change)}`;
  return '0';
}

function Row({ item }: { item: PreviewItem }) {
  const why = `На складе ${item.on_hand}, в резерве ${item.reserved}, ждёт сборки ${item.awaiting_packaging}`;
  return (
    <tr data-testid="preview-row" data-offer-id={item.offer_id}>
      <td className={`${td} ${nameCell}`}>{item.name}</td>
      <td className={td}>{item.offer_id}</td>
      <td className={`${td} ${num}`} title={why}>
        <span data-testid="available">{formatAmount(item.available)}</span>
        <span className={small}>{why}</span>
      </td>
      <td className={`${td} ${num}`} data-testid="marketplace-stock">
        {item.marketplace_stock === null ? '—' : formatAmount(item.marketplace_stock)}
      </td>
      <td className={`${td} ${num}`} data-testid="change">
        <span className={item.change && item.change > 0 ? up : item.change && item.change < 0 ? down : undefined}>
          {changeText(item.change)}
        </span>
      </td>
    </tr>
  );
}

/** One store of the preview: where its stock goes and, per product, what would change (issue 15). */
export function PreviewTable({ store }: { store: PreviewStore }) {
  return (
    <section className={section} data-testid="preview-store" data-market-id={store.market_id}>
      <h2 className={sectionTitle}>
        {store.name} · {marketplaceName(store.marketplace)}
      </h2>
      <p className={meta}>{store.warehouse ? `Склад: ${store.warehouse.name}` : 'Склад маркетплейса не определён'}</p>
      {store.error && (
        <p className={errorNote} role="alert">
          {store.error}
        </p>
      )}
      {store.items.length === 0 ? (
        <p className={meta}>В магазине нет товаров, связанных со складом: загрузите товары магазина.</p>
      ) : (
        <ScrollArea>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Товар</th>
                <th className={th}>Артикул</th>
                <th className={`${th} ${num}`}>Доступно сейчас</th>
                <th className={`${th} ${num}`}>На маркетплейсе</th>
                <th className={`${th} ${num}`}>Изменение</th>
              </tr>
            </thead>
            <tbody>
              {store.items.map((item) => (
                <Row key={item.product_mp_id} item={item} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
