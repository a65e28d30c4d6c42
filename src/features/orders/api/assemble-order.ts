import { db, type OstatokDatabase } from '../../../db/database.ts';
import { apiCall } from '../../../sync/contract.ts';
import { queueCall, unsettledEntries } from '../../../sync/outbox.ts';
import { downloadOrderLabel, type LabelOutcome } from '../../../sync/order-label.ts';
import { assemblyComplete, assemblyFields } from './assembly.ts';
import { loadAssembly } from './load-assembly.ts';

export type AssembleOutcome = { ok: true; queued: boolean } | { ok: false; error: string };

/** Taps racing the outbox write: the second one sees the first's entry only once it is written. */
const queueing = new Set<string>();

/**
 * «Собрано»: queues POST /orders/{id}/assemble/ (offline too; the push worker sends it). The order shows as sending
 * at once — the mark is on the order row the call is filed under, so a refusal of the call (the row put back as it
 * was) takes it away — and the server's answer (the order with assembled_at or the marketplace's reason, later
 * label_ready) replaces it. A second tap while one waits, or after the marketplace took the order, queues nothing.
 */
export async function assembleOrder(orderId: string, database: OstatokDatabase = db): Promise<AssembleOutcome> {
  if (queueing.has(orderId)) return { ok: true, queued: false };
  queueing.add(orderId);
  try {
    const view = await loadAssembly(orderId, database);
    if (!view) return { ok: false, error: 'Заказ не найден на устройстве' };
    if (view.order.stage !== 'awaiting_packaging' && view.status.kind !== 'failed')
      return { ok: false, error: `Заказ не ждёт сборки: ${view.order.stageLabel.toLowerCase()}` };
    if (view.status.kind === 'sending' || view.status.kind === 'done') return { ok: true, queued: false };
    if (!assemblyComplete(view.lines)) return { ok: false, error: 'Соберите все позиции заказа' };
    const waiting = await unsettledEntries('orders', orderId, database);
    if (waiting.some((e) => e.path.endsWith('/assemble/'))) return { ok: true, queued: false };
    await queueCall(
      'orders',
      orderId,
      apiCall('POST', '/orders/{id}/assemble/', { params: { id: orderId }, body: {} }),
      {
        apply: async () => {
          await database.rows('orders').update(orderId, { assembly_state: 'pending', assembly_error: null });
        },
      },
      database,
    );
    return { ok: true, queued: true };
  } finally {
    queueing.delete(orderId);
  }
}

/** The order's label PDF, once the server says it is ready. */
export async function orderLabel(orderId: string, database: OstatokDatabase = db): Promise<LabelOutcome> {
  const order = await database.rows('orders').get(orderId);
  if (!order || !assemblyFields(order).label_ready) return { ok: false, error: 'Этикетки пока нет' };
  return downloadOrderLabel(orderId);
}
