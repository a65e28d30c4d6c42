import { db } from '../db/database.ts';

/** The product of this business with this barcode, read from the device (deleted ones leave the mirror); or null. */
export async function findProductByBarcode(code: string): Promise<{ id: string; name: string } | null> {
  const found = await db.rows('products_wh').where('barcodes').equals(code).first();
  return found ? { id: found.id, name: found.name } : null;
}
