// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { sheetForMember } from '../../../lib/permissions.ts';
import { seedMemberNames, signInAsRole } from '../../../lib/permissions-testing.ts';
import { ledgerSheet, loadLedger } from '../api/ledger.ts';
import { loadMemberNames } from '../api/member-names.ts';
import { renderAt } from '../test/render.tsx';
import { outbox, seedMovement, seedProduct, seedRow } from '../test/seed.ts';
import { AccountingTab } from './accounting-tab.tsx';
import { DisposalsTab } from './disposals-tab.tsx';
import { HistoryTab } from './history-tab.tsx';
import { LotEditor } from './lot-editor.tsx';
import { MarkdownForm } from './markdown-form.tsx';
import { RealizationsTab } from './realizations-tab.tsx';

/*
 * A product's stock tabs by role (issue 24): who made each row by name, the sums left out and «—» for every
 * price a warehouse member without leave to see costs does not get, and no selling for the warehouse role.
 */
const tab = (Tab: (p: { productId: string }) => React.JSX.Element | null) =>
  function Route() {
    const { productId } = useParams({ strict: false });
    return <Tab productId={productId ?? ''} />;
  };
const open = (Tab: (p: { productId: string }) => React.JSX.Element | null, id: string) =>
  renderAt(tab(Tab), '/product/$productId', `/product/${id}`);
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));
const headings = () => [...document.querySelectorAll('th')].map((th) => th.textContent);
const at = (h: number) => new Date(2025, 1, 3, h, 0).toISOString();
const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z' };

const anna = crypto.randomUUID();
const boris = crypto.randomUUID();

/** A warehouse member without costs, in a business where Анна and Борис work. */
async function warehouseWithoutCosts() {
  const me = signInAsRole('warehouse', { userId: boris, costs: false });
  await seedMemberNames(me, [
    { id: anna, first_name: 'Анна', last_name: 'Петрова', role: 'owner' },
    { id: boris, first_name: 'Борис', last_name: 'Сидоров' },
  ]);
  return me;
}

/** A lot as such a member pulls it: no price. */
async function lotWithoutPrice(productId: string, count: number, createdBy: string | null) {
  const id = crypto.randomUUID();
  await db.mirrored('lots').add({
    id,
    product_id: productId,
    batch_id: null,
    count,
    count_max: count,
    created_at: at(8),
    is_return: false,
    created_by: createdBy,
    ...meta,
  });
  return id;
}

describe('«Учёт» and «Списание» without costs', () => {
  it('the lot: price «—», no sum column, no totals; «Кто» names the member', async () => {
    await warehouseWithoutCosts();
    const p = await seedProduct();
    await lotWithoutPrice(p, 3, anna);
    await open(AccountingTab, p);
    const [row] = await screen.findAllByTestId('lot-row');
    expect(headings()).toEqual(['Дата', 'Поступило', 'Остаток', 'Цена, ₽', 'Кто']);
    await waitFor(() => expect(cells(row!)).toEqual(['03.02.2025 08:00', '3', '', '—', 'Анна Петрова']));
    expect(screen.queryByTestId('accounting-totals')).toBeNull();
    expect(nbsp(document.body.textContent)).not.toMatch(/NaN|\d ₽/);
  });

  it('a write-off: price «—», no sum; the total counts units only', async () => {
    await warehouseWithoutCosts();
    const p = await seedProduct();
    await seedRow('disposals', { product_id: p, count: 2, datetime: at(9), description: '', created_by: boris });
    await open(DisposalsTab, p);
    const [row] = await screen.findAllByTestId('disposal-row');
    expect(headings()).not.toContain('Сумма');
    expect(cells(row!)[2]).toBe('—');
    // Who made it: under its date, so the row's fields and buttons keep their room.
    await waitFor(() => expect(within(row!).getByTestId('author').textContent).toBe('Борис Сидоров'));
    expect(nbsp(screen.getByTestId('disposal-total').textContent)).toBe('Списано: 2 шт.');
  });

  it('the lot page: «Цена, ₽: —», nothing to type into', async () => {
    await warehouseWithoutCosts();
    const p = await seedProduct();
    const lot = await lotWithoutPrice(p, 3, null);
    await renderAt(
      function Route() {
        return <LotEditor productId={p} lotId={lot} />;
      },
      '/product/$productId/inventory/$inventoryId',
      `/product/${p}/inventory/${lot}`,
    );
    expect(await screen.findByText('Цена, ₽: —')).toBeTruthy();
    expect(screen.queryByLabelText('Цена')).toBeNull();
  });
});

