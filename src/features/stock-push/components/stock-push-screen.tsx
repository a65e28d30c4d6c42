import { useMemo } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { ForbiddenPage } from '../../../ui/forbidden.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { SearchField, useSearchText, type ListScreenProps } from '../../../ui/search-field.tsx';
import { storeView } from '../api/preview-view.ts';
import type { StockPushSearch } from '../api/stock-push-search.ts';
import { useStockPush } from '../api/use-stock-push.ts';
import { PreviewStore } from './preview-store.tsx';
import { PushLog } from './push-log.tsx';
import { PushResult } from './push-result.tsx';
import { bar, errorNote, filterBar, filterToggle, note, searchBox, toggle, toggleBox } from './stock-push.css.ts';

export type StockPushScreenProps = ListScreenProps<StockPushSearch>;

/**
 * /stock-push — «Передача остатков» (issue 15), reached from /markets. Per connected store: what each
 * listing's available quantity (on hand − reserves − awaiting assembly) would change on the marketplace,
 * the changes first and the unchanged collapsed (issue 21), a search and «Только изменения» kept in the
 * address; «Отправить» starts the push (the app's progress ring follows it), then the marketplaces'
 * answers, the log and the automatic-push switch. Everything here needs the network: offline it says so.
 */
export function StockPushScreen(props: StockPushScreenProps) {
  // The warehouse role neither sends stock nor changes the switch: its visit by address asks the marketplaces nothing.
  if (!useCan('stockPush')) return <ForbiddenPage title="Передача остатков" />;
  return <StockPushBody {...props} />;
}

function StockPushBody({ search, onSearchChange }: StockPushScreenProps) {
  const s = useStockPush();
  const text = useSearchText(search.search, (value) => onSearchChange({ search: value }));
  const stores = useMemo(() => s.preview?.stores ?? [], [s.preview]);
  const views = useMemo(() => stores.map((store) => storeView(store, text.deferred)), [stores, text.deferred]);
  const canSend = s.online && s.running === null && stores.length > 0;
  return (
    <Page title="Передача остатков">
      <div className={bar}>
        <Button onClick={s.send} disabled={!canSend} data-testid="send">
          {s.running ? 'Отправляется…' : 'Отправить'}
        </Button>
        <Button variant="secondary" onClick={s.refresh} disabled={!s.online || s.loadingPreview}>
          Обновить
        </Button>
        <label className={toggle}>
          <input
            type="checkbox"
            className={toggleBox}
            checked={s.autoPush ?? false}
            disabled={!s.online || s.autoPush === null}
            onChange={(e) => s.setAutoPush(e.currentTarget.checked)}
            data-testid="auto-push"
          />
          Передавать автоматически после изменений
        </label>
      </div>
      {!s.online && (
        <p className={note} role="status" data-testid="offline-note">
          Нет сети: передать остатки маркетплейсам и посмотреть, что на них сейчас, можно только при подключении к
          интернету.
        </p>
      )}
      {s.error && (
        <p className={errorNote} role="alert" data-testid="push-error">
          {s.error}
        </p>
      )}
      {s.previewError && s.online && <p className={errorNote}>Не удалось получить данные: {s.previewError}</p>}
      {s.result && <PushResult run={s.result} />}
      {s.online && s.preview === null && s.loadingPreview && <Muted>Спрашиваем маркетплейсы…</Muted>}
      {s.preview && stores.length === 0 && (
        <Muted>Нет подключённых магазинов: укажите маркетплейс и ключ API в настройках магазина.</Muted>
      )}
      {stores.length > 0 && (
        <div className={filterBar}>
          <div className={searchBox}>
            <SearchField text={text} name="search" placeholder="Название или артикул" />
          </div>
          <label className={filterToggle}>
            <input
              type="checkbox"
              role="switch"
              className={toggleBox}
              checked={search.only_changes}
              onChange={(e) => onSearchChange({ only_changes: e.currentTarget.checked })}
              data-testid="only-changes"
            />
            Только изменения
          </label>
        </div>
      )}
      {views.map((view) => (
        // Turning «Только изменения» over starts every store afresh: open or closed as the switch says.
        <PreviewStore
          key={`${view.store.market_id}:${search.only_changes}`}
          view={view}
          search={text.deferred}
          showUnchanged={!search.only_changes}
        />
      ))}
      {s.online && <PushLog runs={s.runs} />}
    </Page>
  );
}
