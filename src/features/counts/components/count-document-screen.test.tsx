// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { signInAsRole } from '../../../lib/permissions-testing.ts';
import { deliverScan } from '../../../scan/scan-bus.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { saveShelf } from '../api/shelf.ts';
import type { Count, CountLine } from '../api/types.ts';
import {
  business,
  countRow,
  KETTLE_CODE,
  kettle,
  lineRow,
  mug,
  MUG_CODE,
  seedCount,
  seedWarehouse,
} from '../test/seed.ts';
import { CountDocumentScreen } from './count-document-screen.tsx';

/*
 * The count document on the device: a scan adds one unit to this person's own line for the product on the
 * current shelf; other people's lines add up with it; a product outside a selection is refused; a posted count
 * shows its results and takes nothing.
 */
// Each scan is a Dexie transaction and a live re-read: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 10_000 });

const me = crypto.randomUUID();
const other = crypto.randomUUID();

function Screen() {
  const { countId } = useParams({ strict: false }) as { countId: string };
  return <CountDocumentScreen countId={countId} />;
}

async function open(count: Count) {
  signInAsRole('warehouse', { userId: me, businessId: business, costs: true });
  await renderWithRouter(Screen, { path: '/counts/$countId', url: `/counts/${count.id}` });
  await screen.findByRole('table', { name: 'Товары инвентаризации' });
}

const row = (productId: string) =>
  document.querySelector<HTMLTableRowElement>(`tr[data-product="${productId}"]`) ?? undefined;
const cell = (productId: string, col: string) =>
  (row(productId)?.querySelector(`[data-col="${col}"]`)?.textContent ?? '').replace(/\u00a0|\u202f/g, ' ');
const lines = () => db.table<CountLine, string>('count_lines').toArray();
const queued = () => db.outbox.orderBy('seq').toArray();

// A busy machine (the suite shares two cores) stretches a screen test past the 5 s default.
const slow = { timeout: 30_000 };

