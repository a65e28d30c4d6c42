import { dayToIso } from '../lib/format.ts';
import { apiCall } from '../sync/contract.ts';
import type { GroupCall, RowChange } from '../sync/outbox.ts';
import type { Batch } from './types.ts';
import { authoredHere } from '../sync/authorship.ts';

/** What saving a batch document takes: the document as saved, and its lines as edited. */
export interface BatchSave<Row, Line> {
  /** The batch being edited; absent for a new one. */
  batch?: Batch;
  /** Its rows as the device has them now. */
  saved?: readonly Row[];
  /** YYYY-MM-DD. */
  date: string;
  lines: readonly Line[];
}

interface BatchWrite<F extends string> {
  /** The batch being edited; absent for a new one. */
  batch?: Batch;
  batchId: string;
  kind: Batch['kind'];
  /** YYYY-MM-DD. */
  date: string;
  /**
   * The document's own rows (its lots, or its other realizations): those no longer listed go, the rest take its day.
   */
  rows: {
    table: 'lots' | 'other_realizations';
    saved: readonly ({ id: string } & Record<F, string>)[];
    dateField: F;
    listed: readonly string[];
  };
  inventoryIds: readonly string[];
  otherIds: readonly string[];
}

const now = () => new Date().toISOString();

/**
 * The document half of saving a batch (docs/rules.md «Документы»): POST /api/v1/batch/ or PATCH
 * /api/v1/batch/{id}/ with every row it holds, after the call that wrote its lines, in the same
 * outbox group. Its local effect: the batch row, and its rows' removal or new day.
 */
export function batchCall<F extends string>({
  batch,
  batchId,
  kind,
  date,
  rows,
  inventoryIds,
  otherIds,
}: BatchWrite<F>): GroupCall {
  const day = dayToIso(date);
  const kept = new Set(rows.listed);
  const changes: RowChange[] = [];
  for (const r of rows.saved) {
    // Rows no longer listed are deleted by the server (an outflow's units put back).
    if (!kept.has(r.id)) changes.push({ table: rows.table, id: r.id, remove: true });
    else if (r[rows.dateField] !== day)
      changes.push({ table: rows.table, id: r.id, changes: { [rows.dateField]: day } });
  }
  const body = { id: batchId, date, kind, inventory_ids: [...inventoryIds], other_realization_ids: [...otherIds] };
  if (batch) {
    if (batch.date !== day)
      changes.unshift({ table: 'batches', id: batchId, changes: { date: day, updated_at: now() } });
    return {
      ...apiCall('PATCH', '/batch/{batch_id}/', { params: { batch_id: batchId }, body }),
      table: 'batches',
      rowId: batchId,
      changes,
    };
  }
  const row: Batch = {
    id: batchId,
    kind,
    date: day,
    description: '',
    created_at: now(),
    version: 0,
    updated_at: now(),
    ...authoredHere(),
  };
  return {
    ...apiCall('POST', '/batch/', { body }),
    table: 'batches',
    rowId: batchId,
    changes: [{ table: 'batches', put: row }, ...changes],
  };
}
