import { useId, useState } from 'react';
import { countNoun, formatAmount, type NounForms } from '../../../lib/format.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { Button } from '../../../ui/button.tsx';
import type { StoreView } from '../api/preview-view.ts';
import { PreviewTable } from './preview-table.tsx';
import { Refusal } from './refusal.tsx';
import { meta, section, sectionTitle, storeRefusal, unchangedToggle } from './stock-push.css.ts';

const LISTINGS: NounForms = ['товар', 'товара', 'товаров'];

/**
 * One store of the preview (issue 15, issue 21): where its stock goes, how many listings change, those
 * listings first; the unchanged ones behind «Без изменений: N — показать», open from the start when
 * «Только изменения» is off.
 */
export function PreviewStore({
  view,
  search,
  showUnchanged,
}: {
  view: StoreView;
  search: string;
  showUnchanged: boolean;
}) {
  const { store, changed, unchanged, counts } = view;
  const [unchangedOpen, setUnchangedOpen] = useState(showUnchanged);
  const unchangedId = useId();
  const searching = search.trim() !== '';
  const where = store.warehouse ? `Склад: ${store.warehouse.name}` : 'Склад маркетплейса не определён';
  return (
    <section className={section} data-testid="preview-store" data-market-id={store.market_id}>
      <h2 className={sectionTitle}>
        {store.name} · {marketplaceName(store.marketplace)}
      </h2>
      <p className={meta} data-testid="store-counts">
        {where}
        {counts.all > 0 &&
          ` · ${countNoun(counts.all, LISTINGS)}: изменится ${formatAmount(counts.changed)}, без изменений ${formatAmount(counts.unchanged)}`}
      </p>
      {(store.error || store.marketplace_error) && (
        <div className={storeRefusal} role="alert">
          <Refusal error={store.error} marketplaceError={store.marketplace_error} />
        </div>
      )}
      {counts.all === 0 ? (
        <p className={meta}>В магазине нет товаров, связанных со складом: загрузите товары магазина.</p>
      ) : searching && changed.length + unchanged.length === 0 ? (
        <p className={meta}>Ничего не найдено</p>
      ) : (
        <>
          {changed.length > 0 ? (
            <PreviewTable items={changed} label={`${store.name}: изменится`} />
          ) : (
            <p className={meta} data-testid="no-changes">
              {searching
                ? 'Среди найденных изменений нет.'
                : 'Изменений нет: на маркетплейсе уже то, что будет передано.'}
            </p>
          )}
          {unchanged.length > 0 && (
            <>
              <Button
                variant="secondary"
                className={unchangedToggle}
                aria-expanded={unchangedOpen}
                aria-controls={unchangedId}
                onClick={() => setUnchangedOpen((open) => !open)}
                data-testid="unchanged-toggle"
              >
                Без изменений: {formatAmount(unchanged.length)} — {unchangedOpen ? 'скрыть' : 'показать'}
              </Button>
              <div id={unchangedId} data-testid="unchanged" hidden={!unchangedOpen}>
                {unchangedOpen && <PreviewTable items={unchanged} label={`${store.name}: без изменений`} />}
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
