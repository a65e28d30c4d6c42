import { useCallback } from 'react';
import { db } from '../../../db/database.ts';
import { apiCall } from '../../../sync/contract.ts';
import { sendNow } from '../../../sync/send-now.ts';

export const OFFLINE_REFRESH = 'Нет сети: обновить статусы отправлений можно только при подключении к интернету';
export const NO_STORES = 'Нет магазинов с маркетплейсом: добавьте магазин и выберите маркетплейс';

export type RefreshOutcome = { ok: true; started: number } | { ok: false; error: string };

/**
 * «Обновить»: one POST /api/v1/extract/products/status/ listing every store linked to a marketplace
 * (not '-'); the server checks them all, then starts a job per store. Online only — it starts jobs on
 * the server, there is nothing to do on the device — so offline it says so instead of queueing. The
 * jobs' progress comes over the live channel (the progress ring), the new snapshot with the next pull.
 */
export async function refreshStatuses(): Promise<RefreshOutcome> {
  if (!navigator.onLine) return { ok: false, error: OFFLINE_REFRESH };
  const stores = (await db.markets.toArray())
    .filter((m) => m.marketplace !== '-')
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.market_id.localeCompare(b.market_id));
  if (stores.length === 0) return { ok: false, error: NO_STORES };
  const body = stores.map((s) => ({ marketplace: s.marketplace, market_id: s.market_id }));
  const sent = await sendNow(apiCall('POST', '/extract/products/status/', { body }));
  if (sent.status === 0) return { ok: false, error: OFFLINE_REFRESH };
  if (!sent.ok) return { ok: false, error: `Не удалось обновить статусы: ${sent.detail}` };
  const jobs = (sent.body as { job_ids?: unknown[] } | null)?.job_ids;
  return { ok: true, started: Array.isArray(jobs) ? jobs.length : stores.length };
}

export const useRefreshStatuses = () => useCallback(refreshStatuses, []);
