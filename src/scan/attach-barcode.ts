import { db } from '../db/database.ts';
import { apiCall } from '../sync/contract.ts';
import { queueUpdate } from '../sync/outbox.ts';
import { isValidEan13, normalizeBarcode } from './ean13.ts';

/** A product row's barcodes; a row pulled before barcodes existed has none. */
export const barcodesOf = (row: unknown): string[] => {
  const list = (row as { barcodes?: unknown } | undefined)?.barcodes;
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
};

/** Why the server would refuse this code (the same rules as its schema), or null when it is fine. */
export function barcodeProblem(code: string): string | null {
  if (!code) return 'Пустой штрихкод';
  if (code.length > 64) return `Штрихкод длиннее 64 символов`;
  if (/\s/.test(code)) return `Штрихкод «${code}» содержит пробел`;
  if (/^\d{13}$/.test(code) && !isValidEan13(code)) return `Штрихкод ${code}: неверная контрольная цифра EAN-13`;
  return null;
}

/** Another live product on the device that already carries this code, if any. */
async function otherOwner(productId: string, code: string): Promise<{ id: string; name: string } | null> {
  const rows = await db.rows('products_wh').where('barcodes').equals(code).toArray();
  const other = rows.find((r) => r.id !== productId);
  return other ? { id: other.id, name: other.name } : null;
}

/**
 * Replaces a product's barcodes: the local row at once and a PATCH in the outbox, the same path the product page's
 * other edits take, so it works offline and a server refusal (409, the code taken meanwhile on another device) comes
 * back through the refused-edit notices and puts the row back.
 */
export async function saveBarcodes(productId: string, barcodes: string[]): Promise<void> {
  await queueUpdate(
    'products_wh',
    productId,
    { barcodes, updated_at: new Date().toISOString() },
    apiCall('PATCH', '/products/warehouse/{id}/update/', { params: { id: productId }, body: { barcodes } }),
  );
}

/**
 * Appends a scanned or typed code to a product's barcodes. Refuses with a Russian message — before queueing
 * anything — when the code is empty or another product on this device already has it (the server would refuse it
 * too, later and less clearly). A code the product already has is a no-op.
 */
export async function attachBarcode(productId: string, code: string): Promise<void> {
  const clean = normalizeBarcode(code);
  const problem = barcodeProblem(clean);
  if (problem) throw new Error(problem);
  const product = await db.rows('products_wh').get(productId);
  if (!product) throw new Error('Товар не найден на устройстве');
  const current = barcodesOf(product);
  if (current.includes(clean)) return;
  if (current.length >= 50) throw new Error('У товара уже 50 штрихкодов: больше не привязать');
  const other = await otherOwner(productId, clean);
  if (other) throw new Error(`Штрихкод ${clean} уже привязан к товару «${other.name}»`);
  await saveBarcodes(productId, [...current, clean]);
}

/** Removes one code from a product's barcodes (nothing to do when it has no such code). */
export async function detachBarcode(productId: string, code: string): Promise<void> {
  const product = await db.rows('products_wh').get(productId);
  if (!product) throw new Error('Товар не найден на устройстве');
  const current = barcodesOf(product);
  if (!current.includes(code)) return;
  await saveBarcodes(
    productId,
    current.filter((c) => c !== code),
  );
}
