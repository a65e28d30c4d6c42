import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MarketplaceUnavailableError, type MarketplaceCode, type StoreCredentials } from './types.ts';

/** What the assembly adapters share about labels: every label comes back as PDF bytes. */

const isPdf = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF

const unreadable = (marketplace: MarketplaceCode, store: StoreCredentials) =>
  new MarketplaceUnavailableError(marketplace, store.name, 'его этикетку не удалось прочитать, повторите позже');

/**
 * A label answer as PDF bytes: the file itself, or (OZON's schema describes it so) JSON with the file in base64
 * `file_content`. Anything else is an answer we cannot print.
 */
export function pdfOfAnswer(marketplace: MarketplaceCode, store: StoreCredentials, bytes: Uint8Array): Uint8Array {
  if (isPdf(bytes)) return bytes;
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes)) as { file_content?: unknown };
    if (typeof json.file_content === 'string') {
      const file = new Uint8Array(Buffer.from(json.file_content, 'base64'));
      if (isPdf(file)) return file;
    }
  } catch {
    // Not JSON either: fall through to the error below.
  }
  throw unreadable(marketplace, store);
}

const MM = 72 / 25.4;

/**
 * Wildberries stickers (PNG, 58×40 mm) as one PDF, a page each, the task id printed under the sticker so the packer
 * can match it to the order. Latin and digits only: the standard font cannot encode Cyrillic.
 */
export async function stickersPdf(
  store: StoreCredentials,
  stickers: ReadonlyArray<{ caption: string; png: Uint8Array }>,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const sticker of stickers) {
    let image;
    try {
      image = await pdf.embedPng(sticker.png);
    } catch (error) {
      throw new MarketplaceUnavailableError(
        'WILDBERRIES',
        store.name,
        'его стикер не удалось прочитать, повторите позже',
        undefined,
        {
          cause: error,
        },
      );
    }
    const width = 58 * MM;
    const height = 46 * MM;
    const page = pdf.addPage([width, height]);
    page.drawImage(image, { x: 0, y: 6 * MM, width, height: 40 * MM });
    page.drawText(sticker.caption, { x: 2 * MM, y: 2 * MM, size: 9, font });
  }
  return pdf.save();
}
