// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { markdownsSearchSchema } from '../api/markdowns-search.ts';
import { MarkdownsScreen } from './markdowns-screen.tsx';

function Route() {
  const search = markdownsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <MarkdownsScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
const open = (url = '/markdown') => renderWithRouter(Route, { path: '/markdown', url });
const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z' };
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const lines = () => screen.queryAllByTestId('markdown-line');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));

async function seed() {
  await db.mirrored('products_wh').bulkAdd([
    { id: 'p1', name: 'Чайник', images: ['/uploads/k.png'], ...meta },
    { id: 'p2', name: 'Кружка', images: [], ...meta },
  ]);
  await db
    .mirrored('products_mp')
    .add({ id: 'mp1', product_wh_id: 'p2', offer_id: 'MUG-1', primary_image: 'https://cdn.example/mug.jpg', ...meta });
  await db.mirrored('lots').add({
    id: 'l1',
    product_id: 'p1',
    count: 0,
    count_max: 1,
    price: 80,
    created_at: new Date(2025, 0, 15, 12, 30).toISOString(),
    ...meta,
  });
  const m = (id: string, product_id: string, day: number, extra: Record<string, unknown>) => ({
    id,
    product_id,
    lot_id: null,
    datetime: new Date(2025, 1, day).toISOString(),
    description: '',
    price: 100,
    markdown_price: 60,
    release: false,
    count: 1,
    ...meta,
    ...extra,
  });
  await db
    .mirrored('markdowns')
    .bulkAdd([
      m('m1', 'p1', 1, { lot_id: 'l1', description: 'Скол', price: 80, markdown_price: 50 }),
      m('m2', 'p2', 2, { description: 'Трещина' }),
      m('m3', 'p2', 3, { release: true, price: 30, markdown_price: 25 }),
    ]);
}

describe('/markdown — «Уценка» (docs/screens.md)', () => {
  it('shows unsold markdowns first: picture, name, article, description, receipt date, count, cost, markdown price, sold', async () => {
    await seed();
    await open();
    expect(getAppState().title).toBe('Уценка');
    await waitFor(() => expect(lines()).toHaveLength(2));
    // The receipt date is the lot's (markdown.lot_id), read for the page's rows.
    await waitFor(() =>
      expect(cells(lines()[1]!).filter((_, i) => i !== 3 && i < 6)).toEqual([
        '',
        'Чайник',
        '',
        '15.01.2025 12:30',
        '1',
      ]),
    );
    expect((screen.getByLabelText('Описание: Чайник, 01.02.2025 00:00') as HTMLInputElement).value).toBe('Скол');
    expect((screen.getByLabelText('Себестоимость: Чайник, 01.02.2025 00:00') as HTMLInputElement).value).toBe('80');
    expect(cells(lines()[0]!)[2]).toBe('MUG-1');
    expect(cells(lines()[0]!)[4]).toBe('—');
    expect(lines()[0]!.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example/mug.jpg');
    expect(lines()[1]!.querySelector('img')!.getAttribute('src')).toMatch(/\/uploads\/k\.png$/);
    expect(nbsp(screen.getByTestId('markdown-total').textContent)).toBe('Уценок: 2, сумма уценки 70 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Все' }));
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(nbsp(screen.getByTestId('markdown-total').textContent)).toBe('Уценок: 3, сумма уценки 75 ₽');
  });

  it('searches name, article and description', async () => {
    await seed();
    await open('/markdown?show=all');
    await waitFor(() => expect(lines()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'mug-1' } });
    await waitFor(() => expect(lines()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'скол' } });
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'нет такого' } });
    expect(await screen.findByText('Ничего не найдено.')).toBeTruthy();
  });

  it('fields save on blur, «Продана» on change (its own entry); a sold one leaves the unsold list', async () => {
    await seed();
    await open();
    await waitFor(() => expect(lines()).toHaveLength(2));
    const price = screen.getByLabelText('Цена уценки: Кружка, 02.02.2025 00:00') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '55' } });
    fireEvent.blur(price);
    fireEvent.click(screen.getByLabelText('Продана: Кружка, 02.02.2025 00:00'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.method, e.path, e.body])).toEqual([
      ['PATCH', '/api/v1/markdowns/m2/', { markdown_price: 55 }],
      ['PATCH', '/api/v1/markdowns/m2/', { release: true }],
    ]);
  });

  it("refuses a price above the server's cap at once, in Russian, and queues nothing", async () => {
    await seed();
    await open();
    await waitFor(() => expect(lines()).toHaveLength(2));
    const price = screen.getByLabelText('Цена уценки: Кружка, 02.02.2025 00:00') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '2000000000' } });
    fireEvent.blur(price);
    expect((await screen.findByRole('alert')).textContent).toBe('Цена уценки: не больше 1 000 000 000 ₽');
    expect(price.value).toBe('60');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.mirrored('markdowns').get('m2'))!.markdown_price).toBe(60);
  });

  it('50 per page', async () => {
    await db.mirrored('products_wh').add({ id: 'p1', name: 'Чайник', images: [], ...meta });
    await db.mirrored('markdowns').bulkAdd(
      Array.from({ length: 51 }, (_, i) => ({
        id: `m${i}`,
        product_id: 'p1',
        lot_id: null,
        datetime: new Date(2025, 0, 1, 0, i).toISOString(),
        description: '',
        price: 1,
        markdown_price: 0,
        release: false,
        count: 1,
        ...meta,
      })),
    );
    await open();
    await waitFor(() => expect(lines()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
  });
});
