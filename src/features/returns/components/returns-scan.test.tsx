// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { deliverScan } from '../../../scan/scan-bus.ts';
import { cells, lines, open, outbox, seedProducts } from '../test/returns-screen.tsx';

// A busy machine (several test runs at once) can take seconds to render a live query.
configure({ asyncUtilTimeout: 10_000 });
const scan = (code: string) => act(() => deliverScan(code));

describe('/returns — scanning a returned item', () => {
  it('each scan is a return of 1 unit of the product, queued as a click in the drawer would', async () => {
    await seedProducts();
    await db.mirrored('products_wh').update('p2', { barcodes: ['2000000000015'] });
    await open();
    expect(await scan('2000000000015')).toBe('ok');
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(cells(lines()[0]!).slice(4, 8)).toEqual(['Кружка', 'MUG-1', '', '1']);
    expect(await scan('2000000000015')).toBe('ok');
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect((await outbox()).map((e) => e.body)).toMatchObject([
      { product_id: 'p2', count: 1 },
      { product_id: 'p2', count: 1 },
    ]);
  });

  it('an unknown code: attach it to the product in the dialog, and the return is made', async () => {
    await seedProducts();
    await open();
    expect(await scan('4601234567893')).toBe('unknown');
    const dialog = await screen.findByRole('dialog', { name: 'Неизвестный штрихкод' });
    // The dialog's product list is a live query: it fills a moment after the dialog opens.
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Чайник/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Привязать к товару' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(cells(lines()[0]!)[4]).toBe('Чайник');
    expect((await db.rows('products_wh').get('p1'))?.barcodes).toEqual(['4601234567893']);
  });
});
