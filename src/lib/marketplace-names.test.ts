import { describe, expect, it } from 'vitest';
import { marketplaceName } from './marketplace-names.ts';

describe('marketplace names on screen', () => {
  it('stores and other realizations use different codes; the seller always reads OZON, Wildberries, Яндекс Маркет', () => {
    expect(['OZON', 'WILDBERRIES', 'WB', 'YM', 'Other', '-', null, ''].map(marketplaceName)).toEqual([
      'OZON',
      'Wildberries',
      'Wildberries',
      'Яндекс Маркет',
      'Другое',
      'Без маркетплейса',
      '—',
      '—',
    ]);
  });
});
