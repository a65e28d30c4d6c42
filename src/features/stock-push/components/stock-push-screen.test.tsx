// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { signInAs } from '../../../testing/real-server.ts';
import { willChange } from '../api/preview-view.ts';
import { stockPushSearchSchema } from '../api/stock-push-search.ts';
import { startPushWorld, type PushWorld } from '../test/push-world.ts';
import { StockPushScreen } from './stock-push-screen.tsx';

/*
 * /stock-push against the real server and the sandbox marketplace (issue 21): the changes of each store
 * first, the unchanged listings collapsed behind their count, the search and «Только изменения» in the
 * address, and a run of the log opening under its own row, its refusals in Russian first.
 */

function Route() {
  const search = stockPushSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const address = useLocation({ select: (l) => l.searchStr });
  return (
    <>
      <output data-testid="address">{address}</output>
      <StockPushScreen
        search={search}
        onSearchChange={(patch) =>
          void navigate({ to: '.', search: ((s: object) => ({ ...s, ...patch })) as never, replace: true })
        }
      />
    </>
  );
}

let world: PushWorld;
let changedOffers: string[];
let unchangedOffers: string[];
let names: Map<string, string>;

beforeAll(async () => {
  world = await startPushWorld();
  const items = (await world.preview()).items;
  changedOffers = items.filter(willChange).map((i) => i.offer_id);
  unchangedOffers = items.filter((i) => !willChange(i)).map((i) => i.offer_id);
  names = new Map(items.map((i) => [i.offer_id, i.name]));
}, 180_000);
afterAll(() => world?.close());
// component-setup clears localStorage after each test: the tokens go back before the next.
beforeEach(() => signInAs(world.user));

const open = (url = '/stock-push') => renderWithRouter(Route, { path: '/stock-push', url });
const store = () => screen.getByTestId('preview-store');
const shownOffers = () =>
  within(store())
    .queryAllByTestId('preview-row')
    .map((r) => r.getAttribute('data-offer-id'));
const unchangedToggle = () => within(store()).getByTestId('unchanged-toggle');
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

