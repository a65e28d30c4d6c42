import { z } from 'zod';
import { isValidEan13 } from '../../domain/ean13.ts';

/** At most this many codes per product: a product has a few (sizes, old packaging), never hundreds. */
export const MAX_BARCODES = 50;

/*
 * A code as printed on goods: EAN-13/EAN-8, UPC, Code 128 and the like. Printable characters without
 * spaces inside (a scanner never sends one; a space pasted in is a typo that would never match a scan).
 */
const printable = /^[^\s\p{C}]+$/u;

/** One code: trimmed, checked; a 13-digit code must carry a correct EAN-13 check digit. */
export const barcodeCode = z
  .string()
  .trim()
  .min(1, 'штрихкод не может быть пустым')
  .max(64, 'штрихкод — не длиннее 64 символов')
  .regex(printable, 'штрихкод — без пробелов и служебных символов')
  .superRefine((code, ctx) => {
    if (/^\d{13}$/.test(code) && !isValidEan13(code))
      ctx.addIssue({ code: 'custom', message: `Штрихкод ${code}: неверная контрольная цифра EAN-13` });
  });

/** A code from outside (a marketplace catalog) as the API would store it, or undefined if the API would refuse it. */
export function storableBarcode(code: unknown): string | undefined {
  const parsed = barcodeCode.safeParse(code);
  return parsed.success ? parsed.data : undefined;
}

export const barcodesField = z
  .array(barcodeCode)
  .max(MAX_BARCODES, `у товара не больше ${MAX_BARCODES} штрихкодов`)
  .transform((codes) => [...new Set(codes)])
  .describe(
    'Штрихкоды товара (EAN-13, EAN-8, UPC, Code 128…): список заменяет прежний целиком. Каждый — 1–64 печатных символа без пробелов; 13 цифр — с верной контрольной цифрой EAN-13; повторы в списке схлопываются; до 50. Код, который уже есть у другого товара этого бизнеса, — 409 barcode_taken',
  );

export const barcodesWire = z
  .array(z.string())
  .describe('Штрихкоды товара; по ним находит товар сканер и поиск списка (точное совпадение)');
