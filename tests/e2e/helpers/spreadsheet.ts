import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';

/** A cell as compared with the screen: text, a number, or null for an empty cell. */
export type Plain = string | number | null;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as the screens print it. ExcelJS answers a date serial as that wall-clock time in
 * UTC, so the UTC parts are the day and time the file shows.
 */
function shownDate(d: Date): string {
  const day = `${pad2(d.getUTCDate())}.${pad2(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
  return d.getUTCHours() || d.getUTCMinutes() ? `${day} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}` : day;
}

function plain(value: unknown, csv: boolean): Plain {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return shownDate(value);
  if (typeof value === 'number') return value;
  const text = String(value);
  // A CSV number is written with a decimal comma and no grouping: «1234,5», «-2».
  if (csv && /^-?\d+(,\d+)?$/.test(text)) return Number(text.replace(',', '.'));
  return text;
}

export interface OpenedSheet {
  rows: Plain[][];
  /** XLSX only: the cell's number format and boldness, by address («E5»). */
  cell(address: string): { numFmt: string | undefined; bold: boolean; type: string };
}

/** Opens an exported file with ExcelJS, independently of the app's writers; CSV with «;» as Russian Excel reads it. */
export async function openSpreadsheet(path: string, format: 'csv' | 'xlsx'): Promise<OpenedSheet> {
  const book = new ExcelJS.Workbook();
  let ws: ExcelJS.Worksheet;
  if (format === 'xlsx') {
    await book.xlsx.readFile(path);
    ws = book.worksheets[0]!;
  } else {
    const bytes = readFileSync(path);
    if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf) throw new Error('the CSV has no UTF-8 BOM');
    // Values kept as the file's text: ExcelJS would otherwise guess dates and numbers the English way.
    ws = await book.csv.readFile(path, { parserOptions: { delimiter: ';' }, map: (v: unknown) => v } as never);
  }
  const rows: Plain[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const values = (row.values as unknown[]).slice(1);
    rows[n - 1] = values.map((v) => plain(typeof v === 'string' ? v.replace(/^\uFEFF/, '') : v, format === 'csv'));
  });
  const cleaned = Array.from(rows, (r) => {
    const out = [...(r ?? [])].map((v) => v ?? null);
    while (out.length > 0 && out[out.length - 1] === null) out.pop();
    return out;
  });
  return {
    rows: cleaned,
    cell(address) {
      const c = ws.getCell(address);
      // ValueType is a plain object of names to numbers: looked up by value.
      const type = Object.entries(ExcelJS.ValueType).find(([, v]) => v === c.type)?.[0] ?? String(c.type);
      return { numFmt: c.numFmt, bold: c.font?.bold === true, type };
    },
  };
}
