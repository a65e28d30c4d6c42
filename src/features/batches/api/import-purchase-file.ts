import { db } from '../../../db/database.ts';
import { readTableFile } from '../../../lib/import/read-table.ts';
import { buildMatchIndex, planPurchaseFile, type PurchaseFilePlan } from './purchase-file.ts';

/**
 * Reads the picked file and matches its lines to the warehouse products on the device (offline
 * too). Throws with a Russian message when the file cannot be read or has no headings.
 */
export async function planPurchaseImport(file: File): Promise<PurchaseFilePlan> {
  const [rows, products, listings] = await Promise.all([
    readTableFile(file),
    db.rows('products_wh').toArray(),
    db.rows('products_mp').toArray(),
  ]);
  return planPurchaseFile(rows, buildMatchIndex(products, listings));
}
