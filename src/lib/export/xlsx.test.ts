import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../import/xlsx-read.ts';
import type { Sheet } from './sheet.ts';
import { columnLetters, dateSerial, sheetToXlsx } from './xlsx.ts';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

const sheet: Sheet = {
  fileName: 'Закупка',
  title: 'Закупка от 14.03.2025',
  meta: [
    { label: 'Документ', value: 'Закупка', kind: 'text' },
    { label: 'Дата поступления', value: '2025-03-14T00:00:00.000Z', kind: 'date' },
  ],
  columns: [
    { header: '№', kind: 'number' },
    { header: 'Товар', kind: 'text' },
    { header: 'Когда', kind: 'datetime' },
    { header: 'Количество', kind: 'number' },
    { header: 'Цена, ₽', kind: 'money' },
  ],
  rows: [
    [1, 'Чайник "Утро" & <ко>', local(2025, 3, 14, 9, 30), 5, 100.5],
    [2, '=1+1', local(2024, 2, 29, 0, 0), 3, 0.1 + 0.2],
    [3, null, null, null, null],
  ],
  totals: ['Итого', null, null, 8, 100.8],
};

async function open(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('XLSX written by hand, read by ExcelJS', () => {
  it('holds real numbers with a rouble format, dates with DD.MM.YYYY, text as text', async () => {
    const ws = await open(sheetToXlsx(sheet));
    expect(ws.name).toBe('Закупка от 14.03.2025');
    expect(ws.getCell('A1').value).toBe('Документ');
    expect(ws.getCell('B2').value).toBeInstanceOf(Date);
    // ExcelJS reads a date serial as that wall-clock time in UTC.
    expect((ws.getCell('B2').value as Date).toISOString()).toBe('2025-03-14T00:00:00.000Z');
    expect(ws.getCell('B2').numFmt).toBe('dd.mm.yyyy');
    expect(ws.getRow(4).values).toEqual([undefined, '№', 'Товар', 'Когда', 'Количество', 'Цена, ₽']);
    expect(ws.getCell('A4').font?.bold).toBe(true);
    expect(ws.getCell('A5').value).toBe(1);
    expect(ws.getCell('B5').value).toBe('Чайник "Утро" & <ко>');
    expect((ws.getCell('C5').value as Date).toISOString()).toBe('2025-03-14T09:30:00.000Z');
    expect(ws.getCell('C5').numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(ws.getCell('D5').value).toBe(5);
    expect(ws.getCell('E5').value).toBe(100.5);
    expect(ws.getCell('E5').numFmt).toContain('#,##0.00');
    expect(ws.getCell('E5').numFmt).toContain('₽');
    // Text that looks like a formula stays text in a workbook.
    expect(ws.getCell('B6').value).toBe('=1+1');
    expect(ws.getCell('E6').value).toBe(0.3);
    expect(ws.getCell('B7').value).toBeNull();
    expect(ws.getRow(8).values).toEqual([undefined, 'Итого', undefined, undefined, 8, 100.8]);
    expect(ws.getCell('E8').font?.bold).toBe(true);
  });

  it('sizes columns to their text and freezes the heading', async () => {
    const ws = await open(sheetToXlsx(sheet));
    expect(ws.getColumn(1).width).toBe(8);
    expect(ws.getColumn(2).width).toBe('Чайник "Утро" & <ко>'.length + 2);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
  });

  it('reads back with the import reader', () => {
    const rows = readXlsx(sheetToXlsx(sheet));
    expect(rows[3]).toEqual(['№', 'Товар', 'Когда', 'Количество', 'Цена, ₽']);
    expect(rows[4]![1]).toBe('Чайник "Утро" & <ко>');
    expect(rows[4]![4]).toBe('100.5');
  });

  it('date serials count days from 1899-12-30, time as a fraction', () => {
    expect(dateSerial({ year: 1900, month: 3, day: 1, hour: 0, minute: 0, withTime: false })).toBe(61);
    expect(dateSerial({ year: 2025, month: 3, day: 14, hour: 12, minute: 0, withTime: true })).toBe(45730.5);
    expect(columnLetters(0)).toBe('A');
    expect(columnLetters(25)).toBe('Z');
    expect(columnLetters(26)).toBe('AA');
    expect(columnLetters(701)).toBe('ZZ');
  });
});
