import { Link } from '@tanstack/react-router';
import { formatAmount, formatDay } from '../../../lib/format.ts';
import { formatCost } from '../../../ui/cost.ts';
import type { ReturnSale } from '../api/types.ts';
import { small } from './returns.css.ts';

/** The product page's «Продажи» tab (docs/screens.md «Адреса»: tab 7). */
const SALES_TAB = 7;

/**
 * The sale a return's marketplace order made (docs/rules.md «Заказы маркетплейсов»): the order stays sold and
 * the return comes in on its own, so the seller sees which sale it undoes, linked to the product's sales.
 */
export function OrderSale({ sale }: { sale: ReturnSale }) {
  const text = sale.loaded
    ? `Продажа по заказу ${sale.posting_number} от ${formatDay(sale.date)} — ${formatAmount(sale.count)} шт. по ${formatCost(sale.realization_price)}`
    : `Продажа по заказу ${sale.posting_number}`;
  return sale.product_id ? (
    <Link
      className={small}
      to="/product/$productId"
      params={{ productId: sale.product_id }}
      search={{ td: SALES_TAB }}
      data-testid="order-sale"
    >
      {text}
    </Link>
  ) : (
    <span className={small} data-testid="order-sale">
      {text}
    </span>
  );
}
