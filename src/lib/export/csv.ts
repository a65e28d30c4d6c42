import { dateParts, isDateKind, dateText, roundMoney, type CellKind, type CellValue, type Sheet } from './sheet.ts';

/*
 * CSV as Russian Excel and LibreOffice open it with a double click: UTF-8 with a BOM (without it
 * Excel reads the bytes as Windows-1251), `;` between fields (the list separator of the Russian
 * locale, where `,` is the decimal mark), a decimal comma, DD.MM.YYYY dates, CRLF line ends and
 * RFC 4180 quoting.
 */

const BOM = '\uFEFF';

/** 1234.5 → «1234,5»: no thousands separator, which a spreadsheet would take for text. */
export function csvNumber(n: number, kind: CellKind): string {
  const value = kind === 'money' ? roundMoney(n) : n;
  // Numbers as plain decimals even when tiny or huge (no «1e-7»).
  const text = Number.isInteger(value) ? String(value) : value.toFixed(10).replace(/0+$/, '');
  return text.replace('.', ',');
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @ at the start) gets a leading apostrophe:
 * a product name must never become a formula in the seller's spreadsheet (CSV injection).
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(text: string): string {
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return /[;"\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvCell(value: CellValue, kind: CellKind): string {
  if (value === null || value === '') return '';
  if (isDateKind(kind)) {
    const parts = dateParts(value, kind);
    return parts ? dateText(parts) : csvField(String(value));
  }
  if (typeof value === 'number') return kind === 'text' ? csvField(String(value)) : csvNumber(value, kind);
  return csvField(value);
}

const line = (cells: string[]) => cells.join(';');

/** The whole file: the document's lines, an empty line, the heading, the rows and the totals. */
export function sheetToCsv(sheet: Sheet): string {
  const lines: string[] = [];
  if (sheet.meta?.length) {
    for (const m of sheet.meta) lines.push(line([csvField(m.label), csvCell(m.value, m.kind)]));
    lines.push('');
  }
  lines.push(line(sheet.columns.map((c) => csvField(c.header))));
  for (const row of sheet.rows) lines.push(line(sheet.columns.map((c, i) => csvCell(row[i] ?? null, c.kind))));
  if (sheet.totals)
    lines.push(line(sheet.columns.map((c, i) => csvCell(sheet.totals![i] ?? null, i === 0 ? 'text' : c.kind))));
  return BOM + lines.join('\r\n') + '\r\n';
}
