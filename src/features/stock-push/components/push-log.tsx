import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import type { StockPushRunSummary } from '../api/stock-push-calls.ts';
import { failed, meta, num, section, sectionTitle, table, td, th } from './stock-push.css.ts';

const statusText: Record<StockPushRunSummary['status'], string> = {
  queued: 'ждёт',
  running: 'идёт',
  done: 'готово',
  failed: 'не выполнено',
};

/** «Журнал передач»: the latest pushes, when and how each started and what the marketplaces took. */
export function PushLog({ runs, onOpen }: { runs: StockPushRunSummary[]; onOpen(jobId: string): void }) {
  return (
    <section className={section} data-testid="push-log">
      <h2 className={sectionTitle}>Журнал передач</h2>
      {runs.length === 0 ? (
        <p className={meta}>Остатки ещё не передавались.</p>
      ) : (
        <ScrollArea>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Когда</th>
                <th className={th}>Как</th>
                <th className={th}>Состояние</th>
                <th className={`${th} ${num}`}>Принято</th>
                <th className={`${th} ${num}`}>С ошибкой</th>
                <th className={th} aria-label="Подробнее" />
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.job_id} data-testid="log-row" data-job-id={r.job_id}>
                  <td className={td}>{formatDateTime(r.created_at)}</td>
                  <td className={td}>{r.trigger === 'auto' ? 'автоматически' : 'вручную'}</td>
                  <td className={td}>{statusText[r.status]}</td>
                  <td className={`${td} ${num}`}>{r.sent}</td>
                  <td className={`${td} ${num}`}>
                    <span className={r.failed > 0 ? failed : undefined}>{r.failed}</span>
                  </td>
                  <td className={td}>
                    <Button variant="secondary" onClick={() => onOpen(r.job_id)}>
                      Подробнее
                    </Button>
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
