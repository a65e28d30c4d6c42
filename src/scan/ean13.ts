/** The EAN-13 check digit of its first twelve digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code) === Number(code[12]);
}

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
