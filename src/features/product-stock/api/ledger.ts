import { useLiveQuery } from 'dexie-react-hooks';
import { db, type MirroredRows } from '../../../db/database.ts';
import { downloadSheet } from '../../../lib/export/download.ts';
import { exportFileName, type ExportFormat, type Sheet } from '../../../lib/export/sheet.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { sheetForMember } from '../../../lib/permissions.ts';
import { authorName, byAuthor, type MemberChoice } from '../../../ui/members.tsx';
import { loadMemberNames } from './member-names.ts';
import { reasonLabel } from '../../../stock/movement-reasons.ts';

export { reasonLabel };

type StockMovement = MirroredRows['stock_movements'];

/** The window's rows, then the older ones fetched, without a row the device still holds twice. */
export function withOlder(window: readonly LedgerRow[], older: readonly LedgerRow[]): LedgerRow[] {
  const seen = new Set(window.map((r) => r.id));
  return [...window, ...older.filter((r) => !seen.has(r.id))];
}

/** A receipt into a return lot (docs/rules.md «Возвраты»): «Учёт» marks that lot «↩ возврат», so does the history. */
export const RETURN_RECEIPT = 'Возврат покупателя';

/** A line of tab 8 «История»: a stock movement with its reason in words and its lot's receipt date. */
export interface LedgerRow {
  id: string;
  created_at: string;
  reason: string;
  delta: number;
  /** The lot's receipt date, null when the lot is not on the device. */
  lotDate: string | null;
  /** Absent for a member without leave to see costs. */
  unit_cost: number | undefined;
  /** The member whose work made the movement; null for the server's own (orders, loads) or before teams. */
  created_by: string | null;
}

/**
 * The product's ledger as the device holds it — the history window (src/sync/history-window.ts) — newest first: what
 * the tab shows and its export saves; older rows come on demand (./older-ledger.ts).
 */
export async function loadLedger(productId: string): Promise<LedgerRow[]> {
  const movements = await db.rows('stock_movements').where('product_id').equals(productId).toArray();
  return toLedgerRows(movements, productId);
}

/** Ledger rows in the tab's words, newest first: each with its lot's receipt date and a return's own reason. */
export async function toLedgerRows(movements: readonly StockMovement[], productId: string): Promise<LedgerRow[]> {
  const stock = await loadProductStock(productId);
  const lotDate = new Map(stock.lots.map((l) => [l.id, l.created_at]));
  const returnLots = new Set(stock.lots.filter((l) => l.is_return === true).map((l) => l.id));
  return [...movements]
    .sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')))
    .map((m) => ({
      id: m.id,
      created_at: m.created_at,
      reason: m.reason === 'receipt' && returnLots.has(m.lot_id) ? RETURN_RECEIPT : (reasonLabel[m.reason] ?? m.reason),
      delta: m.delta,
      lotDate: lotDate.get(m.lot_id) ?? null,
      unit_cost: m.unit_cost,
      created_by: m.created_by ?? null,
    }));
}

/** Live; undefined while loading. */
export const useLedger = (productId: string) => useLiveQuery(() => loadLedger(productId), [productId]);

export function ledgerSheet(
  productName: string,
  rows: readonly LedgerRow[],
  names: ReadonlyMap<string, string> = new Map(),
  now = new Date(),
): Sheet {
  return {
    fileName: exportFileName(`История_${productName}`, now),
    title: 'История',
    meta: [{ label: 'Товар', value: productName, kind: 'text' }],
    columns: [
      { header: 'Время', kind: 'datetime' },
      { header: 'Причина', kind: 'text' },
      { header: 'Количество', kind: 'number' },
      { header: 'Партия от', kind: 'moment' },
      { header: 'Цена за ед., ₽', kind: 'money' },
      { header: 'Кто', kind: 'text' },
    ],
    rows: rows.map((r) => [
      r.created_at,
      r.reason,
      r.delta,
      r.lotDate,
      r.unit_cost ?? null,
      authorName(names, r.created_by),
    ]),
  };
}

/**
 * The ledger the tab shows (every page, the member filter applied): the window from the device, offline too, and the
 * older rows fetched so far; without the cost column for a member who does not see costs.
 */
export async function exportLedger(
  productId: string,
  format: ExportFormat,
  member: MemberChoice = '',
  older: readonly LedgerRow[] = [],
): Promise<void> {
  const [rows, product, members] = await Promise.all([
    loadLedger(productId).then((window) => withOlder(window, older)),
    db.rows('products_wh').get(productId),
    loadMemberNames(),
  ]);
  await downloadSheet(
    sheetForMember(ledgerSheet(product?.name ?? 'Товар', byAuthor(rows, member), members.names)),
    format,
  );
}
