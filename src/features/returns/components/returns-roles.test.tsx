// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { seedMemberNames, signInAsRole } from '../../../lib/permissions-testing.ts';
import type { Return } from '../api/types.ts';
import { lineOf, lines, open, seedProducts } from '../test/returns-screen.tsx';
import { nbsp, returnRow } from '../test/seed.ts';

/*
 * /returns by member (issue 24): who entered each return and a «Сотрудник» filter; the warehouse role does not
 * load returns from the marketplaces; without leave to see costs a price reads «—» and is set in the status's
 * price dialog only.
 */
const anna = crypto.randomUUID();
const boris = crypto.randomUUID();
/** A return as a member without costs pulls it: no prices. */
const withoutPrices = (r: Return) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'price' && k !== 'markdown_price')) as Return;

async function warehouse() {
  const me = signInAsRole('warehouse', { userId: boris, costs: false });
  await seedMemberNames(me, [
    { id: anna, first_name: 'Анна', last_name: 'Петрова', role: 'owner' },
    { id: boris, first_name: 'Борис', last_name: 'Сидоров' },
  ]);
}

describe('/returns by member', () => {
  it('warehouse: no «Загрузить с маркетплейсов»; «Кто» by name, «—» for the imported; the filter keeps one member’s', async () => {
    await warehouse();
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd([
        withoutPrices(returnRow('r1', { created_by: anna, returned_at: '2025-02-03T10:00:00.000Z' })),
        withoutPrices(returnRow('r2', { created_by: boris, returned_at: '2025-02-02T10:00:00.000Z' })),
        withoutPrices(returnRow('r3', { created_by: null, returned_at: '2025-02-01T10:00:00.000Z' })),
      ]);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Загрузить с маркетплейсов' })).toBeNull();
    const author = (id: string) => nbsp(lineOf(id).querySelector('[data-cell="author"]')!.textContent);
    await waitFor(() => expect(author('r1')).toBe('Анна Петрова'));
    expect(author('r2')).toBe('Борис Сидоров');
    expect(author('r3')).toBe('—');

    fireEvent.change(screen.getByLabelText('Сотрудник'), { target: { value: boris } });
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(lines()[0]!.dataset.returnId).toBe('r2');
  });

  it('without costs: a priced return shows «—» with no field; a received one «по цене —»', async () => {
    await warehouse();
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd([
        withoutPrices(returnRow('r1', { status: 'ready' })),
        withoutPrices(returnRow('r2', { status: 'ready', processed: true, final_moment: '2025-02-05T00:00:00.000Z' })),
      ]);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(within(lineOf('r1')).queryByLabelText(/^Цена: /)).toBeNull();
    expect(nbsp(lineOf('r1').querySelector('[data-cell="price"]')!.textContent)).toContain('—');
    expect(nbsp(within(lineOf('r2')).getByTestId('received-price').textContent)).toBe('по цене —');
    expect(nbsp(document.body.textContent)).not.toMatch(/NaN|\d ₽/);
  });

  it('the price dialog offers no lot prices the member cannot see; the cost is typed', async () => {
    await warehouse();
    await seedProducts();
    await db
      .mirrored('lots')
      .where('product_id')
      .equals('p1')
      .modify((l) => {
        delete l.price;
      });
    await db.mirrored('returns').add(withoutPrices(returnRow('r1')));
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.change(within(lineOf('r1')).getByRole('combobox'), { target: { value: 'ready' } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('list', { name: 'Цены партий' })).toBeNull();
    expect(within(dialog).queryByText(/нет партий/)).toBeNull();
    expect((within(dialog).getByLabelText('Себестоимость, ₽') as HTMLInputElement).value).toBe('');
  });

  it('the owner loads returns from the marketplaces', async () => {
    signInAsRole('owner');
    await open();
    expect(await screen.findByRole('button', { name: 'Загрузить с маркетплейсов' })).toBeTruthy();
  });
});
