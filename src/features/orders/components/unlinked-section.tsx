import { useState } from 'react';
import { countNoun, formatAmount, nouns } from '../../../lib/format.ts';
import { pageWindow } from '../../../lib/paging.ts';
import { notify } from '../../../state/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Muted } from '../../../ui/page.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { linkOffer } from '../api/link-offer.ts';
import type { UnlinkedOffer } from '../api/order-view.ts';
import { LinkDialog } from './link-dialog.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { offerList, offerRow, offerText, pending, plain, section, sectionTitle, small } from './orders.css.ts';

const offerKey = (o: Pick<UnlinkedOffer, 'store_id' | 'offer_id'>) => `${o.store_id}\n${o.offer_id}`;

/**
 * «Не связаны»: articles orders name that no warehouse product is linked to, so their orders reserve nothing. One
 * tap opens the product picker; the choice is queued (offline too) and the row says «Связывается…» until the
 * server's linked lines come back.
 */
export function UnlinkedSection({ offers }: { offers: UnlinkedOffer[] }) {
  const [choosing, setChoosing] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const { page: current, pages, start, end } = pageWindow(offers.length, page);
  const chosen = offers.find((o) => offerKey(o) === choosing);
  // Linking is the owner's and the managers': the warehouse role sees what waits, with nothing to press.
  const canLink = useCan('ordersLink');

  async function link(offer: UnlinkedOffer, productId: string) {
    setChoosing(null);
    const outcome = await linkOffer(offer, productId);
    if (!outcome.ok) notify({ type: 'error', text: outcome.error }, 10_000);
  }

  return (
    <section className={section} aria-labelledby="unlinked-title" data-testid="unlinked">
      <h2 id="unlinked-title" className={sectionTitle}>
        Не связаны
      </h2>
      <Muted>Заказы с этими артикулами не резервируют товар, пока артикул не связан с товаром склада.</Muted>
      <ul className={offerList}>
        {offers.slice(start, end).map((o) => (
          <li key={offerKey(o)} className={offerRow} data-testid="unlinked-offer">
            <div className={offerText}>
              <div>
                <span className={plain}>{o.offer_id}</span> {o.name}
              </div>
              <div className={small}>
                {o.store} · {o.marketplace} · ждут: {countNoun(o.orders, nouns.order)}, {formatAmount(o.units)} шт.
              </div>
            </div>
            {o.linking ? (
              <span className={pending} role="status">
                Связывается…
              </span>
            ) : (
              canLink && (
                <Button
                  variant="secondary"
                  onClick={() => setChoosing(offerKey(o))}
                  aria-label={`Связать артикул «${o.offer_id}» с товаром…`}
                >
                  Связать с товаром…
                </Button>
              )
            )}
          </li>
        ))}
      </ul>
      <Pagination page={current} pages={pages} onPage={setPage} />
      {canLink && chosen && (
        <LinkDialog offer={chosen} onClose={() => setChoosing(null)} onPick={(p) => void link(chosen, p.id)} />
      )}
    </section>
  );
}
