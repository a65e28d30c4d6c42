// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { attachBarcode } from '../../../scan/attach-barcode.ts';
import { findProductByBarcode } from '../../../scan/find-product.ts';
import { deliverScan } from '../../../scan/scan-bus.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { stopProductSource } from '../api/product-source.ts';
import { productsSearchSchema } from '../api/products-search.ts';
import { seedProduct } from '../test/seed.ts';
import { ProductsList } from './products-list.tsx';

function ProductsRoute() {
  const search = productsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <ProductsList
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
const open = () => renderWithRouter(ProductsRoute, { path: '/products', url: '/products' });
afterEach(stopProductSource);

describe('/products — scanning', () => {
  it('a known code opens its product', async () => {
    await seedProduct('Чайник', { barcodes: ['4601234567893'] });
    const kettle = await seedProduct('Чайник стальной', { barcodes: ['4607034470012', '2000000000015'] });
    const view = await open();
    await screen.findByText('Чайник стальной');
    expect(await deliverScan('4607034470012')).toBe('ok');
    await view.waitForPath(`/product/${kettle.id}`);
  });

  it('an unknown code opens the dialog; attaching queues a PATCH of the barcodes, and the next scan finds it', async () => {
    const mug = await seedProduct('Кружка', { barcodes: ['4601234567893'] });
    await seedProduct('Ложка');
    const view = await open();
    await screen.findByText('Кружка');
    expect(await deliverScan('4600000000015')).toBe('unknown');
    const dialog = await screen.findByRole('dialog', { name: 'Неизвестный штрихкод' });
    expect(dialog.textContent).toContain('Штрихкод 4600000000015 не найден');
    // While the dialog is open a second scan stays in it rather than acting on the screen underneath.
    expect(await deliverScan('4601234567893')).toBe('refused');
    expect(view.pathname()).toBe('/products');

    fireEvent.change(within(dialog).getByLabelText('Найти товар'), { target: { value: 'круж' } });
    expect(within(dialog).queryByRole('button', { name: 'Ложка' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Кружка' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Привязать к товару' }));
    await view.waitForPath(`/product/${mug.id}`);

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/products/warehouse/${mug.id}/update/`,
      body: { barcodes: ['4601234567893', '4600000000015'] },
      table: 'products_wh',
      row_id: mug.id,
    });
    expect((await db.rows('products_wh').get(mug.id))?.barcodes).toEqual(['4601234567893', '4600000000015']);
    expect(await findProductByBarcode('4600000000015')).toEqual({ id: mug.id, name: 'Кружка' });
  });

  it('the search box finds a product by its barcode', async () => {
    await seedProduct('Кружка', { barcodes: ['4601234567893'] });
    await seedProduct('Ложка', { barcodes: ['4607034470012'] });
    await open();
    await screen.findByText('Кружка');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '460703' } });
    await waitFor(() => expect(screen.getAllByTestId('product-row').map((r) => r.textContent)).toHaveLength(1));
    expect(screen.getByTestId('product-row').textContent).toContain('Ложка');
  });
});

describe('attachBarcode', () => {
  it('refuses a code another product has, a bad EAN-13 and a space, queueing nothing', async () => {
    await seedProduct('Кружка', { barcodes: ['4601234567893'] });
    const spoon = await seedProduct('Ложка');
    await expect(attachBarcode(spoon.id, '4601234567893')).rejects.toThrow(
      'Штрихкод 4601234567893 уже привязан к товару «Кружка»',
    );
    await expect(attachBarcode(spoon.id, '4601234567890')).rejects.toThrow('неверная контрольная цифра EAN-13');
    await expect(attachBarcode(spoon.id, 'AB 12')).rejects.toThrow('содержит пробел');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a code the product already has is a no-op; two codes offline fold into one PATCH', async () => {
    const spoon = await seedProduct('Ложка', { barcodes: ['4601234567893'] });
    await attachBarcode(spoon.id, '4601234567893');
    expect(await db.outbox.count()).toBe(0);
    await attachBarcode(spoon.id, 'SPOON-1');
    await attachBarcode(spoon.id, 'SPOON-2');
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.body).toEqual({ barcodes: ['4601234567893', 'SPOON-1', 'SPOON-2'] });
  });
});
