import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../../lib/use-online.ts';
import {
  loadPreview,
  loadRun,
  loadRuns,
  loadSettings,
  saveAutoPush,
  startPush,
  type StockPushPreview,
  type StockPushRun,
  type StockPushRunSummary,
} from './stock-push-calls.ts';

/** How often a running push is asked about: its progress itself comes over the live channel. */
const POLL_MS = 800;

export interface StockPushScreenState {
  online: boolean;
  preview: StockPushPreview | null;
  previewError: string | null;
  loadingPreview: boolean;
  /** The job being waited for, while it runs. */
  running: string | null;
  /** The push just sent, shown under «Отправить» (a run of the log opens under its own row). */
  result: StockPushRun | null;
  error: string | null;
  runs: StockPushRunSummary[];
  autoPush: boolean | null;
  refresh(): void;
  send(): void;
  setAutoPush(on: boolean): void;
}

/**
 * The stock push screen's data (issue 15): the preview, the log and the setting, read from the server
 * on opening and when the network comes back; «Отправить» starts the job and waits for it, then shows
 * its per-item answers and reads the preview again (the marketplaces' stock has changed).
 */
export function useStockPush(): StockPushScreenState {
  const online = useOnline();
  const [preview, setPreview] = useState<StockPushPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [loadingPreview, setLoadingPreview] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const [result, setResult] = useState<StockPushRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [runs, setRuns] = useState<StockPushRunSummary[]>([]);
  const [autoPush, setAuto] = useState<boolean | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const readPreview = useCallback(async () => {
    setLoadingPreview(true);
    const outcome = await loadPreview();
    if (!alive.current) return;
    setLoadingPreview(false);
    if (outcome.ok) {
      setPreview(outcome.data);
      setPreviewError(null);
    } else setPreviewError(outcome.error);
  }, []);

  const readLog = useCallback(async () => {
    const outcome = await loadRuns();
    if (alive.current && outcome.ok) setRuns(outcome.data.runs);
  }, []);

  useEffect(() => {
    if (!online) return;
    void readPreview();
    void readLog();
    void loadSettings().then((o) => alive.current && o.ok && setAuto(o.data.auto_push));
  }, [online, readPreview, readLog]);

  const wait = useCallback(
    async (jobId: string) => {
      setRunning(jobId);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (!alive.current) return;
        const outcome = await loadRun(jobId);
        if (!alive.current) return;
        // Offline for a moment: keep waiting, the job runs on the server regardless.
        if (!outcome.ok && outcome.status !== 0) {
          setError(outcome.error);
          break;
        }
        if (outcome.ok && (outcome.data.status === 'done' || outcome.data.status === 'failed')) {
          setResult(outcome.data);
          break;
        }
      }
      setRunning(null);
      void readLog();
      void readPreview();
    },
    [readLog, readPreview],
  );

  const send = useCallback(() => {
    setError(null);
    void startPush().then((outcome) => {
      if (!alive.current) return;
      if (!outcome.ok) setError(outcome.error);
      else void wait(outcome.data.job_id);
    });
  }, [wait]);

  const setAutoPush = useCallback((on: boolean) => {
    setError(null);
    void saveAutoPush(on).then((outcome) => {
      if (!alive.current) return;
      if (outcome.ok) setAuto(outcome.data.auto_push);
      else setError(outcome.error);
    });
  }, []);

  return {
    online,
    preview,
    previewError,
    loadingPreview,
    running,
    result,
    error,
    runs,
    autoPush,
    refresh: () => void readPreview(),
    send,
    setAutoPush,
  };
}
