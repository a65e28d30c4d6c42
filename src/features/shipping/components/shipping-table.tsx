import { formatAmount, formatRoubles } from '../../../lib/format.ts';
import { Thumb } from '../../../ui/thumb.tsx';
import type { ShippingRow } from '../api/shipping-rows.ts';
import { cards, enough, num, short, small, table, td, th, thumb, warn } from './shipping.css.ts';
import { ScrollArea } from '../../../ui/scroll-area.tsx';

/** The delivering units' price: «?» when nothing has lots to price them (docs/rules.md «Достаточность»). */
export const deliverySum = (row: Pick<ShippingRow, 'delivery_price'>) =>
  row.delivery_price === null ? '?' : formatRoubles(row.delivery_price);

/**
 * /shipping-delivery rows (docs/screens.md «Адреса»): picture; name and articles; sufficiency (green
 * when 0 or more, red below 0, with «−»); awaiting assembly / awaiting shipment; delivering; delivering
 * sum (not for a member without leave to see costs). The statuses' time is the header's (one per store), not
 * repeated on every row.
 */
export function ShippingTable({ rows, seesCosts = true }: { rows: ShippingRow[]; seesCosts?: boolean }) {
  return (
    <ScrollArea>
      <table className={`${table} ${cards}`} data-sticky={2}>
        <thead>
          <tr>
            <th className={th}>Фото</th>
            <th className={th}>Название и артикул</th>
            <th className={`${th} ${num}`}>Достаточность</th>
            <th className={`${th} ${num}`}>Ждут сборки / отгрузки</th>
            <th className={`${th} ${num}`}>Доставляется, шт.</th>
            {seesCosts && <th className={`${th} ${num}`}>Сумма доставки</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="shipping-row" data-product-id={r.id} data-enough={r.enough}>
              <td className={td}>
                <Thumb image={r.image} className={thumb} />
              </td>
              <td className={td} data-cell="name">
                <span data-testid="name">{r.name}</span>
                {r.articles.length > 0 && (
                  <span className={small} data-testid="articles">
                    {r.articles.join(', ')}
                  </span>
                )}
              </td>
              <td className={`${td} ${num}`} data-label="Достаточность">
                <span
                  className={r.enough ? enough : short}
                  data-testid="sufficiency"
                  title={`На складе ${formatAmount(r.count)} шт.`}
                >
                  {formatAmount(r.sufficiency)}
                </span>
              </td>
              <td className={`${td} ${num}`} data-label="Ждут сборки / отгрузки" data-testid="awaiting">
                {formatAmount(r.awaiting_packaging)} / {formatAmount(r.awaiting_deliver)}
              </td>
              <td className={`${td} ${num}`} data-label="Доставляется" data-testid="delivering">
                {formatAmount(r.delivering)}
              </td>
              {seesCosts && (
                <td className={`${td} ${num}`} data-label="Сумма доставки">
                  <span data-testid="delivery-sum">{deliverySum(r)}</span>
                  {r.delivery_price !== null && r.delivering_uncovered > 0 && (
                    <span className={warn}>без цены: {formatAmount(r.delivering_uncovered)} шт. (нет партий)</span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
