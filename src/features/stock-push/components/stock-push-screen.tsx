import { Button } from '../../../ui/button.tsx';
import { Muted, Page } from '../../../ui/page.tsx';
import { useStockPush } from '../api/use-stock-push.ts';
import { PreviewTable } from './preview-table.tsx';
import { PushLog } from './push-log.tsx';
import { PushResult } from './push-result.tsx';
import { bar, errorNote, note, toggle, toggleBox } from './stock-push.css.ts';

/**
 * /stock-push — «Передача остатков» (issue 15), reached from /markets. Per connected store: what each
 * product's available quantity (on hand − reserves − awaiting assembly) would change on the marketplace;
 * «Отправить» starts the push (the app's progress ring follows it), then the marketplaces' answers, the
 * log and the automatic-push switch. Everything here needs the network: offline it says so.
 */
export function StockPushScreen() {
  const s = useStockPush();
  const stores = s.preview?.stores ?? [];
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
      {stores.map((store) => (
        <PreviewTable key={store.market_id} store={store} />
      ))}
      {s.online && <PushLog runs={s.runs} onOpen={s.openRun} />}
    </Page>
  );
}
