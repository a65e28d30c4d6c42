// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../../../testing/component-setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/database.ts';
import { scanFeedbackEvent, type ScanFeedbackDetail } from '../../../scan/feedback.ts';
import { deliverScan } from '../../../scan/scan-bus.ts';
import { drainOutbox, type PushTransport } from '../../../sync/push-worker.ts';
import { renderWithRouter } from '../../../testing/render-with-router.tsx';
import { assembleOrder } from '../api/assemble-order.ts';
import { pickLine } from '../api/load-assembly.ts';
import type { Order } from '../api/order-types.ts';
import { nbsp, seedLine, seedOrder, seedProduct, seedStore } from '../test/seed.ts';
import { AssemblyScreen } from './assembly-screen.tsx';

const CUP = '4600000000017';
const SPOON = '4600000000024';
const BOWL = '4600000000031';

async function withBarcode(name: string, code: string, shelf?: string): Promise<string> {
  const id = await seedProduct(name, shelf);
  await db.rows('products_wh').update(id, { barcodes: [code] });
  return id;
}

/** Озон's order 0001-1: two Кружка (А-10) and one Ложка (А-2); Миска has a barcode but is not in it. */
async function seed(extra: Partial<Order> = {}) {
  const store = await seedStore('Озон', 'OZON');
  const cup = await withBarcode('Кружка', CUP, 'А-10');
  const spoon = await withBarcode('Ложка', SPOON, 'А-2');
  await withBarcode('Миска', BOWL);
  const orderId = await seedOrder(store, '0001-1', extra);
  const cupLine = await seedLine(orderId, 'CUP', { product_id: cup, books: 'reserved', quantity: 2 });
  const spoonLine = await seedLine(orderId, 'SPN', { product_id: spoon, books: 'reserved' });
  return { orderId, cupLine, spoonLine };
}

const open = (orderId: string) =>
  renderWithRouter(() => <AssemblyScreen orderId={orderId} />, {
    path: '/orders/$orderId/assemble',
    url: `/orders/${orderId}/assemble`,
  });

const lineOf = (name: string) => screen.getByRole('listitem', { name });
const pickedOf = (name: string) => nbsp(within(lineOf(name)).getByTestId('picked').textContent);
const message = () => screen.getByTestId('scan-message').textContent;
const doneButton = () => screen.getByRole('button', { name: 'Собрано' }) as HTMLButtonElement;

let heard: ScanFeedbackDetail[] = [];
const listen = (e: Event) => heard.push((e as CustomEvent<ScanFeedbackDetail>).detail);
beforeEach(() => {
  heard = [];
  window.addEventListener(scanFeedbackEvent, listen);
});
afterEach(() => window.removeEventListener(scanFeedbackEvent, listen));

/** A scan as the wedge or the camera hands it over, with the outcome the packer hears. */
const scan = async (code: string) => act(() => deliverScan(code));

/** A push that answers each entry with `status` and `body`, as the server's push would. */
const answering =
  (status: number, body: unknown): PushTransport =>
  async (batch) => ({ kind: 'results', results: batch.map((e) => ({ id: e.id, status, body })) });