describe('«Продажи» for the warehouse role', () => {
  it('reads the sales: no «Продать», no fields, no delete or cancel', async () => {
    signInAsRole('warehouse', { costs: true });
    const p = await seedProduct();
    await seedRow('realizations', {
      product: p,
      count: 2,
      price: 10,
      realization_price: 25,
      status: 'completed',
      datetime: at(9),
      posting: null,
    });
    await open(RealizationsTab, p);
    const [row] = await screen.findAllByTestId('realization-row');
    expect(screen.queryByRole('button', { name: 'Продать' })).toBeNull();
    expect(within(row!).queryByRole('textbox')).toBeNull();
    expect(within(row!).queryByRole('button')).toBeNull();
    expect(cells(row!).slice(1)).toEqual(['2', '10 ₽', '25', 'Продано']);
    expect(within(row!).getByTestId('author').textContent).toBe('—');
  });

  it('the owner sells, edits and deletes', async () => {
    signInAsRole('owner');
    const p = await seedProduct();
    await seedRow('realizations', {
      product: p,
      count: 2,
      price: 10,
      realization_price: 25,
      status: 'completed',
      datetime: at(9),
      posting: null,
    });
    await open(RealizationsTab, p);
    const [row] = await screen.findAllByTestId('realization-row');
    expect(screen.getByRole('button', { name: 'Продать' })).toBeTruthy();
    expect(
      within(row!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toContain('Отменить');
  });
});

describe('«История»: who, and the «Сотрудник» filter', () => {
  async function ledger() {
    const p = await seedProduct('Чайник');
    const lot = await lotWithoutPrice(p, 5, anna);
    const receipt = { table: 'lots', id: lot, reason: 'receipt' };
    const disposal = { table: 'disposals', id: crypto.randomUUID(), reason: 'disposal' };
    await seedMovement(p, lot, 5, receipt, '2025-02-01T08:00:00.000Z');
    await seedMovement(p, lot, -1, disposal, '2025-02-02T08:00:00.000Z');
    // The moves as such a member pulls them: who made each, and no unit cost.
    const moves = await db.mirrored('stock_movements').where('product_id').equals(p).toArray();
    for (const m of moves)
      await db.mirrored('stock_movements').put({
        ...Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'unit_cost')),
        id: m.id,
        created_by: m.source_table === 'lots' ? anna : boris,
      });
    return p;
  }

  it('names the member of each movement, «—» for the cost; the filter keeps one member’s', async () => {
    await warehouseWithoutCosts();
    const p = await ledger();
    await open(HistoryTab, p);
    await waitFor(() =>
      expect(screen.getAllByTestId('movement-row').map((r) => cells(r).slice(4))).toEqual([
        ['—', 'Борис Сидоров'],
        ['—', 'Анна Петрова'],
      ]),
    );
    const filter = screen.getByLabelText('Сотрудник') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual(['Все', 'Анна Петрова', 'Борис Сидоров']);
    fireEvent.change(filter, { target: { value: anna } });
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(1));
    expect(cells(screen.getByTestId('movement-row'))[1]).toBe('Поступление');
  });

  it('its export: «Кто» named, no cost column for such a member', async () => {
    await warehouseWithoutCosts();
    const p = await ledger();
    const sheet = sheetForMember(ledgerSheet('Чайник', await loadLedger(p), (await loadMemberNames()).names));
    expect(sheet.columns.map((c) => c.header)).toEqual(['Время', 'Причина', 'Количество', 'Партия от', 'Кто']);
    expect(sheet.rows.map((r) => r[4])).toEqual(['Борис Сидоров', 'Анна Петрова']);
  });
});

describe('«Уценка» form without costs', () => {
  const markdown = (p: string) => ({
    product_id: p,
    lot_id: null,
    datetime: at(10),
    description: 'Скол',
    release: false,
  });

  it('a saved markdown: prices «—»; saving changes the description only', async () => {
    await warehouseWithoutCosts();
    const p = await seedProduct();
    const id = await seedRow('markdowns', markdown(p));
    await renderAt(
      function Route() {
        return <MarkdownForm productId={p} markdownId={id} />;
      },
      '/product/$productId/markdown/$markdownId',
      `/product/${p}/markdown/${id}`,
    );
    expect(nbsp((await screen.findByTestId('prices-hidden')).textContent)).toBe('Цена, ₽: — · цена уценки, ₽: —');
    fireEvent.change(screen.getByLabelText('Описание'), { target: { value: 'Скол на ручке' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]!.body).toEqual({ description: 'Скол на ручке' });
  });

  it('a new markdown: the member types the price (it does not start at a made-up 0)', async () => {
    await warehouseWithoutCosts();
    const p = await seedProduct();
    await lotWithoutPrice(p, 2, anna);
    await renderAt(
      function Route() {
        return <MarkdownForm productId={p} markdownId="new" />;
      },
      '/product/$productId/markdown/$markdownId',
      `/product/${p}/markdown/new`,
    );
    const price = (await screen.findByLabelText('Цена, ₽')) as HTMLInputElement;
    expect(price.value).toBe('');
    fireEvent.change(price, { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Цена уценки, ₽'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Уценить' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]!.body).toMatchObject({ product_id: p, price: 120, markdown_price: 80 });
  });
});
