// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../state/app-state.ts';
import { db } from '../../../db/database.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { batchesSearchSchema } from '../api/batches-search.ts';
import { seedBatch, seedLot, seedOther, seedProduct } from '../test/seed.ts';
import { BatchesScreen } from './batches-screen.tsx';

function BatchesRoute() {
  const search = batchesSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  return (
    <BatchesScreen
      search={search}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
      }
    />
  );
}
const open = (url: string) => renderWithRouter(BatchesRoute, { path: '/inventory/batches', url });

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const rows = () => screen.queryAllByTestId('batch-row');
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => nbsp(td.textContent));

describe('/inventory/batches (docs/screens.md)', () => {
  it('asks which documents to show when the address names none; each choice sets its title', async () => {
    await open('/inventory/batches');
    const dialog = await screen.findByRole('dialog', { name: 'Какие документы показать?' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Закупки', 'Возвраты', 'Прочее']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Возвраты' }));
    await waitFor(() => expect(getAppState().title).toBe('Таблица приёмки возвратов'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Returns are received elsewhere (/returns): no add button here.
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Другие документы' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Прочее' }));
    await waitFor(() => expect(getAppState().title).toBe('Таблица списаний и прочих реализаций'));
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Другие документы' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Закупки' }));
    await waitFor(() => expect(getAppState().title).toBe('Таблица приёмки закупок'));
  });

  it('opens straight into a mode named by the address, without the chooser', async () => {
    await open('/inventory/batches?is_other=true');
    await waitFor(() => expect(getAppState().title).toBe('Таблица списаний и прочих реализаций'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('purchases: number by creation, date, up to 5 thumbnails then +N, Σ count_max and Σ count_max × price; newest date first', async () => {
    const ids = await Promise.all(
      Array.from({ length: 7 }, (_, i) => seedProduct(`Товар ${i}`, i === 6 ? {} : { images: [`/uploads/p${i}.png`] })),
    );
    const first = await seedBatch({ date: '2025-03-10T00:00:00.000Z', created_at: '2025-03-01T00:00:00.000Z' });
    for (const [i, id] of ids.entries())
      await seedLot(id, { batch_id: first.id, count_max: 2, count: 1, price: 10 + i });
    const second = await seedBatch({ date: '2025-03-12T00:00:00.000Z', created_at: '2025-03-02T00:00:00.000Z' });
    await seedLot(ids[0]!, { batch_id: second.id, count_max: 3, price: 100 });
    await seedLot(ids[0]!, { batch_id: second.id, count_max: 1, price: 0.5 });
    await seedBatch({ kind: 'return', created_at: '2025-03-03T00:00:00.000Z' });
    await seedLot(ids[1]!); // no batch: not counted anywhere
    await open('/inventory/batches?is_return=false&is_other=false');

    await waitFor(() => expect(rows()).toHaveLength(2));
    // The last column, «Кто»: seeded documents name no member.
    expect(cells(rows()[0]!)).toEqual(['2', '12.03.2025', '', '4', '300,50 ₽', '—']);
    expect(cells(rows()[1]!)).toEqual(['1', '10.03.2025', '+2', '14', '182 ₽', '—']);
    // 7 products: 5 pictures; one more has a picture, one has none — both counted in +2.
    expect(within(rows()[1]!).getAllByTestId('batch-thumbnail')).toHaveLength(5);
    expect(within(rows()[0]!).getAllByTestId('batch-thumbnail')).toHaveLength(1);
  });

  it('other: Σ count and Σ count × realization_price of the batch’s other realizations; a row opens its editor', async () => {
    const p = await seedProduct('Кружка');
    const batch = await seedBatch({ kind: 'other' });
    await seedOther(p, { batch_id: batch.id, count: 2, realization_price: 150 });
    await seedOther(p, { batch_id: batch.id, count: 1, realization_price: 99.9 });
    const page = await open('/inventory/batches?is_other=true');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cells(rows()[0]!).slice(3)).toEqual(['3', '399,90 ₽', '—']);
    fireEvent.click(rows()[0]!);
    await page.waitForPath(`/other-realizations/edit/${batch.id}`);
  });

  it('a purchase row opens /inventory/edit/{id}; «Добавить» opens /inventory/add', async () => {
    const batch = await seedBatch();
    const page = await open('/inventory/batches?is_return=false');
    fireEvent.click(await screen.findByRole('button', { name: 'Документ № 1 от 01.03.2025' }));
    await page.waitForPath(`/inventory/edit/${batch.id}`);
  });

  it('«Добавить» in purchases opens /inventory/add', async () => {
    const page = await open('/inventory/batches?is_return=false');
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить' }));
    await page.waitForPath('/inventory/add');
  });

  it('filters by the batch date, both days included', async () => {
    for (const day of ['2025-03-01', '2025-03-05', '2025-03-09']) await seedBatch({ date: `${day}T00:00:00.000Z` });
    await open('/inventory/batches?is_return=false');
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '05.03.2025' } });
    await waitFor(() => expect(rows().map((r) => cells(r)[1])).toEqual(['09.03.2025', '05.03.2025']));
    fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '05.03.2025' } });
    await waitFor(() => expect(rows().map((r) => cells(r)[1])).toEqual(['05.03.2025']));
    // Each bound limits the other once the router has it: wait for the rows of each step.
    fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '' } });
    await waitFor(() => expect(rows().map((r) => cells(r)[1])).toEqual(['09.03.2025', '05.03.2025']));
    fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '08.03.2025' } });
    await waitFor(() => expect(rows().map((r) => cells(r)[1])).toEqual(['05.03.2025']));
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '06.03.2025' } });
    expect(await screen.findByText('За эти даты документов нет')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '09.03.2025' } });
    expect(await screen.findByText('Дата должна быть с 01.01.1900 по 08.03.2025')).toBeTruthy();
  });

  it('shows 50 documents per page', async () => {
    await db.mirrored('batches').bulkAdd(
      Array.from({ length: 55 }, (_, i) => ({
        id: `b${i}`,
        kind: 'purchase',
        date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
        description: '',
        created_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      })),
    );
    await open('/inventory/batches?is_return=false');
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(cells(rows()[0]!)[0]).toBe('55');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
  });
});
