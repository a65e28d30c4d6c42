// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { deliverScan } from '../../../scan/scan-bus.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { seedLot, seedProduct } from '../test/seed.ts';
import { PurchaseEditorPage } from './purchase-editor.tsx';

// A busy machine (several test runs at once) can take seconds to render a live query.
configure({ asyncUtilTimeout: 10_000 });

const add = () => renderWithRouter(() => <PurchaseEditorPage />, { path: '/inventory/add' });
const lines = () => screen.queryAllByTestId('purchase-line');
const count = (row: number) => (screen.getByLabelText(`Количество, строка ${row}`) as HTMLInputElement).value;
const scan = (code: string) => act(() => deliverScan(code));

/** A keyboard wedge types the code fast and presses Enter (keyboard-wedge.ts: ≤60 ms apart, ≥4 characters). */
function wedge(code: string) {
  for (const key of code) fireEvent.keyDown(window, { key });
  fireEvent.keyDown(window, { key: 'Enter' });
}

describe('/inventory/add — scanning into a receipt', () => {
  it('a known code adds the line with 1 unit at the last price; the next scan counts it up', async () => {
    const kettle = await seedProduct('Чайник', { barcodes: ['4601234567893'] });
    await seedProduct('Кружка', { barcodes: ['2000000000015'] });
    await seedLot(kettle, { price: 250, created_at: '2025-01-01T00:00:00.000Z' });
    await add();

    expect(await scan('4601234567893')).toBe('ok');
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(count(1)).toBe('1');
    expect((screen.getByLabelText('Цена, строка 1') as HTMLInputElement).value).toBe('250');

    expect(await scan('4601234567893')).toBe('ok');
    await waitFor(() => expect(count(1)).toBe('2'));
    expect(lines()).toHaveLength(1);

    // Through the keyboard wedge too: another product gets its own line.
    wedge('2000000000015');
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(within(lines()[1]!).getByText('Кружка')).toBeTruthy();
    expect(count(2)).toBe('1');
    expect(screen.getByTestId('purchase-totals').textContent).toContain('3 шт.');
  });

  it('two quick scans of a new product make one line of 2, not two lines', async () => {
    await seedProduct('Чайник', { barcodes: ['4601234567893'] });
    await add();
    await act(() => Promise.all([deliverScan('4601234567893'), deliverScan('4601234567893')]));
    await waitFor(() => expect(count(1)).toBe('2'));
    expect(lines()).toHaveLength(1);
  });

  it('an unknown code opens the attach dialog; once attached the line is added and the product keeps the code', async () => {
    const kettle = await seedProduct('Чайник');
    await seedProduct('Кружка');
    await add();

    expect(await scan('4607000000007')).toBe('unknown');
    const dialog = await screen.findByRole('dialog', { name: 'Неизвестный штрихкод' });
    expect(lines()).toHaveLength(0);
    // The dialog's product list is a live query: it fills a moment after the dialog opens.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Чайник' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Привязать к товару' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Неизвестный штрихкод' })).toBeNull());
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(within(lines()[0]!).getByText('Чайник')).toBeTruthy();
    expect((await db.rows('products_wh').get(kettle))?.barcodes).toEqual(['4607000000007']);

    // The code is now known: the next scan counts the line up.
    expect(await scan('4607000000007')).toBe('ok');
    await waitFor(() => expect(count(1)).toBe('2'));
  });
});
