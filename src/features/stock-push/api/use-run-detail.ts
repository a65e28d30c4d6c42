import { useEffect, useState } from 'react';
import { loadRun, type StockPushRun } from './stock-push-calls.ts';

export type RunDetailState =
  { state: 'loading' } | { state: 'loaded'; run: StockPushRun } | { state: 'failed'; error: string };

/** One run of the log, read from the server when its detail opens (each time: a running push moves on). */
export function useRunDetail(jobId: string): RunDetailState {
  const [detail, setDetail] = useState<RunDetailState>({ state: 'loading' });
  useEffect(() => {
    let alive = true;
    void loadRun(jobId).then((outcome) => {
      if (!alive) return;
      setDetail(outcome.ok ? { state: 'loaded', run: outcome.data } : { state: 'failed', error: outcome.error });
    });
    return () => {
      alive = false;
    };
  }, [jobId]);
  return detail;
}
