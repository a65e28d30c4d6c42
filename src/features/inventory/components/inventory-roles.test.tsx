// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { sheetForMember } from '../../../lib/permissions.ts';
import { seedMemberNames, signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { inventorySheet } from '../api/export-inventory.ts';
import { loadMemberNames } from '../api/member-names.ts';
import { loadInventoryRows } from '../api/use-inventory-table.ts';
import { InventoryScreen } from './inventory-screen.tsx';

/*
 * /inventory for a warehouse member without leave to see costs (issue 24): the lots come without prices, so the
 * cost reads «—», there is no sum column, and the export has no money columns; «Кто» names who received each.
 */
function InventoryRoute() {
  return <InventoryScreen search={{ search: '', date_start: '', date_end: '', page: 1 }} onSearchChange={() => {}} />;
}
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => nbsp(td.textContent));

describe('/inventory without costs', () => {
  it('cost «—», no «Сумма», «Кто» by name; the export leaves the money out', async () => {
    const me = signInAsRole('warehouse', { costs: false });
    await seedMemberNames(me, [{ id: me.userId, first_name: 'Борис', last_name: 'Сидоров' }]);
    const productId = crypto.randomUUID();
    await db.mirrored('products_wh').add({ id: productId, _id: productId, name: 'Чайник', images: [], version: 1 });
    await db.mirrored('lots').add({
      id: crypto.randomUUID(),
      product_id: productId,
      count: 3,
      count_max: 5,
      created_at: '2025-03-07T09:05:00',
      is_return: false,
      created_by: me.userId,
      version: 1,
    });
    await renderWithRouter(InventoryRoute, { path: '/inventory' });
    const [row] = await screen.findAllByTestId('inventory-row');
    expect([...document.querySelectorAll('th')].map((th) => th.textContent)).not.toContain('Сумма');
    await waitFor(() => expect(cells(row!)).toEqual(['07.03.2025 09:05', '', 'Чайник', '5', '—', '', 'Борис Сидоров']));
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeTruthy();

    const sheet = sheetForMember(inventorySheet(await loadInventoryRows(), (await loadMemberNames()).names));
    expect(sheet.columns.map((c) => c.header)).toEqual([
      'Дата',
      'Товар',
      'Артикулы',
      'Закуплено',
      'Остаток',
      'Возврат',
      'Кто',
    ]);
    expect(sheet.rows).toEqual([['2025-03-07T09:05:00', 'Чайник', '', 5, 3, null, 'Борис Сидоров']]);
  });
});
