import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { labelsPdf, labelsPerPage } from './label-pdf.ts';

// The PDF is checked the way a printer and a scanner would see it: poppler rasterizes it at 300 dpi, zxing reads the
// bars back. Both are real programs (poppler-utils is installed by .ci/run); nothing here is mocked.
const MM = 72 / 25.4;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ostatok-labels-'));
  // zxing-wasm would fetch its .wasm from a CDN; the test runs offline from the installed package.
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const wasmBinary = readFileSync(wasm).buffer as ArrayBuffer;
  await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writePdf(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** Every page rendered at 300 dpi, as PNG buffers in page order. */
function rasterize(file: string): Buffer[] {
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', '300', '-png', file, prefix]);
  const base = path.basename(prefix);
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f)));
}

async function decode(png: Buffer) {
  const results = await readBarcodes(new Uint8Array(png), { formats: ['EAN13', 'Code128'], maxNumberOfSymbols: 32 });
  return results.filter((r) => r.isValid).map((r) => ({ text: r.text, format: r.format }));
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

// Rasterizing a whole A4 sheet at 300 dpi and scanning it takes seconds on a busy machine.
describe('labelsPdf', { timeout: 60_000 }, () => {
  it('58×40: one label per page, the page exactly 58×40 mm, EAN-13 and Code 128 read back, Cyrillic name as text', async () => {
    const labels = [
      { name: 'Кружка керамическая «Ёжик», 350 мл', code: '4601234567893', price: '490 ₽' },
      { name: 'Шнур USB-C — чёрный', code: 'WH-00017/b' },
    ];
    const bytes = await labelsPdf(labels, '58x40');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) {
      expect(Math.abs(page.getWidth() - 58 * MM)).toBeLessThan(0.5);
      expect(Math.abs(page.getHeight() - 40 * MM)).toBeLessThan(0.5);
      expect(Math.abs(page.getWidth() - 164.41)).toBeLessThan(0.5);
      expect(Math.abs(page.getHeight() - 113.39)).toBeLessThan(0.5);
    }

    const file = writePdf('roll', bytes);
    const [first, second] = rasterize(file);
    expect(await decode(first!)).toEqual([{ text: '4601234567893', format: 'EAN13' }]);
    expect(await decode(second!)).toEqual([{ text: 'WH-00017/b', format: 'Code128' }]);

    const text = pdfText(file);
    expect(text).toContain('Кружка керамическая');
    expect(text).toContain('Шнур USB-C — чёрный');
    expect(text).toContain('4601234567893');
    expect(text).toContain('490 ₽');
  });

  it('A4: 24 labels a sheet in a 3×8 grid, more labels go on to further sheets, every barcode readable', async () => {
    expect(labelsPerPage('a4')).toBe(24);
    const labels = Array.from({ length: 26 }, (_, i) => ({
      name: `Товар номер ${i + 1} с очень длинным названием, которое никак не поместится в две строки одной этикетки, конец`,
      code: i % 2 === 0 ? '2000000000015' : `SKU-${100 + i}`,
    }));
    const bytes = await labelsPdf(labels, 'a4');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) {
      expect(Math.abs(page.getWidth() - 210 * MM)).toBeLessThan(0.5);
      expect(Math.abs(page.getHeight() - 297 * MM)).toBeLessThan(0.5);
    }

    const file = writePdf('sheet', bytes);
    const [sheet1, sheet2] = rasterize(file);
    const firstSheet = await decode(sheet1!);
    expect(firstSheet).toHaveLength(24);
    expect(firstSheet.filter((r) => r.format === 'EAN13' && r.text === '2000000000015')).toHaveLength(12);
    const codes128 = firstSheet.filter((r) => r.format === 'Code128').map((r) => r.text);
    expect(codes128.sort()).toEqual(Array.from({ length: 12 }, (_, k) => `SKU-${101 + 2 * k}`).sort());
    expect((await decode(sheet2!)).map((r) => r.text).sort()).toEqual(['2000000000015', 'SKU-125']);

    const text = pdfText(file);
    expect(text).toContain('Товар номер 1 с');
    // Long names are cut with an ellipsis rather than running over the next label.
    expect(text).toContain('…');
    expect(text).not.toContain('конец');
  });

  it('characters the font lacks print as "?"; an empty list is refused rather than printed as a blank page', async () => {
    const file = writePdf('odd', await labelsPdf([{ name: 'Чай 茶', code: '123' }], '58x40'));
    expect(pdfText(file)).toContain('Чай ?');
    await expect(labelsPdf([], 'a4')).rejects.toThrow('Нет этикеток');
  });
});