describe('count document', slow, () => {
  it('a scan adds one unit to this person’s line on the shelf: created once, then its quantity grows', async () => {
    await seedWarehouse();
    const count = countRow();
    await seedCount(count);
    saveShelf('А-1');
    await open(count);
    await waitFor(() => expect(cell(kettle, 'expected')).toBe('5'));

    expect(await deliverScan(KETTLE_CODE)).toBe('ok');
    expect(await deliverScan(KETTLE_CODE)).toBe('ok');
    await waitFor(() => expect(cell(kettle, 'counted')).toMatch(/^2/));
    expect(cell(kettle, 'difference')).toBe('−3');
    // A shortage of 3 is written off FIFO: 3 units of the oldest lot at 100 ₽.
    expect(cell(kettle, 'cost')).toBe('−300 ₽');

    const [line, ...more] = await lines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ count_id: count.id, product_id: kettle, quantity: 2, shelf: 'А-1', created_by: me });
    // One queued create carrying the latest quantity (the second scan folded into it, nothing waits).
    const entries = await queued();
    expect(entries.map((e) => [e.method, e.path])).toEqual([['POST', '/api/v1/count_lines/']]);
    expect(entries[0]!.body).toMatchObject({ id: line!.id, quantity: 2, shelf: 'А-1', product_id: kettle });

    // Another shelf: another line of this person.
    fireEvent.change(screen.getByLabelText('Полка'), { target: { value: 'Б-2' } });
    expect(await deliverScan(KETTLE_CODE)).toBe('ok');
    await waitFor(() => expect(cell(kettle, 'counted')).toMatch(/^3/));
    expect((await lines()).map((l) => [l.shelf, l.quantity]).sort()).toEqual([
      ['А-1', 2],
      ['Б-2', 1],
    ]);
  });

  it('two people’s lines add up; this person’s typed count and +1/−1 change only their own line', async () => {
    await seedWarehouse();
    const count = countRow();
    const theirs = lineRow(count, mug, 3, { created_by: other, shelf: 'А-1' });
    await seedCount(count, [theirs]);
    saveShelf('А-1');
    await open(count);
    await waitFor(() => expect(cell(mug, 'counted')).toBe('3'));

    expect(await deliverScan(MUG_CODE)).toBe('ok');
    await waitFor(() => expect(cell(mug, 'counted')).toBe('4'));
    expect(cell(mug, 'difference')).toBe('0');

    const mine = within(row(mug)!).getByLabelText('Мой счёт: Кружка');
    expect(mine).toHaveProperty('value', '1');
    fireEvent.change(mine, { target: { value: '5' } });
    await waitFor(() => expect(cell(mug, 'counted')).toBe('8'));
    fireEvent.click(within(row(mug)!).getByRole('button', { name: 'Плюс один: Кружка' }));
    await waitFor(() => expect(cell(mug, 'counted')).toBe('9'));
    fireEvent.click(within(row(mug)!).getByRole('button', { name: 'Минус один: Кружка' }));
    await waitFor(() => expect(cell(mug, 'counted')).toBe('8'));
    // A surplus of 4 comes in at the last cost (50 ₽).
    expect(cell(mug, 'difference')).toBe('+4');
    expect(cell(mug, 'cost')).toBe('200 ₽');

    const all = await lines();
    expect(all.find((l) => l.id === theirs.id)?.quantity).toBe(3);
    expect(all.filter((l) => l.id !== theirs.id).map((l) => l.quantity)).toEqual([5]);
  });

  it('a product outside a selection, or an unknown code, is refused in words and counts nothing', async () => {
    await seedWarehouse();
    const count = countRow({ scope: 'selection', product_ids: [kettle] });
    await seedCount(count);
    await open(count);
    await waitFor(() => expect(row(kettle)).toBeDefined());
    expect(row(mug)).toBeUndefined();

    expect(await deliverScan(MUG_CODE)).toBe('refused');
    await screen.findByText('Кружка: Товар не входит в эту инвентаризацию');
    expect(await deliverScan('4600000000994')).toBe('unknown');
    await screen.findByText('Штрихкод 4600000000994 не найден');
    expect(await lines()).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('«Провести» lists shortages, surpluses and the uncounted, then queues the post: «Проводится…», no counting', async () => {
    await seedWarehouse();
    const count = countRow();
    await seedCount(count, [lineRow(count, mug, 6, { created_by: other })]);
    await open(count);
    await waitFor(() => expect(cell(mug, 'counted')).toBe('6'));

    fireEvent.click(screen.getByRole('button', { name: 'Провести' }));
    const dialog = await screen.findByRole('dialog', { name: 'Провести инвентаризацию?' });
    const text = (dialog.textContent ?? '').replace(/\u00a0|\u202f/g, ' ');
    expect(text).toContain('Недостача — будет списано: 5 шт., −540 ₽');
    expect(text).toContain('Излишек — будет оприходовано: 2 шт., 100 ₽');
    expect(text).toContain('Никто не посчитал товаров: 1 (Чайник)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Провести' }));

    await screen.findByText('Проводится…');
    const entries = await queued();
    expect(entries.map((e) => [e.method, e.path, e.body])).toEqual([['POST', `/api/v1/counts/${count.id}/post/`, {}]]);
    expect(screen.queryByLabelText('Мой счёт: Кружка')).toBeNull();
    expect(await deliverScan(MUG_CODE)).toBe('refused');
  });

  it('a posted count shows its results read-only: no inputs, no «Провести», a scan is refused', async () => {
    await seedWarehouse();
    const count = countRow({
      status: 'posted',
      posted_at: '2025-02-02T10:00:00.000Z',
      results: [{ product_id: kettle, expected: 5, counted: 4, difference: -1, cost: -100 }],
    });
    await seedCount(count, [lineRow(count, kettle, 4)]);
    await open(count);
    await waitFor(() => expect(cell(kettle, 'counted')).toBe('4'));
    expect(cell(kettle, 'expected')).toBe('5');
    expect(cell(kettle, 'cost')).toBe('−100 ₽');
    expect(row(mug)).toBeUndefined();
    expect(screen.getByText('Проведена')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Провести' })).toBeNull();
    expect(screen.queryByLabelText('Полка')).toBeNull();
    expect(document.querySelectorAll('tbody input')).toHaveLength(0);

    expect(await deliverScan(KETTLE_CODE)).toBe('refused');
    await screen.findByText('Инвентаризация проведена');
    expect(await lines()).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('without cost leave the ₽ column reads «—»', async () => {
    await seedWarehouse();
    const count = countRow();
    await seedCount(count);
    // The server leaves lot prices out for such a member.
    await db
      .mirrored('lots')
      .toCollection()
      .modify((l) => void delete l.price);
    signInAsRole('warehouse', { userId: me, businessId: business, costs: false });
    await renderWithRouter(Screen, { path: '/counts/$countId', url: `/counts/${count.id}` });
    await waitFor(() => expect(cell(kettle, 'difference')).toBe('−5'));
    expect(cell(kettle, 'cost')).toBe('—');
  });
});

describe('a refused post', slow, () => {
  it('shows the server’s Russian reason and leaves the count a draft', async () => {
    await seedWarehouse();
    const count = countRow();
    await seedCount(count);
    await db.outbox.add({
      id: crypto.randomUUID(),
      group: null,
      method: 'POST',
      path: `/api/v1/counts/${count.id}/post/`,
      body: {},
      table: 'counts',
      row_id: count.id,
      before: { ...count },
      created_at: Date.now(),
      status: 'rejected',
      attempts: 1,
      error: 'Инвентаризация проведена: её нельзя изменить',
    });
    await open(count);
    await screen.findByText('Не проведена: Инвентаризация проведена: её нельзя изменить');
    expect(screen.getByRole('button', { name: 'Провести' })).toBeDefined();
  });
});
