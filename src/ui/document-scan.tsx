import { useState, type ReactNode } from 'react';
import { attachBarcode } from '../scan/attach-barcode.ts';
import type { ScanOutcome } from '../scan/feedback.ts';
import { findProductByBarcode } from '../scan/find-product.ts';
import { useScan } from '../scan/use-scan.ts';
import { formError } from './controls.css.ts';
import { UnknownBarcodeDialog, type UnknownBarcodeProduct } from './unknown-barcode-dialog.tsx';

/** What a document does with a scanned product: null when its line was added or counted up, else why not (Russian). */
export type ScannedProduct = (product: { id: string; name: string }) => string | null | Promise<string | null>;

export interface DocumentScanOptions {
  onProduct: ScannedProduct;
  /** The products an unknown code may be attached to. */
  products: UnknownBarcodeProduct[];
  enabled?: boolean;
}

/**
 * Scanning into a stock document (receipt, return, write-off, other realization): a known code goes to `onProduct`;
 * an unknown one opens the attach dialog, and once attached the product goes to `onProduct` as if scanned again.
 * A refusal's reason stays on screen until the next scan, beside the refusal sound.
 * Returns what to render: the refusal notice and the dialog.
 */
export function useDocumentScan({ onProduct, products, enabled = true }: DocumentScanOptions): ReactNode {
  const [unknown, setUnknown] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function apply(product: { id: string; name: string }): Promise<ScanOutcome> {
    const reason = await onProduct(product);
    setRefusal(reason);
    return reason === null ? 'ok' : 'refused';
  }

  useScan(async (code) => {
    const product = await findProductByBarcode(code);
    if (product) return apply(product);
    setRefusal(null);
    setUnknown(code);
    return 'unknown';
  }, enabled);

  return (
    <>
      {refusal && (
        <p className={formError} role="alert" data-testid="scan-refusal">
          {refusal}
        </p>
      )}
      <UnknownBarcodeDialog
        code={unknown}
        products={products}
        onAttach={async (productId) => {
          if (unknown === null) return;
          await attachBarcode(productId, unknown);
          const product = products.find((p) => p.id === productId);
          await apply({ id: productId, name: product?.name ?? '' });
        }}
        onClose={() => setUnknown(null)}
      />
    </>
  );
}
