import { useId, useState } from 'react';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ScrollArea } from '../../../ui/scroll-area.tsx';
import type { StockPushRunSummary } from '../api/stock-push-calls.ts';
import { useRunDetail } from '../api/use-run-detail.ts';
import { RunDetail } from './run-detail.tsx';
import {
  detailCell,
  errorNote,
  failed,
  meta,
  num,
  openRow,
  runDetail,
  section,
  sectionTitle,
  small,
  table,
  td,
  th,
} from './stock-push.css.ts';

const statusText: Record<StockPushRunSummary['status'], string> = {
  queued: 'ждёт',
  running: 'идёт',
  done: 'готово',
  failed: 'не выполнено',
};

const COLUMNS = 5;

/** The run's detail, read when opened, in the row right under the run's own. */
function Detail({ jobId, id }: { jobId: string; id: string }) {
  const detail = useRunDetail(jobId);
  return (
    <tr data-testid="log-detail" data-job-id={jobId}>
      <td className={`${td} ${detailCell}`} colSpan={COLUMNS} id={id}>
        <div className={runDetail} aria-live="polite">
          {detail.state === 'loading' && <p className={meta}>Загружаем ответы маркетплейсов…</p>}
          {detail.state === 'failed' && <p className={errorNote}>Не удалось загрузить: {detail.error}</p>}
          {detail.state === 'loaded' && <RunDetail run={detail.run} />}
        </div>
      </td>
    </tr>
  );
}

function LogRow({ run }: { run: StockPushRunSummary }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <>
      <tr data-testid="log-row" data-job-id={run.job_id} className={open ? openRow : undefined}>
        <td className={td}>
          {formatDateTime(run.created_at)}
          <span className={small}>{run.trigger === 'auto' ? 'автоматически' : 'вручную'}</span>
        </td>
        <td className={td}>{statusText[run.status]}</td>
        <td className={`${td} ${num}`}>{formatAmount(run.sent)}</td>
        <td className={`${td} ${num}`}>
          <span className={run.failed > 0 ? failed : undefined}>{formatAmount(run.failed)}</span>
        </td>
        <td className={`${td} ${num}`}>
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Скрыть' : 'Подробнее'}
          </Button>
        </td>
      </tr>
      {open && <Detail jobId={run.job_id} id={detailId} />}
    </>
  );
}

/**
 * «Журнал передач»: the latest pushes, when and how each started and what the marketplaces took.
 * «Подробнее» opens the run's answers right under its row, where it was tapped.
 */
export function PushLog({ runs }: { runs: StockPushRunSummary[] }) {
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
                <th className={th}>Состояние</th>
                <th className={`${th} ${num}`}>Принято</th>
                <th className={`${th} ${num}`}>С ошибкой</th>
                <th className={th} aria-label="Подробнее" />
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <LogRow key={r.job_id} run={r} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
