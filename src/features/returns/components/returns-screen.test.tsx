// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/database.ts';
import { getAppState } from '../../../state/app-state.ts';
import { loadProductStock } from '../../../stock/projected-stock.ts';
import { PRICE_MISSING } from '../api/receive-returns.ts';
import { meta, nbsp, returnRow } from '../test/seed.ts';
import { cells, lineOf, lines, open, outbox, seedProducts } from '../test/returns-screen.tsx';

const ret = returnRow;

describe('/returns — «Возвраты» (docs/screens.md, docs/rules.md «Возвраты»)', () => {
  it('rows: number, date, shipment, picture, name, article, description, count; an unlinked import cannot be received', async () => {
    await seedProducts();
    await db.mirrored('returns').bulkAdd([
      ret('r1', { order_number: 'WB-100', description: 'Скол' }),
      ret('r2', {
        product_id: null,
        name: 'Чайник с маркетплейса',
        article: 'OZ-9',
        marketplace: 'OZON',
        returned_at: '2025-02-02T10:00:00.000Z',
      }),
    ]);
    await open();
    expect(getAppState().title).toBe('Возвраты');
    await waitFor(() => expect(lines()).toHaveLength(2));
    const [n, date, ...rest] = cells(lineOf('r1')).slice(0, 8);
    expect([n, ...rest]).toEqual(['2', 'WB-100', '', 'Чайник', 'KET-1', 'Скол', '1']);
    expect(date).toMatch(/^01\.02\.2025 \d\d:00$/);
    expect(lineOf('r1').querySelector('img')!.getAttribute('src')).toMatch(/\/uploads\/k\.png$/);
    expect(cells(lineOf('r2'))[0]).toBe('1');
    expect(within(lineOf('r2')).getByTestId('unlinked').textContent).toBe(
      'Не связан с товаром склада (OZON): оприходовать нельзя',
    );
    expect((within(lineOf('r2')).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    expect((within(lineOf('r1')).getByRole('combobox') as HTMLSelectElement).disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Документы возвратов' }).getAttribute('href')).toBe(
      '/inventory/batches?is_return=true',
    );
  });

  it('the status filter: all (without deleted), ready, markdown, disposal, deleted', async () => {
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd([
        ret('r1'),
        ret('r2', { status: 'ready', price: 80 }),
        ret('r3', { status: 'markdown', price: 80, markdown_price: 40 }),
        ret('r4', { status: 'disposal', price: 80 }),
        ret('r5', { status: 'deleted' }),
      ]);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(4));
    const ids = () =>
      lines()
        .map((l) => l.dataset.returnId)
        .sort();
    for (const [label, expected] of [
      ['Готовые к продаже', ['r2']],
      ['Уценка', ['r3']],
      ['Списание', ['r4']],
      ['Удалённые', ['r5']],
      ['Все', ['r1', 'r2', 'r3', 'r4']],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(ids()).toEqual(expected));
    }
  });

  it('50 per page, numbering runs on', async () => {
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd(
        Array.from({ length: 51 }, (_, i) =>
          ret(`r${i}`, { returned_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }),
        ),
      );
    await open();
    await waitFor(() => expect(lines()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(cells(lines()[0]!)[0]).toBe('51');
  });

  it('§5: rows without a price (or markdown price) are flagged and the error shows 10 s; a flag stays until its row is edited', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd([
        ret('r1', { status: 'ready', price: 0 }),
        ret('r2', { status: 'markdown', price: 80, markdown_price: 0 }),
        ret('r3', { status: 'disposal', price: 80 }),
        ret('r4', { price: 0 }),
      ]);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    await waitFor(() => expect(getAppState().notification).toEqual({ type: 'error', text: PRICE_MISSING }));
    const flags = () =>
      lines()
        .filter((l) => l.dataset.flagged === 'true')
        .map((l) => l.dataset.returnId)
        .sort();
    await waitFor(() => expect(flags()).toEqual(['r1', 'r2']));
    expect(await db.outbox.count()).toBe(0);
    // Editing r2's price clears its flag only.
    const md = within(lineOf('r2')).getByLabelText(/^Цена после уценки/) as HTMLInputElement;
    fireEvent.change(md, { target: { value: '50' } });
    fireEvent.blur(md);
    await waitFor(() => expect(flags()).toEqual(['r1']));
    await act(async () => {
      vi.advanceTimersByTime(9_000);
    });
    expect(getAppState().notification?.text).toBe(PRICE_MISSING);
    await act(async () => {
      vi.advanceTimersByTime(1_100);
    });
    expect(getAppState().notification).toBeNull();
    // The flag stays until the row is edited.
    expect(flags()).toEqual(['r1']);
    fireEvent.change(within(lineOf('r1')).getByRole('combobox'), { target: { value: '' } });
    await waitFor(() => expect(flags()).toEqual([]));
  });

  it('delete after confirmation, restore from «Удалённые»', async () => {
    await seedProducts();
    await db.mirrored('returns').add(ret('r1', { status: 'ready', price: 80 }));
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.click(within(lineOf('r1')).getByRole('button', { name: /^Удалить/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Удалить возврат?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(lines()).toHaveLength(0));
    expect((await db.rows('returns').get('r1'))!.status).toBe('deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Удалённые' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.click(within(lineOf('r1')).getByRole('button', { name: /^Восстановить/ }));
    await waitFor(() => expect(lines()).toHaveLength(0));
    expect(await db.rows('returns').get('r1')).toMatchObject({ status: null, price: 0 });
    expect((await outbox()).map((e) => [e.method, e.path, e.body])).toEqual([
      ['PATCH', '/api/v1/returns/r1/', { status: 'deleted' }],
      ['PATCH', '/api/v1/returns/r1/', { status: null }],
    ]);
  });

  it('the drawer: searchable warehouse products; a click creates a return of 1, queued', async () => {
    await seedProducts();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить возврат' }));
    const drawer = await screen.findByRole('complementary', { name: 'Товары склада' });
    await waitFor(() => expect(within(drawer).getAllByTestId('drawer-product')).toHaveLength(2));
    fireEvent.change(within(drawer).getByLabelText('Поиск товара'), { target: { value: 'mug-1' } });
    await waitFor(() => expect(within(drawer).getAllByTestId('drawer-product')).toHaveLength(1));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Возврат «Кружка»' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(cells(lines()[0]!).slice(4, 8)).toEqual(['Кружка', 'MUG-1', '', '1']);
    const [entry] = await outbox();
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/returns/', body: { product_id: 'p2', count: 1 } });
  });

  it('«Оприходовать»: one outbox group with the document, return lots, markdowns, the disposal and the returns processed; stock counts them at once', async () => {
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd([
        ret('r1', { status: 'ready', price: 80, markdown_price: 80, count: 2 }),
        ret('r2', { status: 'markdown', price: 95, markdown_price: 50, count: 2, description: 'Скол' }),
        ret('r3', { status: 'disposal', price: 80, count: 1 }),
        ret('r4'),
        ret('r5', { product_id: null, status: null }),
      ]);
    expect((await loadProductStock('p1')).onHand).toBe(6);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(5));
    fireEvent.change(screen.getByLabelText('Дата оприходования'), { target: { value: '14.02.2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    await waitFor(() =>
      expect(getAppState().notification).toEqual({ type: 'success', text: 'Оприходовано возвратов: 3' }),
    );

    const entries = await outbox();
    expect(new Set(entries.map((e) => e.group)).size).toBe(1);
    const sent = entries.filter((e) => !e.carrier);
    expect(sent).toHaveLength(1);
    const call = sent[0]!;
    expect(call).toMatchObject({ method: 'POST', path: '/api/v1/returns/batch/', table: 'batches' });
    const body = call.body as { id: string; date: string; batch: Record<string, Record<string, unknown>> };
    expect(body.date).toBe('2025-02-14');
    expect(Object.keys(body.batch).sort()).toEqual(['r1', 'r2', 'r3']);
    expect(body.batch.r2).toMatchObject({
      status: 'markdown',
      price: 95,
      markdown_price: 50,
      product_id: 'p1',
      description: 'Скол',
    });
    expect(body.batch.r2!.markdown_ids).toHaveLength(2);

    const batch = (await db.rows('batches').get(body.id))!;
    expect(batch).toMatchObject({ kind: 'return', date: '2025-02-14T00:00:00.000Z' });
    const lots = await db.rows('lots').where('batch_id').equals(body.id).toArray();
    expect(lots.map((l) => [l.return_id, l.count_max, l.price, l.is_return]).sort()).toEqual([
      ['r1', 2, 80, true],
      ['r2', 2, 95, true],
      ['r3', 1, 80, true],
    ]);
    const markdowns = await db.rows('markdowns').toArray();
    expect(markdowns.map((m) => [m.id, m.lot_id, m.price, m.markdown_price]).sort()).toEqual(
      (body.batch.r2!.markdown_ids as string[]).map((id) => [id, body.batch.r2!.lot_id, 95, 50]).sort(),
    );
    const disposals = await db.rows('disposals').toArray();
    expect(disposals.map((d) => [d.id, d.count, d.price, d.batch_id])).toEqual([
      [body.batch.r3!.disposal_id, 1, 80, body.id],
    ]);
    const returns = await db.rows('returns').toArray();
    expect(
      returns
        .filter((r) => r.processed)
        .map((r) => [r.id, r.batch_id, r.final_moment])
        .sort(),
    ).toEqual(['r1', 'r2', 'r3'].map((id) => [id, body.id, '2025-02-14T00:00:00.000Z']));
    // Carriers for each row the call writes, settled with it.
    expect(
      entries
        .filter((e) => e.carrier === call.id)
        .map((e) => `${e.table}`)
        .sort(),
    ).toEqual(['disposals', 'lots', 'lots', 'lots', 'markdowns', 'markdowns', 'returns', 'returns', 'returns']);
    // 6 + 2 ready; the markdown's 2 and the disposal's 1 came in and went out again.
    const stock = await loadProductStock('p1');
    expect(stock.onHand).toBe(8);
    expect(stock.lots.find((l) => l.return_id === 'r2')!.count).toBe(0);
    expect(stock.lots.find((l) => l.return_id === 'r3')!.count).toBe(0);
    expect(stock.lots.find((l) => l.id === 'l1')!.count).toBe(3);

    // Processed now: the rows show the date and no selector can change.
    await waitFor(() =>
      expect(nbsp(within(lineOf('r1')).getByTestId('received-at').textContent)).toMatch(
        /^Оприходован в продажу 14\.02\.2025/,
      ),
    );
    expect(nbsp(within(lineOf('r2')).getByTestId('received-at').textContent)).toBe(
      'Уценён 14.02.2025по цене 95 ₽после уценки 50 ₽',
    );
    expect(nbsp(within(lineOf('r3')).getByTestId('received-at').textContent)).toBe('Списан 14.02.2025по цене 80 ₽');
    expect((within(lineOf('r2')).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
  });

  it('nothing to receive: says what to do and queues nothing', async () => {
    await seedProducts();
    await db.mirrored('returns').add(ret('r1'));
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Оприходовать' }));
    await waitFor(() => expect(getAppState().notification?.type).toBe('warning'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('«Загрузить с маркетплейсов» offline says so plainly and sends nothing', async () => {
    await db.markets.add({
      id: 'm1',
      market_id: 'shop',
      name: 'Магазин',
      description: '',
      marketplace: 'OZON',
      created_at: '2025-01-01T00:00:00.000Z',
      ...meta,
    } as never);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить с маркетплейсов' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    await waitFor(() =>
      expect(getAppState().notification?.text).toBe(
        'Нет сети: загрузить возвраты с маркетплейсов можно только при подключении к интернету',
      ),
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
