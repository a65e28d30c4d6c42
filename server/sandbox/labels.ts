import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The sandbox's labels: real files a printer and pdf-lib accept, each page naming its order in text and as a
 * Code 128 barcode, so a test (or a person) can tell which order a label is for. Text is Latin and digits only:
 * the standard fonts cannot encode Cyrillic.
 */

const MM = 72 / 25.4;

async function barcodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 2, height: 12, includetext: false });
}

/** One page per label: a title line (the marketplace), the order's number in large type and as a barcode. */
export async function labelPdf(
  title: string,
  labels: ReadonlyArray<{ code: string; lines: readonly string[] }>,
  sizeMm: { width: number; height: number } = { width: 75, height: 120 },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${labels.map((l) => l.code).join(', ')}`);
  pdf.setProducer('Ostatok sandbox');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const label of labels) {
    const width = sizeMm.width * MM;
    const height = sizeMm.height * MM;
    const page = pdf.addPage([width, height]);
    const margin = 4 * MM;
    let y = height - margin - 10;
    page.drawText(title, { x: margin, y, size: 10, font: bold });
    y -= 22;
    const size = Math.min(18, (width - 2 * margin) / (0.6 * label.code.length));
    page.drawText(label.code, { x: margin, y, size, font: bold });
    const png = await pdf.embedPng(await barcodePng(label.code));
    const barWidth = width - 2 * margin;
    const barHeight = Math.min(png.height * (barWidth / png.width), height / 4);
    y -= barHeight + 8;
    page.drawImage(png, { x: margin, y, width: barWidth, height: barHeight });
    for (const line of label.lines) {
      y -= 12;
      if (y < margin) break;
      page.drawText(line, { x: margin, y, size: 8, font });
    }
  }
  return pdf.save();
}

/** WB's sticker picture (58×40 or 40×30 mm at 10 px a mm): the sticker's code as a barcode, PNG. */
export async function stickerPng(code: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: code,
    scale: 3,
    height: 15,
    includetext: true,
    textxalign: 'center',
  });
}

/** The same sticker as SVG. */
export function stickerSvg(code: string): string {
  return bwipjs.toSVG({ bcid: 'code128', text: code, height: 15, includetext: true, textxalign: 'center' });
}

/** The same sticker as ZPL for a thermal printer (vertical or horizontal). */
export function stickerZpl(code: string, vertical: boolean): string {
  return `^XA^FO20,20${vertical ? '^A0R,30,30' : '^A0N,30,30'}^FD${code}^FS^FO20,80^BCN,100,Y,N,N^FD${code}^FS^XZ`;
}
