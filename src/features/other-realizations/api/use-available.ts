import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database.ts';
import { loadProjectedLots } from '../../../stock/projected-stock.ts';
import type { OtherRealization } from './types.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Units each product has for this document: on hand as the server will have it once the outbox
 * is sent, less what active reserves set aside (the server's rule), plus what the document's own
 * saved rows already took (they are put back before being taken again).
 */
export async function loadAvailable(own: readonly OtherRealization[]): Promise<Map<string, number>> {
  const [lots, reserves] = await Promise.all([
    loadProjectedLots(),
    db
      .mirrored('reserves')
      .filter((r) => r.status === 'active')
      .toArray(),
  ]);
  const out = new Map<string, number>();
  const add = (id: string | undefined, n: number) => id && out.set(id, (out.get(id) ?? 0) + n);
  for (const l of lots) add(l.product_id, l.count);
  // Reserves name their product `product` on the wire.
  for (const r of reserves) add(str(r.product) ?? str(r.product_id), -(Number(r.count) || 0));
  for (const o of own) add(o.product_id, o.count);
  return out;
}

/** Live; undefined while loading. */
export function useAvailable(own: readonly OtherRealization[]): Map<string, number> | undefined {
  const key = own.map((o) => `${o.id}:${o.count}`).join(',');
  return useLiveQuery(() => loadAvailable(own), [key]);
}
