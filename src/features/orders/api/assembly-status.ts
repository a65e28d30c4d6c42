import type { Order } from './order-types.ts';

/*
 * Where an order stands with the marketplace's assembly (docs/rules.md «Сборка заказов»), from the order row and
 * whether this device still holds a «Собрано» to send. Apart from ./assembly.ts so /orders' cards read it too.
 */

/**
 * Where the order stands: `picking` — not sent yet; `sending` — «Собрано» is queued on the device or the server is
 * still telling the marketplace; `done` — the marketplace took it; `failed` — it refused, with its reason.
 */
export type AssemblyStatus =
  { kind: 'picking' } | { kind: 'sending' } | { kind: 'done'; at: string } | { kind: 'failed'; error: string };

/**
 * The assembly fields of the order wire (server/schemas/orders.ts). Read defensively: a row mirrored before the
 * server had them lacks them until its next change comes down.
 */
export type AssemblyFields = Pick<Order, 'assembled_at' | 'assembly_error' | 'assembly_state' | 'label_ready'>;

export function assemblyFields(order: Order): AssemblyFields {
  const row = order as Partial<Record<keyof AssemblyFields, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const state = row.assembly_state;
  return {
    assembled_at: text(row.assembled_at),
    assembly_error: text(row.assembly_error),
    assembly_state: state === 'pending' || state === 'done' || state === 'refused' ? state : null,
    label_ready: row.label_ready === true,
  };
}

/**
 * The order's status. A queued «Собрано» comes first (a new try after a refusal shows as sending, not as the old
 * reason); a marketplace that took the order is final. `refused` is the server's reason for this device's last
 * «Собрано» it refused outright (409: the order was cancelled meanwhile, …): shown here as well as in «Синхронизация».
 */
export function assemblyStatus(fields: AssemblyFields, queued: boolean, refused: string | null = null): AssemblyStatus {
  if (fields.assembled_at) return { kind: 'done', at: fields.assembled_at };
  if (queued || fields.assembly_state === 'pending') return { kind: 'sending' };
  if (fields.assembly_error || fields.assembly_state === 'refused')
    return { kind: 'failed', error: fields.assembly_error ?? 'Маркетплейс не принял сборку' };
  if (refused) return { kind: 'failed', error: refused };
  return { kind: 'picking' };
}
