// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { deliverScan } from '../../../scan/scan-bus.ts';
import { renderAt } from '../test/render.tsx';
import { seedLot, seedProduct } from '../test/seed.ts';
import { DisposalForm } from './disposal-form.tsx';

function FormRoute() {
  const { productId } = useParams({ strict: false });
  return <DisposalForm productId={productId ?? ''} />;
}
// A busy machine (several test runs at once) can take seconds to render a live query.
configure({ asyncUtilTimeout: 10_000 });

const openForm = (id: string) =>
  renderAt(FormRoute, '/product/$productId/disposal/$disposalId', `/product/${id}/disposal/new`);
const count = () => document.querySelector<HTMLInputElement>('[name="count"]')!.value;
const scan = (code: string) => act(() => deliverScan(code));
const withCode = (id: string, code: string) => db.mirrored('products_wh').update(id, { barcodes: [code] });

describe('/product/{id}/disposal/new — scanning', () => {
  it('the product’s scans count units while free stock lasts; then and for another product: refused, with why', async () => {
    const kettle = await seedProduct('Чайник');
    const mug = await seedProduct('Кружка');
    await withCode(kettle, '4601234567893');
    await withCode(mug, '2000000000015');
    await seedLot(kettle, { count: 2, price: 10, at: new Date(2025, 1, 3).toISOString() });
    await openForm(kettle);
    await screen.findByText('Можно списать: 2 шт.');

    expect(await scan('4601234567893')).toBe('ok');
    expect(count()).toBe('1');
    expect(await scan('4601234567893')).toBe('ok');
    await waitFor(() => expect(count()).toBe('2'));
    expect(await scan('4601234567893')).toBe('refused');
    expect((await screen.findByTestId('scan-refusal')).textContent).toBe('Больше не списать: свободно 2 шт.');
    expect(count()).toBe('2');

    expect(await scan('2000000000015')).toBe('refused');
    await waitFor(() =>
      expect(screen.getByTestId('scan-refusal').textContent).toBe(
        'Это списание товара «Чайник», а отсканирован «Кружка»',
      ),
    );
  });

  it('a product with no stock: its scan is refused, «Нечего списать»', async () => {
    const kettle = await seedProduct('Чайник');
    await withCode(kettle, '4601234567893');
    await openForm(kettle);
    await screen.findByText('Можно списать: 0 шт.');
    expect(await scan('4601234567893')).toBe('refused');
    expect((await screen.findByTestId('scan-refusal')).textContent).toBe('Нечего списать: свободного остатка нет');
  });
});