describe('/stock-push: changes first, the unchanged collapsed', { timeout: 30_000 }, () => {
  it('the world: two products got stock after the push and one article was refused; three listings are as sent', () => {
    expect(changedOffers).toHaveLength(3);
    expect(changedOffers).toContain(world.refusedOffer);
    expect(unchangedOffers).toHaveLength(3);
  });

  it('lists the listings that change, then «Без изменений: 3 — показать» opens the others under them', async () => {
    await open();
    await waitFor(() => expect(shownOffers()).toEqual(changedOffers), { timeout: 15_000 });
    expect(within(store()).getByRole('heading', { level: 2 }).textContent).toBe('Озон Север · OZON');
    expect(within(store()).getByTestId('store-counts').textContent).toContain(
      '6 товаров: изменится 3, без изменений 3',
    );
    expect(unchangedToggle().textContent).toBe('Без изменений: 3 — показать');
    expect(unchangedToggle().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(unchangedToggle());
    await waitFor(() => expect(shownOffers()).toEqual([...changedOffers, ...unchangedOffers]));
    expect(unchangedToggle().textContent).toBe('Без изменений: 3 — скрыть');
    for (const offer of unchangedOffers) {
      const row = within(store())
        .getAllByTestId('preview-row')
        .find((r) => r.dataset.offerId === offer)!;
      expect(within(row).getByTestId('change').textContent).toBe('0');
      expect(within(row).getByTestId('marketplace-stock').textContent).toBe(
        within(row).getByTestId('available').textContent,
      );
    }
    // The reserve folds under the name; the comparison keeps its four columns.
    expect(
      within(store())
        .getAllByTestId('held-back')
        .map((e) => e.textContent),
    ).toEqual(['резерв 1']);
    const headings = within(store()).getAllByRole('table')[0]!.querySelectorAll('th');
    // «На маркет-плейсе» may break at its soft hyphen in a narrow column.
    expect([...headings].map((th) => th.textContent!.replace('\u00ad', ''))).toEqual([
      'Товар, артикул',
      'На складе',
      'Будет передано',
      'На маркетплейсе',
      'Изменение',
    ]);

    fireEvent.click(unchangedToggle());
    await waitFor(() => expect(shownOffers()).toEqual(changedOffers));
  });

  it('the search finds by name or article, in the changes and among the unchanged, and goes into the address', async () => {
    await open();
    await waitFor(() => expect(shownOffers()).toEqual(changedOffers), { timeout: 15_000 });
    const unchanged = unchangedOffers[1]!;
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: unchanged.toLowerCase() } });
    await waitFor(() =>
      expect(within(store()).getByTestId('no-changes').textContent).toBe('Среди найденных изменений нет.'),
    );
    expect(shownOffers()).toEqual([]);
    expect(unchangedToggle().textContent).toBe('Без изменений: 1 — показать');
    fireEvent.click(unchangedToggle());
    await waitFor(() => expect(shownOffers()).toEqual([unchanged]));
    await waitFor(() => expect(address().get('search')).toBe(unchanged.toLowerCase()));

    const changed = changedOffers[2]!;
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: names.get(changed)! } });
    await waitFor(() => expect(shownOffers()).toContain(changed));
    for (const offer of shownOffers()) expect(names.get(offer!)).toContain(names.get(changed));

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'нет такого товара' } });
    await waitFor(() => expect(within(store()).getByText('Ничего не найдено')).toBeTruthy());
    expect(within(store()).queryByTestId('unchanged-toggle')).toBeNull();
  });

  it('an address with a search opens filtered', async () => {
    const changed = changedOffers[0]!;
    await open(`/stock-push?search=${encodeURIComponent(changed)}`);
    await waitFor(() => expect(shownOffers()).toEqual([changed]), { timeout: 15_000 });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(changed);
  });

  it('«Только изменения» off shows every listing, changes first; the address keeps it; junk reads as on', async () => {
    await open();
    await waitFor(() => expect(shownOffers()).toEqual(changedOffers), { timeout: 15_000 });
    const onlyChanges = screen.getByRole('switch', { name: 'Только изменения' }) as HTMLInputElement;
    expect(onlyChanges.checked).toBe(true);
    fireEvent.click(onlyChanges);
    await waitFor(() => expect(shownOffers()).toEqual([...changedOffers, ...unchangedOffers]));
    expect(unchangedToggle().textContent).toBe('Без изменений: 3 — скрыть');
    await waitFor(() => expect(address().get('only_changes')).toBe('false'));
    fireEvent.click(onlyChanges);
    await waitFor(() => expect(shownOffers()).toEqual(changedOffers));
  });

  it('?only_changes=false opens with every listing shown; ?only_changes=junk with the changes only', async () => {
    const view = await open('/stock-push?only_changes=false');
    await waitFor(() => expect(shownOffers()).toEqual([...changedOffers, ...unchangedOffers]), { timeout: 15_000 });
    expect((screen.getByRole('switch', { name: 'Только изменения' }) as HTMLInputElement).checked).toBe(false);
    view.unmount();
    await open('/stock-push?only_changes=junk');
    await waitFor(() => expect(shownOffers()).toEqual(changedOffers), { timeout: 15_000 });
  });
});

describe('/stock-push: «Журнал передач»', { timeout: 30_000 }, () => {
  it('«Подробнее» opens the run right under its row, the refusal in Russian first and the marketplace’s words after', async () => {
    await open();
    const row = await screen.findByTestId('log-row', {}, { timeout: 15_000 });
    expect(row.dataset.jobId).toBe(world.run.job_id);
    const more = within(row).getByRole('button', { name: 'Подробнее' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);

    const detail = await screen.findByTestId('log-detail');
    // In place: the very next row of the log's table, not a block elsewhere on the screen.
    expect(row.nextElementSibling).toBe(detail);
    expect(screen.queryByTestId('push-result')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Скрыть' }).getAttribute('aria-expanded')).toBe('true');

    const failed = await within(detail).findByTestId('failed-item', {}, { timeout: 10_000 });
    expect(failed.dataset.offerId).toBe(world.refusedOffer);
    const item = world.run.items.find((i) => i.offer_id === world.refusedOffer)!;
    expect(item.error).toBeTruthy();
    const refusal = within(failed).getByTestId('refusal');
    expect(refusal.textContent!.startsWith(item.error!)).toBe(true);
    expect(item.marketplace_error).toBeTruthy();
    const quoted = within(refusal).getByTestId('marketplace-error');
    expect(quoted.getAttribute('lang')).toBe('en');
    expect(quoted.textContent).toBe(item.marketplace_error);
    expect(quoted.parentElement!.textContent).toBe(`Ответ маркетплейса: ${item.marketplace_error}`);
    expect(within(detail).getByTestId('result-summary').textContent).toBe('Принято: 5 · с ошибкой: 1');

    fireEvent.click(within(row).getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(screen.queryByTestId('log-detail')).toBeNull());
  });
});
