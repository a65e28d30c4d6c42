import { describe, expect, it } from 'vitest';
import { sandboxRefusalCodes } from '../../sandbox/refusal-codes.ts';
import type { MarketplaceCode } from '../types.ts';
import {
  answersOf,
  answersOfText,
  explainAnswers,
  explainRefusal,
  explains,
  refusalTables,
  unknownRefusal,
} from './index.ts';

const marketplaces = Object.keys(refusalTables) as MarketplaceCode[];
/** The Latin words a Russian text may hold: the marketplaces' names (as tests/e2e/russian-text.test.ts allows). */
const latinBeyondNames = (text: string) =>
  (text.match(/[A-Za-z]+/g) ?? []).filter((w) => w !== 'OZON' && w !== 'Wildberries');

describe('every refusal the sandbox answers is explained in Russian', () => {
  for (const marketplace of marketplaces)
    it(`${marketplace}: each code of the sandbox has an explanation of its own`, () => {
      const codes = sandboxRefusalCodes[marketplace];
      expect(codes.length).toBeGreaterThan(2);
      expect(codes.filter((code) => !explains(marketplace, code))).toEqual([]);
      for (const code of codes)
        expect(explainRefusal(marketplace, code, 'x').error, String(code)).not.toBe(unknownRefusal(marketplace));
    });
});

describe('the tables', () => {
  for (const marketplace of marketplaces)
    it(`${marketplace}: every explanation is Russian, says what to do, and has no Latin but the marketplace names`, () => {
      for (const [code, text] of Object.entries(refusalTables[marketplace])) {
        expect(text, code).toMatch(/^(?:[А-ЯЁ«]|OZON|Wildberries)/);
        expect(text, code).toMatch(/[.!]$/);
        expect(latinBeyondNames(text), `${code}: ${text}`).toEqual([]);
      }
      expect(latinBeyondNames(unknownRefusal(marketplace))).toEqual([]);
    });

  it('finds a code whatever its case, and an error told by its text before its code', () => {
    expect(explainRefusal('OZON', 'not_found', 'Product not found: OZ1-00005')).toEqual({
      error: expect.stringContaining('OZON не знает этот артикул — проверьте связь карточки'),
      marketplaceError: 'not_found: Product not found: OZ1-00005',
    });
    // OZON's gRPC code 7 with the text of a deactivated key: the text says more than the code.
    expect(explainRefusal('OZON', 7, 'Api-key is deactivated, use another one or generate a new one').error).toMatch(
      /Ключ выключен/,
    );
    expect(explainRefusal('OZON', 7, 'something else').error).toMatch(/не принял ключ/);
  });

  it('falls back to a Russian sentence for an unknown code, keeping the marketplace’s words', () => {
    expect(explainRefusal('YM', 'SOMETHING_NEW', 'Brand new refusal')).toEqual({
      error:
        'Яндекс Маркет отказал по причине, которую «Остаток» пока не знает. Что именно не так — в ответе ' +
        'маркетплейса; если он неясен, обратитесь в поддержку Яндекс Маркета.',
      marketplaceError: 'SOMETHING_NEW: Brand new refusal',
    });
  });

  it('explains several errors of one answer once each, keeping all their texts', () => {
    const refusal = explainAnswers('WILDBERRIES', [
      { code: 'NotFound', message: 'Not found' },
      { code: 'NotFound', message: 'Not found' },
      { code: 'UploadDataLimit', message: 'Upload limit exceeded.' },
    ]);
    expect(refusal.error.match(/не знает этот артикул/g)).toHaveLength(1);
    expect(refusal.error).toMatch(/не больше 100 000 штук/);
    expect(refusal.marketplaceError).toBe(
      'NotFound: Not found; NotFound: Not found; UploadDataLimit: Upload limit exceeded.',
    );
  });
});

describe('reading the marketplaces’ error bodies', () => {
  it('reads each shape the three marketplaces answer with', () => {
    expect(answersOf({ code: 3, message: 'limit is required', details: [] })).toEqual([
      { code: '3', message: 'limit is required' },
    ]);
    expect(
      answersOf({ status: 'ERROR', errors: [{ code: 'OFFER_NOT_FOUND', message: 'Offer not found: A' }] }),
    ).toEqual([{ code: 'OFFER_NOT_FOUND', message: 'Offer not found: A' }]);
    expect(answersOf([{ code: 'NotFound', message: 'Not found', data: [{ sku: '1', amount: 1 }] }])).toEqual([
      { code: 'NotFound', message: 'Not found' },
    ]);
    expect(answersOf({ title: 'too many requests', detail: 'limited by x', code: 'trace-1', status: 429 })).toEqual([
      { code: 'too many requests', message: 'limited by x' },
    ]);
    expect(answersOf({ data: null, error: true, errorText: 'limit is wrong' })).toEqual([
      { message: 'limit is wrong' },
    ]);
    expect(answersOfText('<html>Bad gateway</html>')).toEqual([{ message: '<html>Bad gateway</html>' }]);
    expect(answersOfText('')).toEqual([]);
  });
});
