import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnIndex, readXlsx } from './xlsx-read.ts';

async function workbook(rows: unknown[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Закупка');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('reading an XLSX purchase list', () => {
  it('reads a workbook ExcelJS wrote: shared strings, numbers, gaps', async () => {
    const bytes = await workbook([
      ['Закупка у поставщика'],
      [],
      ['Артикул', 'Наименование', 'Кол-во', 'Цена закупки'],
      ['A-1', 'Чайник & кружка', 5, 100.5],
      [12345, null, 2, 7],
    ]);
    expect(readXlsx(bytes)).toEqual([
      ['Закупка у поставщика'],
      [],
      ['Артикул', 'Наименование', 'Кол-во', 'Цена закупки'],
      ['A-1', 'Чайник & кружка', '5', '100.5'],
      ['12345', '', '2', '7'],
    ]);
  });

  it('reads inline strings, rich text runs and prefixed elements', () => {
    const sheet = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Артикул</x:t></x:is></x:c><x:c r="C1" t="s"><x:v>0</x:v></x:c></x:row>
<x:row r="3"><x:c r="B3" t="str"><x:f>1+1</x:f><x:v>2</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    const shared = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>Це</t></r><r><t xml:space="preserve">на &amp; </t></r></si></sst>`;
    const bytes = zipSync({ 'xl/worksheets/sheet1.xml': strToU8(sheet), 'xl/sharedStrings.xml': strToU8(shared) });
    expect(readXlsx(bytes)).toEqual([['Артикул', '', 'Цена & '], [], ['', '2']]);
  });

  it('says so in Russian when the file is not a workbook', () => {
    expect(() => readXlsx(new Uint8Array([0x50, 0x4b, 1, 2, 3]))).toThrow(/не похож на книгу Excel/);
  });

  it('column letters to indexes', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('Z9')).toBe(25);
    expect(columnIndex('AA10')).toBe(26);
  });
});
