// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { deliverScan } from '../../../scan/scan-bus.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import type { ProductDrawerProps } from '../api/types.ts';
import { OtherRealizationPage } from './other-realization-editor.tsx';

// A busy machine (several test runs at once) can take seconds to render a live query.
configure({ asyncUtilTimeout: 10_000 });

const NoDrawer = (_: ProductDrawerProps) => null;
const add = () =>
  renderWithRouter(() => <OtherRealizationPage Drawer={NoDrawer} />, { path: '/other-realizations/add' });
const lines = () => screen.queryAllByTestId('other-line');
const count = (row: number) => (screen.getByLabelText(`Количество, строка ${row}`) as HTMLInputElement).value;
const scan = (code: string) => act(() => deliverScan(code));

async function seedProduct(name: string, code: string, units: number) {
  const id = crypto.randomUUID();
  await db
    .mirrored('products_wh')
    .add({ id, _id: id, name, description: '', images: [], version: 1, barcodes: [code] });
  if (units > 0)
    await db.mirrored('lots').add({
      id: crypto.randomUUID(),
      product_id: id,
      batch_id: null,
      count: units,
      count_max: units,
      price: 100,
      created_at: '2025-01-01T00:00:00.000Z',
      is_return: false,
      version: 1,
    });
  return id;
}

describe('/other-realizations/add — scanning', () => {
  it('adds the line, counts it up while stock lasts, then refuses with the reason; no stock at all: refused', async () => {
    await seedProduct('Чайник', '4601234567893', 2);
    await seedProduct('Кружка', '2000000000015', 0);
    await add();
    // The stock is read from the device: wait until a scan is taken (before that it is refused as «loading»).
    await waitFor(async () => expect(await deliverScan('4601234567893')).toBe('ok'), { timeout: 10_000 });
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(count(1)).toBe('1');
    expect(await scan('4601234567893')).toBe('ok');
    await waitFor(() => expect(count(1)).toBe('2'));

    expect(await scan('4601234567893')).toBe('refused');
    await waitFor(() =>
      expect(screen.getByTestId('scan-refusal').textContent).toBe(
        'Нет свободного остатка «Чайник»: все 2 шт. уже в документе',
      ),
    );
    expect(count(1)).toBe('2');

    expect(await scan('2000000000015')).toBe('refused');
    await waitFor(() =>
      expect(screen.getByTestId('scan-refusal').textContent).toBe('Нет свободного остатка «Кружка»: 0 шт.'),
    );
    expect(lines()).toHaveLength(1);
  });
});