describe('/orders/$orderId/assemble — «Сборка заказа»', () => {
  it('lines in shelf order with article, shelf and counters; a scan of an item in the order counts it', async () => {
    const { orderId } = await seed();
    await open(orderId);
    await screen.findByText('Заказ 0001-1');
    expect(screen.getAllByTestId('assembly-line').map((l) => l.getAttribute('aria-label'))).toEqual([
      'Ложка',
      'Кружка',
    ]);
    expect(nbsp(lineOf('Кружка').textContent)).toContain('Артикул CUP · Место: А-10');
    expect(pickedOf('Кружка')).toBe('0 / 2');

    expect(await scan(CUP)).toBe('ok');
    await waitFor(() => expect(pickedOf('Кружка')).toBe('1 / 2'));
    expect(message()).toBe('Кружка: 1 из 2');
    expect(heard).toEqual([{ code: CUP, outcome: 'ok' }]);
    expect(nbsp(screen.getByTestId('assembly-progress').textContent)).toBe('собрано 1 из 3 шт.');
  });

  it('another product is refused, an unknown code is unknown, a complete line is refused — each said in Russian', async () => {
    const { orderId } = await seed();
    await open(orderId);
    await screen.findByText('Заказ 0001-1');

    expect(await scan(BOWL)).toBe('refused');
    await waitFor(() => expect(message()).toBe('Этого товара нет в заказе: Миска'));
    expect(screen.getByTestId('scan-message').dataset.outcome).toBe('refused');

    expect(await scan('2000000000015')).toBe('unknown');
    await waitFor(() => expect(message()).toBe('Штрихкод 2000000000015 не найден'));

    expect(await scan(SPOON)).toBe('ok');
    expect(await scan(SPOON)).toBe('refused');
    await waitFor(() => expect(message()).toBe('Позиция уже собрана: Ложка'));
    expect(pickedOf('Ложка')).toBe('1 / 1');
    expect(heard.map((h) => h.outcome)).toEqual(['refused', 'unknown', 'ok', 'refused']);
  });

  it('«Собрано» waits for every line (taps count too), then queues exactly one POST …/assemble/', async () => {
    const { orderId } = await seed();
    await open(orderId);
    await screen.findByText('Заказ 0001-1');
    expect(doneButton().disabled).toBe(true);

    await scan(CUP);
    fireEvent.click(within(lineOf('Кружка')).getByRole('button', { name: '+1: Кружка' }));
    await waitFor(() => expect(pickedOf('Кружка')).toBe('2 / 2'));
    expect((within(lineOf('Кружка')).getByRole('button', { name: '+1: Кружка' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(doneButton().disabled).toBe(true);
    fireEvent.click(within(lineOf('Ложка')).getByRole('button', { name: 'Всё: Ложка' }));
    await waitFor(() => expect(doneButton().disabled).toBe(false));

    fireEvent.click(doneButton());
    await screen.findByText('Отправляется в маркетплейс…');
    expect(screen.queryByRole('button', { name: 'Собрано' })).toBeNull();
    // A second tap (or a double tap racing the first) queues nothing more.
    expect(await assembleOrder(orderId)).toEqual({ ok: true, queued: false });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: `/api/v1/orders/${orderId}/assemble/`,
      body: {},
      table: 'orders',
      row_id: orderId,
      status: 'pending',
    });
    // Scans after «Собрано» change nothing.
    expect(await scan(CUP)).toBe('refused');
  });

  it('two taps at once queue one entry', async () => {
    const { orderId, cupLine, spoonLine } = await seed();
    await pickLine(orderId, cupLine, 'all');
    await pickLine(orderId, spoonLine, 'all');
    const both = await Promise.all([assembleOrder(orderId), assembleOrder(orderId)]);
    expect(both.filter((o) => o.ok && o.queued)).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('picked units survive a reload of the screen', async () => {
    const { orderId } = await seed();
    const first = await open(orderId);
    await screen.findByText('Заказ 0001-1');
    await scan(CUP);
    await waitFor(() => expect(pickedOf('Кружка')).toBe('1 / 2'));
    first.unmount();
    await open(orderId);
    await waitFor(() => expect(pickedOf('Кружка')).toBe('1 / 2'));
  });

  it('the server answers: «Собран» when the marketplace took it, its reason and «Собрать снова» when it refused', async () => {
    const { orderId, cupLine, spoonLine } = await seed();
    await pickLine(orderId, cupLine, 'all');
    await pickLine(orderId, spoonLine, 'all');
    await open(orderId);
    fireEvent.click(await screen.findByRole('button', { name: 'Собрано' }));
    await screen.findByText('Отправляется в маркетплейс…');

    const order = (await db.rows('orders').get(orderId))!;
    const refusal = 'Отправление отменено покупателем';
    await act(() =>
      drainOutbox(
        answering(200, {
          ...order,
          version: 2,
          assembled_at: null,
          assembly_error: refusal,
          assembly_state: 'refused',
          label_ready: false,
        }),
      ),
    );
    await screen.findByText(`Маркетплейс не принял сборку: ${refusal}`);
    fireEvent.click(screen.getByRole('button', { name: 'Собрать снова' }));
    await screen.findByText('Отправляется в маркетплейс…');
    expect(await db.outbox.count()).toBe(1);

    await act(() =>
      drainOutbox(
        answering(200, {
          ...order,
          version: 3,
          assembled_at: '2025-03-01T10:00:00.000Z',
          assembly_error: null,
          assembly_state: 'done',
          label_ready: false,
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('assembly-status').textContent).toMatch(/^Собран \d\d\.\d\d\.2025/));
    expect(screen.getByText(/Этикетка распечатается, когда маркетплейс её выдаст/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Печать этикетки' })).toBeNull();
  });

  it('a «Собрано» the server refuses outright (409) shows its reason here, not only in «Синхронизация»', async () => {
    const { orderId, cupLine, spoonLine } = await seed();
    await pickLine(orderId, cupLine, 'all');
    await pickLine(orderId, spoonLine, 'all');
    await open(orderId);
    fireEvent.click(await screen.findByRole('button', { name: 'Собрано' }));
    await screen.findByText('Отправляется в маркетплейс…');
    const reason = 'Заказ отменён: собирать его не нужно';
    await act(() =>
      drainOutbox(
        answering(409, {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'order_cancelled',
          detail: reason,
        }),
      ),
    );
    await screen.findByText(new RegExp(reason));
    expect(screen.getByRole('button', { name: 'Собрать снова' })).toBeTruthy();
  });

  it('the label prints by itself once when it arrives, then «Печать этикетки» prints it again', async () => {
    const { orderId } = await seed({ assembled_at: '2025-03-01T10:00:00.000Z', assembly_state: 'done' });
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push((input as Request).url);
      return new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } });
    });
    const createUrl = vi.fn(() => 'blob:label');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    await open(orderId);
    await screen.findByText(/^Собран/);
    expect(fetched).toEqual([]);

    // The pull brings label_ready.
    await act(async () => {
      await db.rows('orders').update(orderId, { label_ready: true, version: 2 });
    });
    await waitFor(() => expect(fetched).toHaveLength(1));
    expect(new URL(fetched[0]!).pathname).toBe(`/api/v1/orders/${orderId}/label/`);
    const frame = await waitFor(() => {
      const found = document.querySelector<HTMLIFrameElement>('[data-testid="label-frame"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(frame.src).toBe('blob:label');
    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { print, focus: () => {} } });
    frame.dispatchEvent(new Event('load'));
    expect(print).toHaveBeenCalledTimes(1);

    // Another change of the order does not print it by itself a second time; the button does.
    await act(async () => {
      await db.rows('orders').update(orderId, { version: 3 });
    });
    expect(fetched).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Печать этикетки' }));
    await waitFor(() => expect(fetched).toHaveLength(2));
    expect(createUrl).toHaveBeenCalledTimes(2);
  });
});
