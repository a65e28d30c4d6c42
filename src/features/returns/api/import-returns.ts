import { useCallback } from 'react';
import { db } from '../../../db/database.ts';
import { toApiDate } from '../../../lib/dates.ts';
import { apiCall } from '../../../sync/contract.ts';
import { sendNow } from '../../../sync/send-now.ts';

export const OFFLINE_IMPORT = 'Нет сети: загрузить возвраты с маркетплейсов можно только при подключении к интернету';
export const NO_STORES = 'Нет магазинов с маркетплейсом: добавьте магазин и выберите маркетплейс';

export type ImportOutcome = { ok: true; started: number; failed: string[] } | { ok: false; error: string };

/**
 * «Загрузить с маркетплейсов»: one POST /api/v1/extract/returns/ per store linked to a marketplace
 * (not '-'), for the days from `dateStart` to today (YYYY-MM-DD). Online only — it starts a job on
 * the server, nothing to do on the device — so offline it says so instead of queueing. The job's
 * progress comes over the live channel (the progress ring), the returns with the next pull.
 */
export async function importReturns(dateStart: string, today = toApiDate()): Promise<ImportOutcome> {
  if (!navigator.onLine) return { ok: false, error: OFFLINE_IMPORT };
  const stores = (await db.markets.toArray())
    .filter((m) => m.marketplace !== '-')
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  if (stores.length === 0) return { ok: false, error: NO_STORES };
  if (dateStart > today) return { ok: false, error: 'Дата начала позже сегодняшней' };
  let started = 0;
  const failed: string[] = [];
  for (const store of stores) {
    const body = { marketplace: store.marketplace, market_id: store.market_id, date_start: dateStart, date_end: today };
    const sent = await sendNow(apiCall('POST', '/extract/returns/', { body }));
    if (sent.status === 0) return { ok: false, error: OFFLINE_IMPORT };
    if (sent.ok) started++;
    else failed.push(`${store.name}: ${sent.detail}`);
  }
  return { ok: true, started, failed };
}

export const useImportReturns = () => useCallback(importReturns, []);
