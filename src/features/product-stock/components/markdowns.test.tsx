// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useParams } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { renderAt } from '../test/render.tsx';
import { outbox, seedLot, seedProduct, seedRow } from '../test/seed.ts';
import { MarkdownForm } from './markdown-form.tsx';
import { MarkdownsTab } from './markdowns-tab.tsx';

function FormRoute() {
  const { productId, markdownId } = useParams({ strict: false });
  return <MarkdownForm productId={productId ?? ''} markdownId={markdownId ?? ''} />;
}
function TabRoute() {
  const { productId } = useParams({ strict: false });
  return <MarkdownsTab productId={productId ?? ''} />;
}
const openForm = (id: string, markdownId = 'new') =>
  renderAt(FormRoute, '/product/$productId/markdown/$markdownId', `/product/${id}/markdown/${markdownId}`);
const openTab = (id: string) => renderAt(TabRoute, '/product/$productId', `/product/${id}`);
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const at = (h: number) => new Date(2025, 1, 3, h, 0).toISOString();
const markdown = (p: string, extra: Record<string, unknown> = {}) => ({
  product_id: p,
  lot_id: null,
  datetime: at(10),
  description: 'Скол',
  price: 100,
  markdown_price: 70,
  release: false,
  count: 1,
  ...extra,
});

describe('/product/{id}/markdown/{markdown_id}', () => {
  it('new: price starts at the cost of the unit FIFO takes; «Уценить» queues POST and opens tab 3', async () => {
    const p = await seedProduct();
    await seedLot(p, { count: 0, price: 5, at: at(7), countMax: 1 });
    await seedLot(p, { count: 2, price: 40, at: at(8) });
    const page = await openForm(p);
    await screen.findByRole('button', { name: 'Уценить' });
    expect([field('price').value, field('markdown_price').value]).toEqual(['40', '0']);
    fireEvent.change(field('markdown_price'), { target: { value: '25' } });
    fireEvent.change(field('description'), { target: { value: 'Царапина' } });
    fireEvent.click(screen.getByRole('button', { name: 'Уценить' }));
    await page.wentTo(`/product/${p}`, { td: 3 });
    const [entry] = await outbox();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/markdowns/',
      body: { product_id: p, price: 40, markdown_price: 25, description: 'Царапина' },
    });
    expect(await db.mirrored('markdowns').get((entry!.body as { id: string }).id)).toMatchObject({
      count: 1,
      release: false,
      lot_id: null,
    });
  });

  it('new: with no free unit it says so and queues nothing', async () => {
    const p = await seedProduct();
    await openForm(p);
    fireEvent.click(await screen.findByRole('button', { name: 'Уценить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно товара на складе: доступно 0 шт.');
    expect(await outbox()).toHaveLength(0);
  });

  it('an existing id shows its fields; «Сохранить» queues only what changed', async () => {
    const p = await seedProduct();
    const id = await seedRow('markdowns', markdown(p));
    const page = await openForm(p, id);
    await screen.findByRole('button', { name: 'Сохранить' });
    expect([field('price').value, field('markdown_price').value, field('description').value]).toEqual([
      '100',
      '70',
      'Скол',
    ]);
    fireEvent.change(field('markdown_price'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await page.wentTo(`/product/${p}`, { td: 3 });
    expect((await outbox()).map((e) => [e.method, e.path, e.body])).toEqual([
      ['PATCH', `/api/v1/markdowns/${id}/`, { markdown_price: 60 }],
    ]);
  });
});

describe('tab 3 «Уценка»', () => {
  it('lists markdowns with the total Σ (price − markdown_price); fields save on blur, «Продана» on change', async () => {
    const p = await seedProduct();
    const m1 = await seedRow('markdowns', markdown(p));
    await seedRow('markdowns', markdown(p, { datetime: at(11), price: 50, markdown_price: 45.5, release: true }));
    await openTab(p);
    await waitFor(() => expect(screen.getAllByTestId('markdown-row')).toHaveLength(2));
    expect(nbsp(screen.getByTestId('markdown-total').textContent)).toBe('Уценок: 2, сумма уценки 34,50 ₽');
    const description = screen.getByLabelText('Описание, 03.02.2025 10:00') as HTMLInputElement;
    fireEvent.change(description, { target: { value: 'Скол на ручке' } });
    fireEvent.blur(description);
    const price = screen.getByLabelText('Цена уценки, 03.02.2025 10:00') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '-1' } });
    fireEvent.blur(price);
    expect((await screen.findByRole('alert')).textContent).toBe('Цена уценки: укажите число не меньше 0');
    fireEvent.click(screen.getByLabelText('Продана, 03.02.2025 10:00'));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const entries = await outbox();
    expect(entries.map((e) => e.body)).toEqual([{ description: 'Скол на ручке' }, { release: true }]);
    // The release never folds into another call: it has its own entry.
    expect(entries[1]!.group).not.toBeNull();
    expect((await db.mirrored('markdowns').get(m1))!.release).toBe(true);
  });

  it('delete removes the row at once and queues DELETE; «+ Уценить» opens the form', async () => {
    const p = await seedProduct();
    const m1 = await seedRow('markdowns', markdown(p));
    const page = await openTab(p);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить уценку 03.02.2025 10:00' }));
    await waitFor(() => expect(screen.queryAllByTestId('markdown-row')).toHaveLength(0));
    expect((await outbox()).map((e) => [e.method, e.path])).toEqual([['DELETE', `/api/v1/markdowns/${m1}/`]]);
    fireEvent.click(screen.getByRole('link', { name: '+ Уценить' }));
    await page.wentTo(`/product/${p}/markdown/new`);
  });
});
