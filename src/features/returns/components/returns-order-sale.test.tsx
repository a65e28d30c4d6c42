// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import type { Realization } from '../api/types.ts';
import { meta, nbsp, returnRow } from '../test/seed.ts';
import { lineOf, lines, open, seedProducts } from '../test/returns-screen.tsx';

/*
 * A return of a marketplace order names the sale that order made (docs/rules.md «Заказы маркетплейсов»): its row on
 * /returns says which sale, read from the device's realizations, and links to the product's «Продажи» tab.
 */

const sale = (id: string, extra: Partial<Realization> = {}): Realization => ({
  id,
  product: 'p1',
  count: 2,
  price: 80,
  entered_price: null,
  realization_price: 1250.5,
  status: 'completed',
  datetime: '2025-01-28T12:00:00.000Z',
  posting: {
    marketplace: 'OZON',
    store_id: crypto.randomUUID(),
    posting_number: '12345678-0001-1',
    order_line_id: crypto.randomUUID(),
  },
  ...meta,
  ...extra,
});

const saleOf = (id: string) => within(lineOf(id)).queryByTestId('order-sale');

describe('/returns — the sale a return’s order made', () => {
  it('names the posting, date, units and sale price, linked to the product’s sales; nothing for other returns', async () => {
    await seedProducts();
    await db.mirrored('realizations').add(sale('s1'));
    await db
      .mirrored('returns')
      .bulkAdd([
        returnRow('r1', { order_number: '12345678-0001-1', marketplace: 'OZON', realization_id: 's1' }),
        returnRow('r2', { order_number: 'WB-100', marketplace: 'WILDBERRIES' }),
      ]);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(2));

    const link = saleOf('r1')!;
    expect(nbsp(link.textContent)).toBe('Продажа по заказу 12345678-0001-1 от 28.01.2025 — 2 шт. по 1 250,50 ₽');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/product/p1?td=7');
    // It sits under the shipment number, in the shipment cell.
    expect(link.closest('td')!.dataset.cell).toBe('shipment');
    expect(saleOf('r2')).toBeNull();
  });

  it('a sale the device has not synced yet is named by its order only, and filled in when it arrives', async () => {
    await seedProducts();
    await db
      .mirrored('returns')
      .add(returnRow('r1', { order_number: '4100000077', marketplace: 'WILDBERRIES', realization_id: 's9' }));
    await open();
    await waitFor(() => expect(saleOf('r1')).not.toBeNull());
    expect(nbsp(saleOf('r1')!.textContent)).toBe('Продажа по заказу 4100000077');
    expect(saleOf('r1')!.getAttribute('href')).toBe('/product/p1?td=7');

    await act(() =>
      db.mirrored('realizations').add(
        sale('s9', {
          count: 1,
          realization_price: 990,
          datetime: '2025-02-03T09:00:00.000Z',
          posting: {
            marketplace: 'WILDBERRIES',
            store_id: crypto.randomUUID(),
            posting_number: '4100000077',
            order_line_id: crypto.randomUUID(),
          },
        }),
      ),
    );
    await waitFor(() =>
      expect(nbsp(saleOf('r1')!.textContent)).toBe('Продажа по заказу 4100000077 от 03.02.2025 — 1 шт. по 990 ₽'),
    );
  });
});
