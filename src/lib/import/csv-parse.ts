/*
 * CSV as sellers' spreadsheets save it: `;` (Russian Excel, LibreOffice), `,` or a tab between
 * fields — taken from the first line that has any — with RFC 4180 quoting, CRLF or LF line ends,
 * UTF-8 with or without a BOM, or Windows-1251 (what Russian Excel writes by default).
 */

/** The separator of the first non-empty line outside quotes: `;`, then tab, then `,`. */
export function detectSeparator(text: string): string {
  const counts = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  let seen = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
    if (!quoted && ch.trim()) seen = true;
  }
  if (counts[';'] > 0) return ';';
  if (counts['\t'] > 0) return '\t';
  return ',';
}

/** Rows of fields; a line of only empty fields is kept (callers skip it) so row numbers match the file. */
export function parseCsv(text: string, separator = detectSeparator(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1251. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}
