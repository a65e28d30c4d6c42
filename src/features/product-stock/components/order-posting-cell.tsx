import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { ordersHref, postingLabel, useStoreNames, type Posting } from '../api/order-postings.ts';
import { muted, orderCell, td } from './stock.css.ts';

/**
 * The last cell of a reserve or sale a marketplace order made: its posting (a link to it on /orders), its store,
 * and why there is nothing to press — the order moves it.
 */
export function OrderPostingCell({ posting }: { posting: Posting }) {
  const navigate = useNavigate();
  const stores = useStoreNames();
  const href = ordersHref(posting);
  // A plain link for the address bar and a new tab; an ordinary click stays inside the app.
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate({ href });
  };
  const store = stores?.get(posting.store_id);
  return (
    <td className={td} data-testid="order-posting">
      <span className={orderCell}>
        <a href={href} onClick={follow}>
          {postingLabel(posting)}
        </a>
        {store && <span className={muted}>Магазин «{store}»</span>}
        <span className={muted}>Меняется вместе с заказом</span>
      </span>
    </td>
  );
}
