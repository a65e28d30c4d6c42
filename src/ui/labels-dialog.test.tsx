// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../testing/component-setup.ts';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { describe, expect, it } from 'vitest';
import { db } from '../db/database.ts';
import { barcodesOf } from '../scan/attach-barcode.ts';
import { isValidEan13 } from '../scan/ean13.ts';
import { LabelsDialog, labelsOf, type LabelItem } from './labels-dialog.tsx';

configure({ asyncUtilTimeout: 10_000 });

async function seedProduct(name: string, barcodes?: string[]) {
  const id = crypto.randomUUID();
  await db.mirrored('products_wh').add({ id, _id: id, name, description: '', images: [], version: 1, barcodes });
  return id;
}

/** The dialog over live product rows, as the product page and the receipt give it. */
function Live({ ids, units, canCreateCodes }: { ids: string[]; units: number; canCreateCodes: boolean }) {
  const items = useLiveQuery(
    async (): Promise<LabelItem[]> =>
      (await db.rows('products_wh').bulkGet(ids)).flatMap((row) =>
        row ? [{ productId: row.id, name: row.name, code: barcodesOf(row)[0] ?? null, units }] : [],
      ),
    [ids.join()],
    [],
  );
  return <LabelsDialog open onOpenChange={() => {}} items={items} canCreateCodes={canCreateCodes} />;
}

describe('LabelsDialog', () => {
  it('one label per unit and copy; products without a code are listed and left out', () => {
    const items = [
      { productId: 'a', name: 'Чайник', code: '4601234567893', units: 3 },
      { productId: 'b', name: 'Кружка', code: null, units: 2 },
    ];
    expect(labelsOf(items, 2)).toHaveLength(6);
    expect(labelsOf(items, 1)[0]).toEqual({ name: 'Чайник', code: '4601234567893' });
  });

  it('copies multiply the labels; «Создать штрихкод» gives the product an in-house EAN-13 and its labels count', async () => {
    const kettle = await seedProduct('Чайник', ['4601234567893']);
    const mug = await seedProduct('Кружка');
    render(<Live ids={[kettle, mug]} units={2} canCreateCodes />);
    await waitFor(() => expect(screen.getByTestId('labels-count').textContent).toBe('Этикеток: 2'));
    fireEvent.change(screen.getByLabelText('Копий'), { target: { value: '3' } });
    expect(screen.getByTestId('labels-count').textContent).toBe('Этикеток: 6');
    fireEvent.change(screen.getByLabelText('Копий'), { target: { value: '0' } });
    expect(screen.getByRole('button', { name: 'Печать' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Копий'), { target: { value: '1' } });

    expect(screen.getByRole('list', { name: 'Товары без штрихкода' }).textContent).toContain('Кружка');
    fireEvent.click(screen.getByRole('button', { name: 'Создать штрихкод' }));
    await waitFor(() => expect(screen.getByTestId('labels-count').textContent).toBe('Этикеток: 4'));
    const code = barcodesOf(await db.rows('products_wh').get(mug))[0]!;
    expect(isValidEan13(code) && code.startsWith('2')).toBe(true);
    expect(screen.queryByRole('list', { name: 'Товары без штрихкода' })).toBeNull();
  });

  it('a member who may not change products is told who adds a code, with no button', async () => {
    const mug = await seedProduct('Кружка');
    render(<Live ids={[mug]} units={1} canCreateCodes={false} />);
    await screen.findByText('Без штрихкода этикетку не напечатать. Штрихкод товару добавляет владелец или менеджер:');
    expect(screen.queryByRole('button', { name: 'Создать штрихкод' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Печать' })).toHaveProperty('disabled', true);
  });
});
