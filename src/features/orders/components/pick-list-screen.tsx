import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { countNoun, formatAmount, formatDateTime, nouns } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { usePickList } from '../api/load-pick-list.ts';
import type { PickPosting } from '../api/pick-list.ts';
import {
  actions,
  columns,
  group,
  groups,
  head,
  linkButton,
  meta,
  name,
  noPrint,
  postings,
  sheet,
  shelf,
  subtitle,
  title,
  units,
} from './pick-list.css.ts';

function Postings({ list }: { list: PickPosting[] }) {
  return (
    <ul className={postings} aria-label="Отправления">
      {list.map((p) => (
        <li key={p.order_id} data-testid="pick-posting">
          <Link
            to="/orders/$orderId/assemble"
            params={{ orderId: p.order_id }}
            aria-label={`Собрать ${p.posting_number}`}
          >
            {p.posting_number}
          </Link>{' '}
          × {formatAmount(p.quantity)}
        </li>
      ))}
    </ul>
  );
}

/**
 * /orders/pick-list — «Лист сборки»: what the orders awaiting packaging take, by product in shelf order, printable.
 * Reads only the device, so it opens and prints offline.
 */
export function PickListScreen({ store }: { store?: string }) {
  const list = usePickList(store);
  // The moment the list was put together: the header of the printed sheet says when it was true.
  const [at] = useState(() => new Date());
  return (
    <Page title="Лист сборки">
      <div className={sheet} data-testid="pick-list">
        <div className={head}>
          <div>
            <h2 className={title}>Лист сборки на {formatDateTime(at)}</h2>
            {list && (
              <p className={meta} data-testid="pick-totals">
                {countNoun(list.totals.orders, nouns.order)}, {countNoun(list.totals.products, nouns.product)},{' '}
                {formatAmount(list.totals.units)} шт.
              </p>
            )}
          </div>
          <div className={`${actions} ${noPrint}`}>
            <Link className={linkButton} to="/orders" search={store ? { store } : {}}>
              ← К заказам
            </Link>
            <Button onClick={() => window.print()}>Печать</Button>
          </div>
        </div>
        {list && list.groups.length === 0 && list.unlinked.length === 0 && <Muted>Нет заказов, ждущих сборки.</Muted>}
        {list && list.groups.length > 0 && (
          <div className={columns} aria-hidden>
            <span>Место</span>
            <span>Товар и отправления × шт.</span>
            <span>Всего</span>
          </div>
        )}
        {list && list.groups.length > 0 && (
          <ul className={groups} aria-label="Товары к сборке">
            {list.groups.map((g) => (
              <li key={g.product_id} className={group} data-testid="pick-group">
                <span className={shelf} data-testid="pick-shelf">
                  {g.shelf || '—'}
                </span>
                <span className={name} data-testid="pick-name">
                  {g.name}
                </span>
                <span className={units} data-testid="pick-units">
                  {formatAmount(g.units)} шт.
                </span>
                <Postings list={g.postings} />
              </li>
            ))}
          </ul>
        )}
        {list && list.unlinked.length > 0 && (
          <section aria-labelledby="pick-unlinked">
            <h3 id="pick-unlinked" className={subtitle}>
              Не связаны с товаром
            </h3>
            <ul className={groups}>
              {list.unlinked.map((u) => (
                <li key={u.offer_id} className={group} data-testid="pick-unlinked">
                  <span className={shelf}>{u.offer_id}</span>
                  <span className={name}>{u.name}</span>
                  <span className={units}>{formatAmount(u.units)} шт.</span>
                  <Postings list={u.postings} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Page>
  );
}
