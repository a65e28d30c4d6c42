import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OstatokDatabase } from '../../../db/database.ts';
import { findProductByBarcode } from '../../../scan/find-product.ts';
import { unsettledEntries } from '../../../sync/outbox.ts';
import {
  assemblyComplete,
  assemblyFields,
  assemblyLines,
  assemblyStatus,
  scanInto,
  type AssemblyLine,
  type AssemblyProduct,
  type AssemblyStatus,
  type Picked,
  type ScanResult,
} from './assembly.ts';
import { shelfOf, stageLabels, type Order } from './order-types.ts';

/*
 * The assembly screen's rows from the device, and what the picker keeps on it. Picked units live in the `meta` table
 * under `assembly/<order id>`, not in sessionStorage: a tablet's browser is often killed in the background or the tab
 * closed, and a half-picked order must come back as it was, offline too. They are the device's own working notes —
 * the server learns only «Собрано» — so they are not queued anywhere, and no new Dexie table is needed for them.
 */

interface AssemblyNote {
  picked: Picked;
  /** The label was printed here once by itself; later prints are the picker's «Печать этикетки». */
  printed?: boolean;
}

const noteKey = (orderId: string) => `assembly/${orderId}`;

async function readNote(orderId: string, database: OstatokDatabase): Promise<AssemblyNote> {
  const value = (await database.meta.get(noteKey(orderId)))?.value as Partial<AssemblyNote> | undefined;
  return { picked: value?.picked ?? {}, printed: value?.printed === true };
}

async function changeNote(
  orderId: string,
  change: (note: AssemblyNote) => AssemblyNote,
  database: OstatokDatabase,
): Promise<void> {
  await database.transaction('rw', database.meta, async () => {
    await database.meta.put({ key: noteKey(orderId), value: change(await readNote(orderId, database)) });
  });
}

const isAssembleCall = (path: string) => /\/orders\/[^/]+\/assemble\/$/.test(path);

/** «Собрано» of this order waits in the outbox (or is being sent). */
async function assembleQueued(orderId: string, database: OstatokDatabase): Promise<boolean> {
  return (await unsettledEntries('orders', orderId, database)).some((e) => isAssembleCall(e.path));
}

/** Why the server refused this device's last «Собрано» of the order, if it did (the newest refused entry). */
async function assembleRefusal(orderId: string, database: OstatokDatabase): Promise<string | null> {
  const refused = await database.outbox
    .where('[table+row_id]')
    .equals(['orders', orderId])
    .filter((e) => e.status === 'rejected' && isAssembleCall(e.path))
    .sortBy('seq');
  const last = refused.at(-1);
  return last ? (last.error ?? 'Сервер не принял «Собрано»') : null;
}

export interface AssemblyView {
  order: { id: string; posting_number: string; stage: Order['stage']; stageLabel: string; store: string };
  lines: AssemblyLine[];
  complete: boolean;
  status: AssemblyStatus;
  labelReady: boolean;
  /** The label has not printed by itself on this device yet. */
  autoPrint: boolean;
}

async function loadLines(orderId: string, database: OstatokDatabase, picked: Picked): Promise<AssemblyLine[]> {
  const lines = await database.rows('order_lines').where('order_id').equals(orderId).toArray();
  const ids = [...new Set(lines.map((l) => l.product_id).filter((id): id is string => !!id))];
  const products = new Map<string, AssemblyProduct>();
  for (const p of await database.rows('products_wh').bulkGet(ids))
    if (p) products.set(p.id, { id: p.id, name: p.name, shelf: shelfOf(p), image: p.images?.[0] ?? null });
  return assemblyLines(lines, products, picked);
}

/** One order as the assembly screen shows it; null when the device does not have it. */
export async function loadAssembly(orderId: string, database: OstatokDatabase = db): Promise<AssemblyView | null> {
  const order = await database.rows('orders').get(orderId);
  if (!order) return null;
  const [note, queued, refused, store] = await Promise.all([
    readNote(orderId, database),
    assembleQueued(orderId, database),
    assembleRefusal(orderId, database),
    database.markets.get(order.store_id),
  ]);
  const lines = await loadLines(orderId, database, note.picked);
  const fields = assemblyFields(order);
  return {
    order: {
      id: order.id,
      posting_number: order.posting_number,
      stage: order.stage,
      stageLabel: stageLabels[order.stage] ?? order.stage,
      store: store?.name ?? 'Магазин удалён',
    },
    lines,
    complete: assemblyComplete(lines),
    status: assemblyStatus(fields, queued, refused),
    labelReady: fields.label_ready,
    autoPrint: !note.printed,
  };
}

/** Live: a scan, a tap, the queued «Собрано» and the server's answer (push or pull) each redraw it. */
export function useAssembly(orderId: string): AssemblyView | null | undefined {
  return useLiveQuery(() => loadAssembly(orderId), [orderId]);
}

/** Adds picked units to a line (never past its quantity); 'all' picks the rest of it. */
export async function pickLine(
  orderId: string,
  lineId: string,
  units: number | 'all',
  database: OstatokDatabase = db,
): Promise<void> {
  const line = await database.rows('order_lines').get(lineId);
  if (!line || line.order_id !== orderId) return;
  await changeNote(
    orderId,
    (note) => {
      const now = note.picked[lineId] ?? 0;
      const next = units === 'all' ? line.quantity : Math.min(line.quantity, now + units);
      return { ...note, picked: { ...note.picked, [lineId]: Math.max(0, next) } };
    },
    database,
  );
}

/** A scanned code against the order: one more unit of its line, or why not (the sound follows the outcome). */
export async function scanForAssembly(
  orderId: string,
  code: string,
  database: OstatokDatabase = db,
): Promise<ScanResult> {
  const product = await findProductByBarcode(code);
  let result: ScanResult = { outcome: 'refused', message: 'Заказ не найден на устройстве' };
  await database.transaction(
    'rw',
    [database.meta, database.rows('order_lines'), database.rows('products_wh')],
    async () => {
      const note = await readNote(orderId, database);
      result = scanInto(await loadLines(orderId, database, note.picked), code, product);
      const lineId = result.lineId;
      if (!lineId) return;
      await database.meta.put({
        key: noteKey(orderId),
        value: { ...note, picked: { ...note.picked, [lineId]: (note.picked[lineId] ?? 0) + 1 } },
      });
    },
  );
  return result;
}

/** Starts the order over: nothing picked. */
export async function resetPicking(orderId: string, database: OstatokDatabase = db): Promise<void> {
  await changeNote(orderId, (note) => ({ ...note, picked: {} }), database);
}

/** The label printed by itself here: it will not again (the picker can still print it). */
export async function markLabelPrinted(orderId: string, database: OstatokDatabase = db): Promise<void> {
  await changeNote(orderId, (note) => ({ ...note, printed: true }), database);
}
