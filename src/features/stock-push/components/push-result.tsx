import { formatDateTime } from '../../../lib/format.ts';
import type { StockPushRun } from '../api/stock-push-calls.ts';
import { RunDetail } from './run-detail.tsx';
import { section, sectionTitle } from './stock-push.css.ts';

/** The push just sent, under «Отправить» where it was tapped: what each store took and why the rest was refused. */
export function PushResult({ run }: { run: StockPushRun }) {
  return (
    <section className={section} data-testid="push-result" data-job-id={run.job_id}>
      <h2 className={sectionTitle}>Результат передачи от {formatDateTime(run.created_at)}</h2>
      <RunDetail run={run} />
    </section>
  );
}
