import { describe, expect, it } from 'vitest';
import { decodeText, detectSeparator, parseCsv } from './csv-parse.ts';
import { parseSheetNumber } from './numbers.ts';

describe('CSV as spreadsheets save it', () => {
  it('reads «;»-separated lines with a BOM and CRLF', () => {
    expect(parseCsv('\uFEFFАртикул;Количество;Цена\r\nA-1;5;100,5\r\n')).toEqual([
      ['Артикул', 'Количество', 'Цена'],
      ['A-1', '5', '100,5'],
    ]);
  });

  it('reads «,»-separated lines, a quoted decimal comma staying in its field', () => {
    expect(parseCsv('article,count,price\nA-1,5,"100,5"\nB-2,1,7')).toEqual([
      ['article', 'count', 'price'],
      ['A-1', '5', '100,5'],
      ['B-2', '1', '7'],
    ]);
  });

  it('takes the separator from the first line: «;» over «,», tabs too', () => {
    expect(detectSeparator('Наименование;Цена, ₽;Кол-во\nx;1,5;2')).toBe(';');
    expect(detectSeparator('a,b\n1;2')).toBe(',');
    expect(detectSeparator('a\tb\n1\t2')).toBe('\t');
    expect(detectSeparator('"a;b",c\n')).toBe(',');
  });

  it('unquotes fields with separators, doubled quotes and line breaks', () => {
    expect(parseCsv('"Болт ""М6""; оцинк.";"две\nстроки";x')).toEqual([['Болт "М6"; оцинк.', 'две\nстроки', 'x']]);
  });

  it('decodes UTF-8, and Windows-1251 as Russian Excel writes it', () => {
    expect(decodeText(new TextEncoder().encode('Цена'))).toBe('Цена');
    expect(decodeText(new Uint8Array([0xd6, 0xe5, 0xed, 0xe0]))).toBe('Цена');
  });
});

describe('numbers as sellers type them', () => {
  it.each([
    ['100', 100],
    ['100,5', 100.5],
    ['100.5', 100.5],
    ['1 234,50', 1234.5],
    ['1\u00a0234,50 ₽', 1234.5],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ['1 000 000', 1_000_000],
    ['1,234,567', 1_234_567],
    ['250 руб.', 250],
    ['−3', -3],
    ['1.5E+2', 150],
  ])('«%s» → %d', (text, n) => expect(parseSheetNumber(text)).toBe(n));

  it.each(['', 'abc', '12шт', '1,2,3,4x', '--1', '5 5 5,5,5'])('«%s» is not a number', (text) =>
    expect(parseSheetNumber(text)).toBeNull(),
  );
});
