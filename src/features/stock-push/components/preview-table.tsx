import { formatAmount, formatSigned } from '../../../lib/format.ts';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import type { PreviewItem } from '../api/stock-push-calls.ts';
import { down, figureColumn, nameCell, num, previewTable, small, table, td, th, up } from './stock-push.css.ts';

/** «+3», «−2», «0»; «—» when the marketplace did not say what it has. */
const changeText = (change: number | null) => (change === null ? '—' : formatSigned(change));

/** What takes from the stock on hand besides the push itself: shown under the name, only when there is some. */
function heldBack(item: PreviewItem): string {
  const parts: string[] = [];
  if (item.reserved > 0) parts.push(`резерв ${formatAmount(item.reserved)}`);
  if (item.awaiting_packaging > 0) parts.push(`ждёт сборки ${formatAmount(item.awaiting_packaging)}`);
  return parts.join(' · ');
}

function Row({ item }: { item: PreviewItem }) {
  const held = heldBack(item);
  return (
    <tr data-testid="preview-row" data-offer-id={item.offer_id}>
      <td className={`${td} ${nameCell}`}>
        <span data-testid="name">{item.name}</span>
        <span className={small}>{item.offer_id}</span>
        {held && (
          <span className={small} data-testid="held-back">
            {held}
          </span>
        )}
      </td>
      <td className={`${td} ${num}`} data-testid="on-hand">
        {formatAmount(item.on_hand)}
      </td>
      <td
        className={`${td} ${num}`}
        title={`Остаток ${formatAmount(item.on_hand)} − резерв ${formatAmount(item.reserved)} − ждёт сборки ${formatAmount(item.awaiting_packaging)}`}
      >
        <span data-testid="available">{formatAmount(item.available)}</span>
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

/**
 * Listings of one store and what the push would do to each. Four narrow figure columns and the name
 * wrapping in the rest: the comparison stays on screen at 768 px, reserve and assembly under the name.
 */
export function PreviewTable({ items, label }: { items: PreviewItem[]; label: string }) {
  return (
    <ScrollArea>
      <table className={`${table} ${previewTable}`} aria-label={label}>
        <colgroup>
          <col />
          <col className={figureColumn} />
          <col className={figureColumn} />
          <col className={figureColumn} />
          <col className={figureColumn} />
        </colgroup>
        <thead>
          <tr>
            <th className={th}>Товар, артикул</th>
            <th className={`${th} ${num}`}>На складе</th>
            <th className={`${th} ${num}`} title="Остаток на складе − резервы − ждёт сборки">
              Будет передано
            </th>
            <th className={`${th} ${num}`}>
              {/* A soft hyphen: the long word breaks inside its narrow column instead of spilling over. */}
              На маркет{'\u00ad'}плейсе
            </th>
            <th className={`${th} ${num}`}>Изменение</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Row key={item.product_mp_id} item={item} />
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
