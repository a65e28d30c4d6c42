import { describe, expect, it } from 'vitest';
import { stockMessages } from '../../../../domain/stock-rules.ts';
import { parseCsv } from '../../../lib/import/csv-parse.ts';
import {
  buildMatchIndex,
  findHeader,
  headerColumn,
  linesFromFile,
  NO_HEADER,
  planPurchaseFile,
} from './purchase-file.ts';

const products = [
  { id: 'p-kettle', name: 'Чайник стальной' },
  { id: 'p-mug', name: 'Кружка  керамическая' },
  { id: 'p-flask', name: 'Термос дорожный' },
  { id: 'p-twin-1', name: 'Ложка' },
  { id: 'p-twin-2', name: 'ложка' },
];
const listings = [
  { product_wh_id: 'p-kettle', offer_id: 'KET-01' },
  { product_wh_id: 'p-kettle', offer_id: '4607001234567' },
  { product_wh_id: 'p-flask', offer_id: 'fl-9' },
  { product_wh_id: 'p-mug', offer_id: 'SHARED' },
  { product_wh_id: 'p-flask', offer_id: 'shared' },
  { product_wh_id: null, offer_id: 'ORPHAN' },
];
const index = buildMatchIndex(products, listings);
const plan = (csv: string) => planPurchaseFile(parseCsv(csv), index);

describe('the headings of a purchase file', () => {
  it.each([
    ['Артикул', 'article'],
    ['артикул продавца', 'article'],
    ['offer_id', 'article'],
    ['Штрихкод', 'article'],
    ['Наименование', 'name'],
    ['Название товара', 'name'],
    ['Товар', 'name'],
    ['Кол-во', 'count'],
    ['Количество, шт.', 'count'],
    ['qty', 'count'],
    ['Цена', 'price'],
    ['Цена закупки, ₽', 'price'],
    ['Закупочная цена', 'price'],
    ['Себестоимость (руб.)', 'price'],
    ['Сумма', null],
    ['Примечание', null],
  ])('«%s» is %s', (text, column) => expect(headerColumn(text)).toBe(column));

  it('finds the heading under a title; none without a count, a price and an article or name', () => {
    expect(findHeader([['Закупка у ООО «Ромашка»'], [], ['№', 'Наименование', 'Кол-во', 'Цена']])).toEqual({
      row: 2,
      columns: { name: 1, count: 2, price: 3 },
    });
    expect(findHeader([['Артикул', 'Количество']])).toBeNull();
    expect(() => plan('a;b\n1;2')).toThrow(NO_HEADER);
  });
});

describe('matching file lines to warehouse products', () => {
  it("by the product's own barcode first, even where a listing of another product has it as its article", () => {
    const withCodes = buildMatchIndex(
      [
        { id: 'p-kettle', name: 'Чайник', barcodes: ['4600000000017'] },
        { id: 'p-mug', name: 'Кружка', barcodes: [] },
      ],
      [{ product_wh_id: 'p-mug', offer_id: '4600000000017' }],
    );
    const { matched } = planPurchaseFile(parseCsv('Штрихкод;Количество;Цена\n 4600000000017 ;2;10'), withCodes);
    expect(matched.map((l) => [l.product?.id, l.product?.via, l.count])).toEqual([['p-kettle', 'barcode', 2]]);
  });

  it('by a listing article (offer_id, barcodes the sellers keep there too), case-insensitive', () => {
    const { matched } = plan('Артикул;Количество;Цена\nket-01;5;100,5\n4607001234567;1;90\nFL-9;2;80');
    expect(matched.map((l) => [l.row, l.product?.id, l.product?.via, l.count, l.price])).toEqual([
      [2, 'p-kettle', 'article', 5, 100.5],
      [3, 'p-kettle', 'article', 1, 90],
      [4, 'p-flask', 'article', 2, 80],
    ]);
  });

  it('by the exact name (case and extra spaces aside) when there is no article or it is unknown', () => {
    const { matched } = plan(
      'Артикул,Наименование,Кол-во,Цена\n,кружка керамическая,3,"250,5"\nNEW-1,Термос дорожный,1,80',
    );
    expect(matched.map((l) => [l.product?.id, l.product?.via])).toEqual([
      ['p-mug', 'name'],
      ['p-flask', 'name'],
    ]);
  });

  it('leaves out unknown products and ambiguous ones, saying why', () => {
    const { matched, unmatched } = plan(
      'Артикул;Наименование;Количество;Цена\nNOPE;;1;10\n;Самовар;1;10\nNOPE;Самовар;1;10\nSHARED;;1;10\n;Ложка;1;10\nORPHAN;;1;10\n;;1;10',
    );
    expect(matched).toEqual([]);
    expect(unmatched.map((l) => [l.row, l.problems[0]])).toEqual([
      [2, 'Нет товара склада с артикулом «NOPE»'],
      [3, 'Нет товара склада с названием «Самовар»'],
      [4, 'Нет товара склада с артикулом «NOPE» или названием «Самовар»'],
      [5, 'Артикул «SHARED» есть у нескольких товаров склада: укажите точное название'],
      [6, 'Названием «Ложка» названы несколько товаров склада: укажите артикул'],
      [7, 'Нет товара склада с артикулом «ORPHAN»'],
      [8, 'Не указаны ни артикул, ни название'],
    ]);
  });

  it('an ambiguous article is settled by the name', () => {
    expect(plan('Артикул;Наименование;Количество;Цена\nSHARED;Термос дорожный;1;10').matched[0]?.product?.id).toBe(
      'p-flask',
    );
  });

  it('refuses bad numbers with the stock rules’ Russian reasons', () => {
    const { matched, invalid } = plan(
      'Артикул;Количество;Цена\nKET-01;;10\nKET-01;два;10\nKET-01;1,5;10\nKET-01;0;10\nKET-01;2000000;10\nKET-01;1;\nKET-01;1;abc\nKET-01;1;0\nKET-01;1;-5\nKET-01;1;2000000000\nKET-01;1 000;1 234,567',
    );
    expect(invalid.map((l) => l.problems)).toEqual([
      ['Не указано количество'],
      ['Количество «два» — не число'],
      [stockMessages.invalidCount],
      [stockMessages.invalidCount],
      [stockMessages.countTooBig],
      ['Не указана цена'],
      ['Цена «abc» — не число'],
      ['Цена должна быть больше 0'],
      [stockMessages.priceInvalid('Цена')],
      [stockMessages.priceTooBig('Цена')],
    ]);
    // Prices are kept to the kopeck.
    expect(matched.map((l) => [l.count, l.price])).toEqual([[1000, 1234.57]]);
  });

  it('skips empty lines and a totals line; numbers rows as the spreadsheet does', () => {
    const { matched, unmatched } = plan('Артикул;Количество;Цена\n\nKET-01;1;10\n;;\nИтого;1;10\n');
    expect(matched.map((l) => l.row)).toEqual([3]);
    expect(unmatched).toEqual([]);
  });

  it('turns matched lines into editor lines as if typed: new lots, count and price', () => {
    const lines = linesFromFile(plan('Артикул;Количество;Цена\nKET-01;5;100,5').matched);
    expect(lines).toEqual([{ id: expect.any(String), product_id: 'p-kettle', count: '5', price: '100.5' }]);
  });
});
