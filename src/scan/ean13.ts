import { ean13CheckDigit } from '../../domain/ean13.ts';

export { ean13CheckDigit, isValidEan13 } from '../../domain/ean13.ts';

/**
 * A new in-house EAN-13 for a product without one: the 2 prefix (20–29) is kept for a shop's own codes and is never
 * given to a manufacturer, so it cannot clash with a code printed on goods. Eleven random digits make two devices
 * inventing one offline practically never meet; the server refuses the rare clash within a business anyway.
 */
export function internalEan13(random: () => number = Math.random): string {
  let first12 = '2';
  for (let i = 0; i < 11; i++) first12 += Math.floor(random() * 10) % 10;
  return first12 + ean13CheckDigit(first12);
}

/** A scanned or typed code as it is stored: no surrounding spaces, no control characters. */
export function normalizeBarcode(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
