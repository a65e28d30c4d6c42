import { findProductByBarcode } from '../../../scan/find-product.ts';
import type { ScanOutcome } from '../../../scan/feedback.ts';
import { changeMyCount, refusalText } from './my-lines.ts';

/** What a scan did, for the line under the shelf field. */
export interface ScanReport {
  outcome: ScanOutcome;
  text: string;
}

/** A scan on the count: one more unit of the product on this device's line for the shelf. */
export async function scanIntoCount(countId: string, shelf: string, code: string): Promise<ScanReport> {
  const product = await findProductByBarcode(code);
  if (!product) return { outcome: 'unknown', text: `Штрихкод ${code} не найден` };
  const done = await changeMyCount(countId, product.id, shelf, { add: 1 });
  if (done === 'ok') return { outcome: 'ok', text: `+1 ${product.name}` };
  return { outcome: 'refused', text: `${product.name}: ${refusalText[done]}` };
}
