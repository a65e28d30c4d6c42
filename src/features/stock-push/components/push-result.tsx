import { formatDateTime } from '../../../lib/format.ts';
import { marketplaceName } from '../../../lib/marketplace-names.ts';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import type { StockPushRun } from '../api/stock-push-calls.ts';
import {
  cellError,
  errorNote,
  failed,
  meta,
  nameCell,
  num,
  ok,
  section,
  sectionTitle,
  table,
  td,
  th,
} from './stock-push.css.ts';

/** A finished push: how many items each store took and, for every refused one, the marketplace's reason. */
export function PushResult({ run }: { run: StockPushRun }) {
  const refused = run.items.filter((i) => !i.ok);
  return (
    <section className={section} data-testid="push-result" data-job-id={run.job_id}>
      <h2 className={sectionTitle}>Результат передачи от {formatDateTime(run.created_at)}</h2>
      {run.error && <p className={errorNote}>{run.error}</p>}
      <p className={meta} data-testid="result-summary">
        Принято: <span className={ok}>{run.sent}</span> · с ошибкой:{' '}
        <span className={run.failed > 0 ? failed : undefined}>{run.failed}</span>
      </p>
      {run.stores.map((s) => (
        <p key={s.market_id} className={meta}>
          {s.name} ({marketplaceName(s.marketplace)}
          {s.warehouse ? `, ${s.warehouse}` : ''}): принято {s.sent}, с ошибкой {s.failed}
          {s.error ? ` — ${s.error}` : ''}
        </p>
      ))}
      {refused.length > 0 && (
        <ScrollArea>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Магазин</th>
                <th className={th}>Товар</th>
                <th className={th}>Артикул</th>
                <th className={`${th} ${num}`}>Количество</th>
                <th className={th}>Ответ маркетплейса</th>
              </tr>
            </thead>
            <tbody>
              {refused.map((i) => (
                <tr key={`${i.market_id}:${i.product_mp_id}`} data-testid="failed-item" data-offer-id={i.offer_id}>
                  <td className={td}>{i.store_name}</td>
                  <td className={`${td} ${nameCell}`}>{i.name}</td>
                  <td className={td}>{i.offer_id}</td>
                  <td className={`${td} ${num}`}>{i.quantity}</td>
                  <td className={td}>
                    <span className={cellError}>{i.error}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
