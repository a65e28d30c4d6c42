// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { meta, nbsp, returnRow } from '../test/seed.ts';
import { returnCardAreas } from './card-areas.ts';
import { cells, lineOf, lines, open, outbox, seedProducts } from '../test/returns-screen.tsx';

const ret = returnRow;

describe("/returns — prices and outcomes: the price dialog, a row's own price, what a processed row became, labels and the way to /return/{id}/to/{to}", () => {
  it('a status opens the price dialog: a lot price picked, the discounted price falls back to it', async () => {
    await seedProducts();
    await db.mirrored('returns').add(ret('r1'));
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.change(within(lineOf('r1')).getByRole('combobox'), { target: { value: 'markdown' } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Уценка: цена возврата')).toBeTruthy();
    // Each lot says its price, receipt date and units left on the button itself (a tablet shows no tooltip).
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('button', { name: /^по цене/ })
          .map((b) => nbsp(b.textContent)),
      ).toEqual(['по цене 80 ₽партия от 10.01.2025осталось 3 шт.', 'по цене 95 ₽партия от 20.01.2025осталось 3 шт.']),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /^по цене 80 ₽/ }));
    expect((within(dialog).getByLabelText('Себестоимость, ₽') as HTMLInputElement).value).toBe('80');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect(await db.rows('returns').get('r1')).toMatchObject({ status: 'markdown', price: 80, markdown_price: 80 }),
    );
    expect((await outbox()).map((e) => [e.method, e.path, e.body])).toEqual([
      ['PATCH', '/api/v1/returns/r1/', { status: 'markdown', price: 80, markdown_price: 80, description: '' }],
    ]);
    // Markdown shows both price fields.
    await waitFor(() =>
      expect((within(lineOf('r1')).getByLabelText(/^Цена после уценки/) as HTMLInputElement).value).toBe('80'),
    );
  });

  it('typed start cost, discounted cost and note; cancel changes nothing; «нет» resets the price to 0', async () => {
    await seedProducts();
    await db.mirrored('returns').add(ret('r1'));
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    const select = () => within(lineOf('r1')).getByRole('combobox') as HTMLSelectElement;
    fireEvent.change(select(), { target: { value: 'ready' } });
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select().value).toBe('');
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(select(), { target: { value: 'markdown' } });
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Себестоимость, ₽'), { target: { value: '120' } });
    fireEvent.change(within(dialog).getByLabelText('Цена после уценки, ₽'), { target: { value: '70,5' } });
    fireEvent.change(within(dialog).getByLabelText('Примечание'), { target: { value: ' Царапина ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(async () =>
      expect(await db.rows('returns').get('r1')).toMatchObject({
        status: 'markdown',
        price: 120,
        markdown_price: 70.5,
        description: 'Царапина',
      }),
    );
    await waitFor(() => expect(cells(lineOf('r1'))[6]).toBe('Царапина'));

    fireEvent.change(select(), { target: { value: '' } });
    await waitFor(async () =>
      expect(await db.rows('returns').get('r1')).toMatchObject({ status: null, price: 0, markdown_price: 0 }),
    );
    expect((await outbox()).map((e) => e.body)).toEqual([
      { status: 'markdown', price: 120, markdown_price: 70.5, description: 'Царапина' },
      { status: null },
    ]);
  });

  it('a price typed in the row saves on blur', async () => {
    await seedProducts();
    await db.mirrored('returns').add(ret('r1', { status: 'ready', price: 80, markdown_price: 80 }));
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    const price = within(lineOf('r1')).getByLabelText(/^Цена: /) as HTMLInputElement;
    // A decimal comma, as every figure on screen has it.
    fireEvent.change(price, { target: { value: '1 290,5' } });
    fireEvent.blur(price);
    await waitFor(async () => expect((await db.rows('returns').get('r1'))!.price).toBe(1290.5));
    expect((await outbox()).map((e) => [e.path, e.body])).toEqual([['/api/v1/returns/r1/', { price: 1290.5 }]]);
    await waitFor(() => expect(price.value).toBe('1290,5'));
  });

  it('a processed row shows its receipt date instead of inputs, and its status cannot change', async () => {
    await seedProducts();
    await db.mirrored('batches').add({
      id: 'b1',
      kind: 'return',
      date: '2025-02-14T00:00:00.000Z',
      description: '',
      created_at: '2025-02-14T00:00:00.000Z',
      ...meta,
    });
    await db.mirrored('returns').add(
      ret('r1', {
        status: 'ready',
        price: 80,
        processed: true,
        batch_id: 'b1',
        final_moment: '2025-02-14T00:00:00.000Z',
      }),
    );
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect((within(lineOf('r1')).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    expect(nbsp(within(lineOf('r1')).getByTestId('received-at').textContent)).toBe(
      'Оприходован в продажу 14.02.2025по цене 80 ₽',
    );
    expect(within(lineOf('r1')).queryByRole('textbox')).toBeNull();
    expect(within(lineOf('r1')).queryByRole('button', { name: /^Удалить/ })).toBeNull();
  });

  it('a processed row says what it became (the verb per outcome), its price in roubles and a markdown its price after', async () => {
    await seedProducts();
    await db.mirrored('batches').add({
      id: 'b1',
      kind: 'return',
      date: '2025-02-14T00:00:00.000Z',
      description: '',
      created_at: '2025-02-14T00:00:00.000Z',
      ...meta,
    });
    const done = { processed: true, batch_id: 'b1', final_moment: '2025-02-14T00:00:00.000Z' };
    await db
      .mirrored('returns')
      .bulkAdd([
        ret('r1', { ...done, status: 'ready', price: 2495, markdown_price: 2495 }),
        ret('r2', { ...done, status: 'markdown', price: 2495.5, markdown_price: 1200 }),
        ret('r3', { ...done, status: 'disposal', price: 12345, markdown_price: 12345 }),
      ]);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(3));
    const outcome = (id: string) => nbsp(within(lineOf(id)).getByTestId('received-at').textContent);
    expect(outcome('r1')).toBe('Оприходован в продажу 14.02.2025по цене 2 495 ₽');
    expect(outcome('r2')).toBe('Уценён 14.02.2025по цене 2 495,50 ₽после уценки 1 200 ₽');
    expect(outcome('r3')).toBe('Списан 14.02.2025по цене 12 345 ₽');
    expect(within(lineOf('r1')).queryByTestId('received-markdown-price')).toBeNull();
    expect(within(lineOf('r3')).queryByTestId('received-markdown-price')).toBeNull();
  });

  it('the price dialog asks only what the status needs: a cost for each, the price after markdown only for «Уценка»', async () => {
    await seedProducts();
    // A markdown price left from an earlier choice: not asked for «Готов к продаже», so not sent either.
    await db.mirrored('returns').add(ret('r1', { price: 0, markdown_price: 50 }));
    await open();
    await waitFor(() => expect(lines()).toHaveLength(1));
    const select = () => within(lineOf('r1')).getByRole('combobox');
    const fieldsOf = (dialog: HTMLElement) => [...dialog.querySelectorAll('label')].map((l) => l.textContent);
    for (const [status, fields, hint] of [
      ['ready', ['Себестоимость, ₽', 'Примечание'], /поступит на склад партией .* будет продаваться/],
      ['disposal', ['Себестоимость, ₽', 'Примечание'], /сразу будет списан/],
      ['markdown', ['Себестоимость, ₽', 'Цена после уценки, ₽', 'Примечание'], /уценена до цены после уценки/],
    ] as const) {
      fireEvent.change(select(), { target: { value: status } });
      const dialog = await screen.findByRole('dialog');
      expect(fieldsOf(dialog)).toEqual(fields);
      expect(within(dialog).getByText(hint)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    fireEvent.change(select(), { target: { value: 'ready' } });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Себестоимость, ₽'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(async () =>
      expect(await db.rows('returns').get('r1')).toMatchObject({ status: 'ready', price: 120, markdown_price: 120 }),
    );
    expect((await outbox()).map((e) => e.body)).toEqual([
      { status: 'ready', price: 120, markdown_price: 120, description: '' },
    ]);
  });

  it('every field of a row has a visible label of its own, tied to it', async () => {
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd([
        ret('r1', { status: 'ready', price: 80 }),
        ret('r2', { status: 'markdown', price: 80, markdown_price: 40 }),
      ]);
    await open();
    await waitFor(() => expect(lines()).toHaveLength(2));
    const labelled = (id: string, text: string) => {
      const label = within(lineOf(id)).getByText(text, { selector: 'label' }) as HTMLLabelElement;
      return document.getElementById(label.htmlFor);
    };
    expect(labelled('r1', 'Статус')).toBe(within(lineOf('r1')).getByRole('combobox'));
    expect(labelled('r1', 'Цена, ₽')).toBe(within(lineOf('r1')).getByLabelText(/^Цена: /));
    expect(within(lineOf('r1')).queryByText('После уценки, ₽')).toBeNull();
    expect(labelled('r2', 'После уценки, ₽')).toBe(within(lineOf('r2')).getByLabelText(/^Цена после уценки: /));
    // Each cell names its place in the card (./returns.css.ts grid areas), the same for every row.
    const areas = (id: string) => [...lineOf(id).querySelectorAll('td')].map((td) => td.dataset.cell);
    expect(areas('r1')).toEqual([...returnCardAreas]);
    expect(areas('r2')).toEqual(areas('r1'));
  });

  it('a row that can still be received links to /return/{id}/to/{to}: into stock, or written off for «Списание»', async () => {
    await seedProducts();
    await db
      .mirrored('returns')
      .bulkAdd([
        ret('r1', { returned_at: '2025-02-05T10:00:00.000Z' }),
        ret('r2', { status: 'disposal', price: 80, returned_at: '2025-02-04T10:00:00.000Z' }),
        ret('r3', { status: 'markdown', price: 80, markdown_price: 40, returned_at: '2025-02-03T10:00:00.000Z' }),
        ret('r4', { status: 'ready', price: 80, processed: true, returned_at: '2025-02-02T10:00:00.000Z' }),
        ret('r5', { product_id: null, returned_at: '2025-02-01T10:00:00.000Z' }),
      ]);
    const view = await open();
    await waitFor(() => expect(lines()).toHaveLength(5));
    const link = (id: string) => within(lineOf(id)).queryByTestId('receive-at-lot');
    expect(link('r1')!.getAttribute('href')).toBe('/return/r1/to/to_inventory');
    expect(link('r1')!.textContent).toBe('Оприходовать по цене партии');
    expect(link('r1')!.getAttribute('aria-label')).toBe('Оприходовать по цене партии: возврат 1, Чайник');
    expect(link('r2')!.getAttribute('href')).toBe('/return/r2/to/to_disposal');
    expect(link('r2')!.textContent).toBe('Списать по цене партии');
    // A markdown needs its own price; a processed or unlinked return cannot be received there.
    for (const id of ['r3', 'r4', 'r5']) expect(link(id)).toBeNull();
    fireEvent.click(link('r1')!);
    await view.waitForPath('/return/r1/to/to_inventory');
  });
});
