import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { formatCost } from '../../../ui/cost.ts';
import type { LineView, OrderCard as Card } from '../api/order-view.ts';
import {
  card,
  cardHead,
  dates,
  line,
  lineBooks,
  lines,
  lineWhat,
  linkButton,
  ok,
  pending,
  plain,
  posting,
  problem,
  short,
  small,
  stage,
} from './orders.css.ts';

/** The product page's tabs a line's reserve and sale are on (docs/screens.md «Адреса»: 6 «Резерв», 7 «Продажи»). */
const RESERVES_TAB = 6;
const SALES_TAB = 7;

/** What the line did to the books, in words, with a link to the reserve or sale it made. */
function LineBooks({ line: l }: { line: LineView }): ReactNode {
  const productId = l.product?.id;
  switch (l.books) {
    case 'reserved':
      return (
        <>
          {productId ? (
            <Link className={ok} to="/product/$productId" params={{ productId }} search={{ td: RESERVES_TAB }}>
              В резерве
            </Link>
          ) : (
            <span className={ok}>В резерве</span>
          )}{' '}
          {l.missing > 0 && (
            <span className={short} data-testid="missing">
              не хватает {formatAmount(l.missing)} шт.
            </span>
          )}
        </>
      );
    case 'sold':
      return productId ? (
        <Link className={plain} to="/product/$productId" params={{ productId }} search={{ td: SALES_TAB }}>
          Продано
        </Link>
      ) : (
        <span className={plain}>Продано</span>
      );
    case 'released':
      return <span className={small}>Резерв снят</span>;
    case 'waiting_stock':
      return (
        <span className={short} data-testid="missing">
          Передан, не хватает {formatAmount(l.missing)} шт. — продажа запишется, когда товар поступит
        </span>
      );
    case 'unlinked':
      return l.linking ? (
        <span className={pending}>Связывается…</span>
      ) : (
        <span className={short}>Не связан с товаром</span>
      );
    case 'skipped':
      return <span className={small}>Не учитывается</span>;
    // An order not yet in packaging (unpaid, awaiting approval): nothing is set aside until it is.
    case 'pending':
      return <span className={small}>Резерва пока нет: заказ ещё не в сборке</span>;
  }
}

/** One order of /orders: posting, store, statuses and dates, then each line with its product and what it did. */
/** The order's assembly, when it has gone past picking: sending, taken (with when) or refused (with why). */
function AssemblyNote({ order }: { order: Card }): ReactNode {
  const a = order.assembly;
  if (a.kind === 'sending') return <span className={pending}>Сборка отправляется в маркетплейс…</span>;
  if (a.kind === 'done') return <span className={ok}>Собран {formatDateTime(a.at)}</span>;
  if (a.kind === 'failed') return <span className={short}>Маркетплейс не принял сборку: {a.error}</span>;
  return null;
}

export function OrderCard({ order }: { order: Card }) {
  const mayAssemble = useCan('assembly');
  return (
    <article className={card} data-testid="order-card" aria-label={`Заказ ${order.posting_number}`}>
      <div className={cardHead}>
        <h2 className={posting} data-testid="posting-number">
          {order.posting_number}
        </h2>
        <span data-testid="store">
          {order.store} · {order.marketplace}
        </span>
        <span className={stage} data-testid="stage">
          {order.stageLabel}
        </span>
        <span className={small} data-testid="status">
          Статус на маркетплейсе: {order.status}
        </span>
        {mayAssemble && (order.stage === 'awaiting_packaging' || order.assembly.kind !== 'picking') && (
          <Link
            className={linkButton}
            to="/orders/$orderId/assemble"
            params={{ orderId: order.id }}
            aria-label={`Собрать заказ ${order.posting_number}`}
          >
            {order.assembly.kind === 'picking' ? 'Собрать' : 'Сборка'}
          </Link>
        )}
      </div>
      {order.assembly.kind !== 'picking' && (
        <p className={dates} data-testid="assembly">
          <AssemblyNote order={order} />
        </p>
      )}
      <p className={dates}>
        {order.ordered_at && <span>Заказан {formatDateTime(order.ordered_at)}</span>}
        <span>Изменён {formatDateTime(order.changed_at)}</span>
        {order.shipped_at && <span>Передан {formatDateTime(order.shipped_at)}</span>}
      </p>
      {order.problem && (
        <p className={problem} data-testid="problem">
          {order.problem}
        </p>
      )}
      {order.before_intake && <p className={small}>Передан до включения приёма заказов: учёт он не трогает.</p>}
      {order.cancelled_after_handover && (
        <p className={small}>Отменён после передачи: продажа остаётся, товар вернётся через «Возвраты».</p>
      )}
      <ul className={lines} aria-label="Строки заказа">
        {order.lines.map((l) => (
          <li key={l.id} className={line} data-testid="order-line" data-books={l.books}>
            <div className={lineWhat}>
              <div>
                <span className={plain}>{l.offer_id}</span> {l.name}
              </div>
              <div className={small} data-testid="quantity">
                {formatAmount(l.quantity)} × {formatCost(l.price)}
              </div>
            </div>
            <div className={lineBooks}>
              {l.product ? (
                <Link to="/product/$productId" params={{ productId: l.product.id }} data-testid="product">
                  {l.product.name}
                </Link>
              ) : null}
              <span data-testid="books">
                <LineBooks line={l} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
