import { strToU8, zipSync } from 'fflate';
import {
  dateParts,
  isDateKind,
  dateText,
  roundMoney,
  type CellKind,
  type CellValue,
  type DateParts,
  type Sheet,
} from './sheet.ts';

/*
 * A one-sheet XLSX written by hand: the workbook is a zip (fflate, loaded with this module only
 * when the seller asks for a file) of a few XML parts. Numbers are numeric cells, money carries a
 * rouble number format, dates are date serials with a DD.MM.YYYY format, the heading is bold and
 * stays in view, columns are as wide as their longest text.
 */

/** cellXfs indexes of styles.xml below. */
const STYLE = { plain: 0, bold: 1, money: 2, date: 3, moment: 4, boldMoney: 5, boldNumber: 6 } as const;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.00\\ &quot;₽&quot;"/><numFmt numFmtId="165" formatCode="dd.mm.yyyy"/><numFmt numFmtId="166" formatCode="dd.mm.yyyy hh:mm"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="7">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>
</Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>
</Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>
</Relationships>`;

/** Text safe inside XML: no markup characters, and none of the control characters XML 1.0 forbids. */
export const xmlText = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Лист1';

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * Days since 1899-12-30 (Excel's and LibreOffice's date serial) of the wall-clock time shown: a
 * spreadsheet date has no time zone, so it must name the day the screen shows.
 */
export function dateSerial(p: DateParts): number {
  const days = (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(1899, 11, 30)) / 86_400_000;
  return days + (p.hour * 60 + p.minute) / 1440;
}

class SharedStrings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  add(text: string): number {
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(text);
      this.index.set(text, i);
    }
    return i;
  }
  xml(): string {
    const items = this.list.map((s) => `<si><t xml:space="preserve">${xmlText(s)}</t></si>`).join('');
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.list.length}" uniqueCount="${this.list.length}">${items}</sst>`;
  }
}

interface Written {
  xml: string;
  /** What the cell shows, for the column's width. */
  shown: string;
}

function cell(ref: string, value: CellValue, kind: CellKind, strings: SharedStrings, bold: boolean): Written | null {
  if (value === null || value === '') return null;
  const text = (s: string): Written => ({
    xml: `<c r="${ref}" t="s"${bold ? ` s="${STYLE.bold}"` : ''}><v>${strings.add(s)}</v></c>`,
    shown: s,
  });
  if (isDateKind(kind)) {
    const parts = dateParts(value, kind);
    if (!parts) return text(String(value));
    const style = parts.withTime ? STYLE.moment : STYLE.date;
    return { xml: `<c r="${ref}" s="${style}"><v>${dateSerial(parts)}</v></c>`, shown: dateText(parts) };
  }
  if (typeof value === 'number' && kind !== 'text' && Number.isFinite(value)) {
    const n = kind === 'money' ? roundMoney(value) : value;
    const style = kind === 'money' ? (bold ? STYLE.boldMoney : STYLE.money) : bold ? STYLE.boldNumber : STYLE.plain;
    // Money shows 2 decimals and the sign: «1 234,50 ₽».
    const shown = kind === 'money' ? `${n.toFixed(2)} ₽ ` : String(n);
    return { xml: `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${n}</v></c>`, shown };
  }
  return text(String(value));
}

/** The worksheet XML; widths from the longest text per column (8–60 characters). */
function worksheet(sheet: Sheet, strings: SharedStrings): string {
  const widths = sheet.columns.map((c) => c.header.length);
  const rows: string[] = [];
  const addRow = (cells: { value: CellValue; kind: CellKind }[], bold: boolean, measure: boolean) => {
    const r = rows.length + 1;
    const xml = cells
      .map((c, i) => {
        const w = cell(`${columnLetters(i)}${r}`, c.value, c.kind, strings, bold);
        if (w && measure) widths[i] = Math.max(widths[i] ?? 0, w.shown.length);
        return w?.xml ?? '';
      })
      .join('');
    rows.push(`<row r="${r}">${xml}</row>`);
  };
  // The document's lines are label and value: they do not widen the table's columns.
  for (const m of sheet.meta ?? [])
    addRow(
      [
        { value: m.label, kind: 'text' },
        { value: m.value, kind: m.kind },
      ],
      true,
      false,
    );
  if (sheet.meta?.length) rows.push(`<row r="${rows.length + 1}"/>`);
  const headRow = rows.length + 1;
  addRow(
    sheet.columns.map((c) => ({ value: c.header, kind: 'text' })),
    true,
    true,
  );
  for (const row of sheet.rows)
    addRow(
      sheet.columns.map((c, i) => ({ value: row[i] ?? null, kind: c.kind })),
      false,
      true,
    );
  if (sheet.totals)
    addRow(
      sheet.columns.map((c, i) => ({ value: sheet.totals![i] ?? null, kind: i === 0 ? 'text' : c.kind })),
      true,
      true,
    );

  const cols = widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(60, Math.max(8, w + 2))}" customWidth="1"/>`)
    .join('');
  // The heading stays in view while the rows scroll.
  const pane = `<pane ySplit="${headRow}" topLeftCell="A${headRow + 1}" activePane="bottomLeft" state="frozen"/>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>
<cols>${cols}</cols>
<sheetData>${rows.join('')}</sheetData>
</worksheet>`;
}

export function sheetToXlsx(sheet: Sheet): Uint8Array {
  const strings = new SharedStrings();
  const sheetXml = worksheet(sheet, strings);
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets><sheet name="${xmlText(sheetName(sheet.title))}" sheetId="1" r:id="rId1"/></sheets>
</workbook>`;
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'xl/workbook.xml': strToU8(workbook),
    'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
    'xl/styles.xml': strToU8(STYLES),
    'xl/sharedStrings.xml': strToU8(strings.xml()),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml),
  });
}
