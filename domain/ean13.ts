/*
 * The EAN-13 check digit, shared by the device (scanning, in-house codes) and the server (a product's
 * barcodes are refused when a 13-digit code fails it: a mistyped code would never match a scan).
 */

/** The EAN-13 check digit of its first twelve digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code) === Number(code[12]);
}
