// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { ledgerSheet, loadLedger } from '../api/ledger.ts';
import { renderAt } from '../test/render.tsx';
import { seedLot, seedMovement, seedProduct } from '../test/seed.ts';
import { HistoryTab } from './history-tab.tsx';

function History() {
  const { productId } = useParams({ strict: false });
  return <HistoryTab productId={productId ?? ''} />;
}
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));
const at = (d: number, h: number) => new Date(2025, 1, d, h, 0).toISOString();

describe('tab 8 «История»: a received customer return', () => {
  it('is named «Возврат покупателя», as «Учёт» marks its lot «↩ возврат»; a purchase stays «Поступление»', async () => {
    const p = await seedProduct();
    const purchase = await seedLot(p, { count: 5, price: 12, at: at(1, 8) });
    // The lot a returns receipt makes (docs/rules.md «Возвраты»): is_return, named after its return.
    const returned = { ...(await seedLot(p, { count: 1, price: 12, at: at(2, 9) })), is_return: true, return_id: 'r1' };
    await db.mirrored('lots').put(returned);
    await seedMovement(p, purchase.id, 5, { table: 'lots', id: purchase.id, reason: 'receipt' }, at(1, 8), 12);
    await seedMovement(p, returned.id, 1, { table: 'lots', id: returned.id, reason: 'receipt' }, at(2, 9), 12);
    // A write-off of the returned unit keeps its own reason.
    await seedMovement(p, returned.id, -1, { table: 'disposals', id: 'd1', reason: 'disposal' }, at(2, 10), 12);

    await renderAt(History, '/product/$productId', `/product/${p}`);
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(3));
    expect(screen.getAllByTestId('movement-row').map(cells)).toEqual([
      ['02.02.2025 10:00', 'Списание', '−1', '02.02.2025 09:00', '12 ₽', '—'],
      ['02.02.2025 09:00', 'Возврат покупателя', '+1', '02.02.2025 09:00', '12 ₽', '—'],
      ['01.02.2025 08:00', 'Поступление', '+5', '01.02.2025 08:00', '12 ₽', '—'],
    ]);
    // The export says the same.
    const sheet = ledgerSheet('Чайник', await loadLedger(p));
    expect(sheet.rows.map((r) => r[1])).toEqual(['Списание', 'Возврат покупателя', 'Поступление']);
  });
});

describe('tab 8 «История»: older than the device’s window', () => {
  it('«Показать ранее» offline says plainly that older history needs the network', async () => {
    const { setApiBase } = await import('../../../sync/config.ts');
    setApiBase('http://127.0.0.1:9'); // nothing listens there: as good as offline
    const p = await seedProduct();
    await renderAt(History, '/product/$productId', `/product/${p}`);
    const more = await screen.findByRole('button', { name: 'Показать ранее' });
    more.click();
    expect((await screen.findByRole('alert')).textContent).toMatch(/хранится на сервере: подключитесь к сети/);
    // Still offered: a later try, with the network, may read them.
    expect(screen.getByRole('button', { name: 'Показать ранее' })).toBeTruthy();
  });
});
