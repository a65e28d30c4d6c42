import type { PDFFont, PDFPage } from 'pdf-lib';
import { isValidEan13 } from '../scan/ean13.ts';
import { barcodeBars } from './barcode-bars.ts';
import { loadLabelFont } from './label-font.ts';

/** One label: the product's name, its barcode, and optionally a price already formatted for people. */
export type Label = { name: string; code: string; price?: string };

/** 58×40 mm: a roll for a thermal label printer, one label per page. A4: an office sheet of 3×8 stickers. */
export type LabelFormat = '58x40' | 'a4';

const MM = 72 / 25.4;

/** Sheet geometry in points. The A4 grid is the common 70×37 mm sticker sheet: 3 across, 8 down, 0.5 mm top margin. */
const formats = {
  '58x40': { pageWidth: 58 * MM, pageHeight: 40 * MM, columns: 1, rows: 1, labelWidth: 58 * MM, labelHeight: 40 * MM },
  a4: { pageWidth: 210 * MM, pageHeight: 297 * MM, columns: 3, rows: 8, labelWidth: 70 * MM, labelHeight: 37 * MM },
} as const;

export const labelsPerPage = (format: LabelFormat): number => formats[format].columns * formats[format].rows;

/**
 * A PDF of barcode labels, made on the device (works offline). The barcode is drawn as vector bars, so it stays sharp
 * at any printer resolution: EAN-13 for a valid EAN-13 code, Code 128 for anything else. pdf-lib and bwip-js are
 * imported here only, and this module is itself loaded lazily by the labels dialog, so they never weigh on the
 * first screen.
 */
export async function labelsPdf(labels: Label[], format: LabelFormat): Promise<Uint8Array> {
  // pdf-lib would save an empty document with a blank page, which a printer would then feed out.
  if (labels.length === 0) throw new RangeError('Нет этикеток для печати');
  const [{ PDFDocument, rgb }, fontkit, fontBytes] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit').then((m) => m.default),
    loadLabelFont(),
  ]);
  const pdf = await PDFDocument.create();
  pdf.setTitle('Этикетки');
  pdf.setCreator('Остаток');
  // pdf-lib's 14 standard fonts cannot encode Cyrillic: the names need an embedded TrueType font.
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(fontBytes, { subset: true });
  const supported = new Set(font.getCharacterSet());
  const geometry = formats[format];
  const perPage = labelsPerPage(format);
  const black = rgb(0, 0, 0);

  let page: PDFPage | undefined;
  for (const [index, label] of labels.entries()) {
    const slot = index % perPage;
    if (slot === 0) page = pdf.addPage([geometry.pageWidth, geometry.pageHeight]);
    const column = slot % geometry.columns;
    const row = Math.floor(slot / geometry.columns);
    // Sheets are filled top to bottom; PDF coordinates grow upwards from the bottom-left corner.
    const top = geometry.pageHeight - (geometry.pageHeight - geometry.rows * geometry.labelHeight) / 2;
    const box = {
      x: column * geometry.labelWidth,
      y: top - (row + 1) * geometry.labelHeight,
      width: geometry.labelWidth,
      height: geometry.labelHeight,
    };
    await drawLabel(page!, font, supported, label, box, black);
  }
  return pdf.save();
}

type Box = { x: number; y: number; width: number; height: number };

async function drawLabel(
  page: PDFPage,
  font: PDFFont,
  supported: Set<number>,
  label: Label,
  box: Box,
  color: ReturnType<typeof import('pdf-lib').rgb>,
): Promise<void> {
  const pad = 2.5 * MM;
  const inner = { x: box.x + pad, y: box.y + pad, width: box.width - 2 * pad, height: box.height - 2 * pad };
  const nameSize = 7.5;
  const codeSize = 8;
  const priceSize = 10;
  const lineGap = nameSize * 1.2;

  // The name: at most two lines, cut with an ellipsis; characters the font lacks print as '?', never as nothing.
  const nameLines = wrap(printable(label.name, supported), font, nameSize, inner.width, 2);
  let cursor = inner.y + inner.height;
  for (const line of nameLines) {
    cursor -= lineGap;
    page.drawText(line, { x: inner.x, y: cursor + nameSize * 0.22, size: nameSize, font, color });
  }

  // The bottom: the price (if any) on its own line at the right, the code's digits just above it.
  let bottom = inner.y;
  if (label.price) {
    const price = printable(label.price, supported);
    const width = font.widthOfTextAtSize(price, priceSize);
    page.drawText(price, { x: inner.x + inner.width - width, y: bottom, size: priceSize, font, color });
    bottom += priceSize * 1.15;
  }
  const digits = printable(label.code, supported);
  const digitsSize = Math.min(codeSize, fitSize(font, digits, inner.width));
  const digitsWidth = font.widthOfTextAtSize(digits, digitsSize);
  page.drawText(digits, { x: inner.x + (inner.width - digitsWidth) / 2, y: bottom, size: digitsSize, font, color });
  bottom += digitsSize * 1.25;

  // The bars fill what is left, centred, with the quiet zones the symbology asks for kept clear on both sides.
  const symbol = await barcodeBars(label.code, isValidEan13(label.code) ? 'ean13' : 'code128');
  const barsTop = cursor - 1.5 * MM;
  const height = barsTop - bottom;
  const module = Math.min(inner.width / (symbol.modules + symbol.quietLeft + symbol.quietRight), 1.4);
  const left = inner.x + (inner.width - symbol.modules * module) / 2;
  for (const bar of symbol.bars) {
    page.drawRectangle({ x: left + bar.start * module, y: bottom, width: bar.width * module, height, color });
  }
}

function printable(text: string, supported: Set<number>): string {
  let out = '';
  for (const char of text.replace(/\s+/g, ' ').trim()) out += supported.has(char.codePointAt(0)!) ? char : '?';
  return out;
}

/** The largest size (down to 4 pt) at which `text` fits `width`. */
function fitSize(font: PDFFont, text: string, width: number): number {
  const atOne = font.widthOfTextAtSize(text, 1);
  return atOne === 0 ? 12 : Math.max(4, width / atOne);
}

/** Greedy word wrap into at most `maxLines` lines; the last line is cut with '…' when text remains. */
function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let rest = text;
  while (rest && lines.length < maxLines) {
    if (fits(rest)) {
      lines.push(rest);
      rest = '';
      break;
    }
    // The longest prefix that fits, broken at a space when there is one.
    let end = 1;
    while (end < rest.length && fits(rest.slice(0, end + 1))) end++;
    const space = rest.lastIndexOf(' ', end);
    const cut = space > 0 && rest[end] !== ' ' ? space : end;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest && lines.length > 0) {
    let last = lines[lines.length - 1]!;
    while (last && !fits(`${last}…`)) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last.trimEnd()}…`;
  }
  return lines;
}
