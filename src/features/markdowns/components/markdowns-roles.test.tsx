// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/database.ts';
import { seedMemberNames, signInAsRole } from '../../../lib/permissions-testing.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { markdownsSearchSchema } from '../api/markdowns-search.ts';
import { MarkdownsScreen } from './markdowns-screen.tsx';

/*
 * /markdown by member (issue 24): who made each markdown, a «Сотрудник» filter kept in the address, and for a
 * warehouse member without leave to see costs «—» for the prices and no total sum.
 */
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
const meta = { version: 1, updated_at: '2025-01-01T00:00:00.000Z' };
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0|\u202f/g, ' ');
const lines = () => screen.queryAllByTestId('markdown-line');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => nbsp(td.textContent));

const anna = crypto.randomUUID();
const boris = crypto.randomUUID();

async function seed(prices: boolean) {
  await db.mirrored('products_wh').bulkAdd([
    { id: 'p1', name: 'Чайник', images: [], ...meta },
    { id: 'p2', name: 'Кружка', images: [], ...meta },
  ]);
  const m = (id: string, product_id: string, day: number, by: string) => ({
    id,
    product_id,
    lot_id: null,
    datetime: new Date(2025, 1, day).toISOString(),
    description: '',
    ...(prices ? { price: 100, markdown_price: 60 } : {}),
    release: false,
    created_by: by,
    ...meta,
  });
  await db.mirrored('markdowns').bulkAdd([m('m1', 'p1', 3, anna), m('m2', 'p2', 5, boris)]);
}

describe('/markdown by member', () => {
  it('without costs: prices «—» with no field, no total sum; «Кто» by name; the filter keeps one member’s', async () => {
    const me = signInAsRole('warehouse', { userId: boris, costs: false });
    await seedMemberNames(me, [
      { id: anna, first_name: 'Анна', last_name: 'Петрова', role: 'owner' },
      { id: boris, first_name: 'Борис', last_name: 'Сидоров' },
    ]);
    await seed(false);
    await renderWithRouter(Route, { path: '/markdown' });
    await waitFor(() => expect(lines()).toHaveLength(2));
    await waitFor(() => expect(cells(lines()[0]!).slice(6)).toEqual(['—', '—', '', 'Борис Сидоров']));
    expect(screen.queryByLabelText(/^Себестоимость:/)).toBeNull();
    expect(nbsp(screen.getByTestId('markdown-total').textContent)).toBe('Уценок: 2');

    fireEvent.change(screen.getByLabelText('Сотрудник'), { target: { value: anna } });
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(cells(lines()[0]!)[1]).toBe('Чайник');
    expect(nbsp(screen.getByTestId('markdown-total').textContent)).toBe('Уценок: 1');
  });

  it('a filter in the address applies on opening; with costs the sum is there', async () => {
    const me = signInAsRole('owner', { userId: anna });
    await seedMemberNames(me, [{ id: boris, first_name: 'Борис', last_name: 'Сидоров' }]);
    await seed(true);
    await renderWithRouter(Route, { path: '/markdown', url: `/markdown?member=${boris}` });
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(cells(lines()[0]!)[1]).toBe('Кружка');
    expect(nbsp(screen.getByTestId('markdown-total').textContent)).toBe('Уценок: 1, сумма уценки 40 ₽');
    expect((screen.getByLabelText('Сотрудник') as HTMLSelectElement).value).toBe(boris);
  });
});
