import { describe, expect, it } from 'vitest';
import { csvCell, csvField, sheetToCsv } from './csv.ts';
import { exportFileName, type Sheet } from './sheet.ts';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('CSV for a Russian spreadsheet', () => {
  it('starts with a BOM, separates by «;», ends lines with CRLF', () => {
    const sheet: Sheet = {
      fileName: 'x',
      title: 'x',
      columns: [
        { header: 'Название', kind: 'text' },
        { header: 'Остаток', kind: 'number' },
      ],
      rows: [['Чайник', 5]],
    };
    const csv = sheetToCsv(sheet);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Название;Остаток\r\nЧайник;5\r\n');
  });

  it('writes numbers with a decimal comma and no thousands separator; money to the kopeck', () => {
    expect(csvCell(1234.5, 'number')).toBe('1234,5');
    expect(csvCell(-2, 'number')).toBe('-2');
    expect(csvCell(1_000_000, 'money')).toBe('1000000');
    expect(csvCell(0.1 + 0.2, 'money')).toBe('0,3');
    expect(csvCell(250.456, 'money')).toBe('250,46');
    expect(csvCell(1e-7, 'number')).toBe('0,0000001');
    expect(csvCell(null, 'money')).toBe('');
  });

  it('quotes fields with «;», quotes or line breaks, doubling the quotes', () => {
    expect(csvField('Чайник; стальной')).toBe('"Чайник; стальной"');
    expect(csvField('Кружка «Утро» 0,3 л')).toBe('Кружка «Утро» 0,3 л');
    expect(csvField('Болт "М6"')).toBe('"Болт ""М6"""');
    expect(csvField('две\nстроки')).toBe('"две\nстроки"');
    expect(csvField(' отступ')).toBe('" отступ"');
  });

  it('keeps text from being read as a formula', () => {
    expect(csvField('=СУММ(A1:A2)')).toBe("'=СУММ(A1:A2)");
    expect(csvField('+7 900')).toBe("'+7 900");
    expect(csvField('-скидка')).toBe("'-скидка");
    expect(csvField('@home')).toBe("'@home");
  });

  it('writes dates as DD.MM.YYYY: a picked day as that day, an instant in local time', () => {
    expect(csvCell('2025-03-14T00:00:00.000Z', 'date')).toBe('14.03.2025');
    expect(csvCell('2025-03-14T00:00:00.000Z', 'moment')).toBe('14.03.2025');
    expect(csvCell(local(2025, 3, 14, 9, 5), 'moment')).toBe('14.03.2025 09:05');
    expect(csvCell(local(2025, 1, 2, 23, 59), 'datetime')).toBe('02.01.2025 23:59');
    expect(csvCell(local(2025, 1, 2, 23, 59), 'date')).toBe('02.01.2025');
    expect(csvCell(local(2025, 1, 2, 0, 0), 'datetime')).toBe('02.01.2025 00:00');
  });

  it('puts the document lines above the heading and the totals under the rows', () => {
    const sheet: Sheet = {
      fileName: 'x',
      title: 'x',
      meta: [
        { label: 'Документ', value: 'Закупка', kind: 'text' },
        { label: 'Дата поступления', value: '2025-03-14T00:00:00.000Z', kind: 'date' },
      ],
      columns: [
        { header: '№', kind: 'number' },
        { header: 'Цена, ₽', kind: 'money' },
      ],
      rows: [[1, 100.5]],
      totals: ['Итого', 100.5],
    };
    expect(sheetToCsv(sheet).slice(1).split('\r\n')).toEqual([
      'Документ;Закупка',
      'Дата поступления;14.03.2025',
      '',
      '№;Цена, ₽',
      '1;100,5',
      'Итого;100,5',
      '',
    ]);
  });

  it('names files in Russian with the day, without characters a file system refuses', () => {
    expect(exportFileName('Товары', new Date(2025, 2, 14))).toBe('Товары_14.03.2025');
    expect(exportFileName('История_Болт М6/М8: "оцинк."', new Date(2025, 11, 1))).toBe(
      'История_Болт_М6_М8_оцинк._01.12.2025',
    );
  });
});
