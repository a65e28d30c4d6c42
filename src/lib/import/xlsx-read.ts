import { strFromU8, unzipSync } from 'fflate';

/*
 * The first worksheet of an XLSX as rows of text (what an import needs: article, name, numbers).
 * The few XML parts involved have a fixed shape, read with regular expressions rather than a DOM
 * parser, so it works the same in a browser, a worker and the unit tests. Elements may carry a
 * namespace prefix (x:c), as some writers emit.
 */

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const xmlDecode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return entities[e] ?? m;
  });

const tag = (name: string) => `(?:[\\w-]+:)?${name}`;
const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/** The text of every <t> inside (a rich-text string has one per run), phonetic runs left out. */
function textOf(xml: string): string {
  const plain = xml.replace(new RegExp(`<${tag('rPh')}\\b[\\s\\S]*?</${tag('rPh')}>`, 'g'), '');
  let out = '';
  for (const m of plain.matchAll(new RegExp(`<${tag('t')}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag('t')}>`, 'g')))
    out += xmlDecode(m[1]!);
  return out;
}

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(new RegExp(`<${tag('si')}>([\\s\\S]*?)</${tag('si')}>|<${tag('si')}\\s*/>`, 'g'))].map((m) =>
    textOf(m[1] ?? ''),
  );
}

/** «BC12» → 54 (0-based column). */
export function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0].toUpperCase() ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

/** The path of the workbook's first sheet, through the workbook's relationships. */
function firstSheetPath(files: Record<string, Uint8Array>): string {
  const read = (p: string) => (files[p] ? strFromU8(files[p]) : undefined);
  const workbook = read('xl/workbook.xml');
  const rels = read('xl/_rels/workbook.xml.rels');
  const sheet = workbook && new RegExp(`<${tag('sheet')}\\s([^>]*)/?>`).exec(workbook)?.[1];
  const rid = sheet && /(?:^|\s)[\w-]+:id="([^"]*)"/.exec(sheet)?.[1];
  if (rid && rels) {
    for (const m of rels.matchAll(new RegExp(`<${tag('Relationship')}\\s([^>]*)/?>`, 'g'))) {
      if (attr(m[1]!, 'Id') !== rid) continue;
      const target = attr(m[1]!, 'Target')!;
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

/** Rows of cell text; a number as written in the file («100.5»), a boolean as 1/0, a formula's last value. */
export function readXlsx(bytes: Uint8Array): string[][] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new Error('Файл не похож на книгу Excel (XLSX): откройте его в Excel и сохраните как «Книга Excel» или CSV');
  }
  const strings = sharedStrings(files['xl/sharedStrings.xml'] && strFromU8(files['xl/sharedStrings.xml']));
  const path = firstSheetPath(files);
  if (!files[path]) throw new Error('В книге Excel нет листа с данными');
  const xml = strFromU8(files[path]);
  const rows: string[][] = [];
  // Attributes matched lazily, so an empty <row r="3"/> does not run into the next row.
  const rowRe = new RegExp(`<${tag('row')}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${tag('row')}>)`, 'g');
  const cellRe = new RegExp(`<${tag('c')}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${tag('c')}>)`, 'g');
  let next = 0;
  for (const rm of xml.matchAll(rowRe)) {
    const r = Number(attr(rm[1] ?? '', 'r')) || next + 1;
    next = r;
    const cells: string[] = [];
    let col = 0;
    for (const cm of (rm[2] ?? '').matchAll(cellRe)) {
      const attrs = cm[1] ?? '';
      const ref = attr(attrs, 'r');
      col = ref ? columnIndex(ref) : col;
      const body = cm[2] ?? '';
      const type = attr(attrs, 't');
      const v = new RegExp(`<${tag('v')}>([\\s\\S]*?)</${tag('v')}>`).exec(body)?.[1];
      let text = '';
      if (type === 's') text = strings[Number(v)] ?? '';
      else if (type === 'inlineStr') text = textOf(body);
      else if (v !== undefined) text = xmlDecode(v);
      cells[col] = text;
      col++;
    }
    rows[r - 1] = Array.from(cells, (c) => c ?? '');
  }
  return Array.from(rows, (r) => r ?? []);
}
