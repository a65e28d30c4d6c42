import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import { userTransaction } from '../db/user-lock.ts';
import { PermanentJobError, type JobContext, type JobQueue } from '../jobs/queue.ts';
import { conflict, notFound } from '../lib/problem.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { LiveHub } from '../live/hub.ts';
import {
  MarketplaceAuthError,
  MarketplaceRefusedError,
  MarketplaceStoreNotFoundError,
  type AssemblyAdapter,
  type AssemblyOrder,
  type MarketplaceCode,
  type StoreCredentials,
} from '../marketplaces/types.ts';
import type { CatalogRepository } from '../repositories/catalog.ts';
import type { OrderAssemblyRepository } from '../repositories/order-assembly.ts';
import type { OrderRow, OrdersRepository } from '../repositories/orders.ts';
import { assemblyStateOf } from '../schemas/order-assembly.ts';
import type { UploadStore } from '../uploads/upload-store.ts';
import type { OrderBooks } from './books.ts';

export const ORDER_ASSEMBLY = 'order-assembly';

export interface OrderAssemblyPayload {
  order_id: string;
}

export interface OrderAssemblyDeps {
  db: Db;
  assembly: OrderAssemblyRepository;
  orders: OrdersRepository;
  catalog: CatalogRepository;
  books: OrderBooks;
  secrets: SecretBox;
  live: LiveHub;
  uploads: UploadStore;
  jobs: JobQueue;
  adapters: Record<MarketplaceCode, AssemblyAdapter>;
}

/** A label ready to send: its bytes streamed from the upload store. */
export interface OrderLabel {
  postingNumber: string;
  size: number;
  stream: Readable;
}

const handedOver = ['awaiting_deliver', 'delivering', 'delivered'];

/** A failure the marketplace will answer the same way however often it is asked: the job stops at once. */
const isRefusal = (err: unknown) =>
  err instanceof MarketplaceRefusedError ||
  err instanceof MarketplaceAuthError ||
  err instanceof MarketplaceStoreNotFoundError ||
  err instanceof PermanentJobError;

const labelMissing = () => notFound('Этикетка ещё не получена');

/**
 * «Собрано» (docs/rules.md «Сборка заказов»). The request only marks the order pending and queues a job in its own
 * transaction; the job asks the marketplace outside any transaction (a slow marketplace never holds the business's
 * lock), then in a short transaction of its own hands the order over through the books — the reserve becomes the
 * sale exactly once, whoever (this job or the intake) sees the handover first — and last fetches the label into the
 * upload store. Every step writes the order row, so devices learn each one by pull and the live channel.
 */
export class OrderAssembly {
  constructor(private readonly deps: OrderAssemblyDeps) {}

  /** Inside the request's transaction (the business's lock held): marks the order and queues the job. */
  async request(userId: string, orderId: string): Promise<OrderRow> {
    const { orders, assembly, jobs } = this.deps;
    const order = await orders.lockOrder(userId, orderId);
    if (!order) throw notFound('Заказ не найден');
    const state = assemblyStateOf(order.assembly);
    // A repeat (a second tap, a replayed queue entry) while the marketplace is being told or has accepted.
    if (state === 'pending' || state === 'done') return order;
    if (order.stage === 'cancelled') throw conflict('order_cancelled', 'Заказ отменён: собирать его не нужно');
    if (handedOver.includes(order.stage) || order.assembledAt)
      throw conflict('order_assembled', 'Заказ уже собран и передан маркетплейсу');
    if (order.stage !== 'awaiting_packaging')
      throw conflict(
        'order_not_awaiting_packaging',
        'Заказ ещё не ждёт сборки: маркетплейс пока не передал его в сборку',
      );
    const marked = await assembly.update(userId, orderId, {
      assembly: { ...order.assembly, state: 'pending', requested_at: new Date().toISOString() },
      assemblyError: null,
    });
    await jobs.enqueue(userId, ORDER_ASSEMBLY, { order_id: orderId } satisfies OrderAssemblyPayload, {
      dedupeKey: orderId,
      maxAttempts: 6,
    });
    return marked!;
  }

  /** The stored label of the business's order; 404 before it arrived (or for another business's order). */
  async label(userId: string, orderId: string): Promise<OrderLabel> {
    const order = await this.deps.assembly.find(userId, orderId);
    if (!order?.labelKey) throw labelMissing();
    const opened = await this.deps.uploads.open(order.labelKey);
    if (!opened) throw labelMissing();
    return { postingNumber: order.postingNumber, size: opened.size, stream: opened.stream };
  }

  /** The job: tells the marketplace, hands the order over, fetches the label. Each step is skipped once done. */
  handler() {
    return async (ctx: JobContext): Promise<Record<string, unknown>> => {
      const { order_id: orderId } = (ctx.job.payload ?? {}) as Partial<OrderAssemblyPayload>;
      const userId = ctx.job.userId;
      if (typeof orderId !== 'string') throw new PermanentJobError('Задача сборки без заказа');
      let order = await this.deps.assembly.find(userId, orderId);
      if (!order) return { skipped: 'missing' };
      const lastTry = ctx.job.attempts >= ctx.job.maxAttempts;
      try {
        if (assemblyStateOf(order.assembly) === 'pending') order = await this.assemble(userId, order, ctx.signal);
        if (order && assemblyStateOf(order.assembly) === 'done' && !order.labelKey)
          await this.fetchLabel(userId, order);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        const stillPending = assemblyStateOf((await this.deps.assembly.find(userId, orderId))?.assembly) === 'pending';
        if (stillPending && (isRefusal(err) || lastTry)) {
          await this.refuse(userId, orderId, refusalText(err, !isRefusal(err)));
          return { refused: err instanceof Error ? err.message : String(err) };
        }
        throw err;
      }
      const final = await this.deps.assembly.find(userId, orderId);
      return { state: assemblyStateOf(final?.assembly), label: final?.labelKey != null };
    };
  }

  private async credentials(userId: string, order: OrderRow): Promise<StoreCredentials> {
    const store = await this.deps.catalog.store(userId, order.storeId);
    if (!store || store.marketplace === '-' || !store.accessTokenEnc)
      throw new PermanentJobError(
        'Магазин заказа не подключён: добавьте ключ API магазина и нажмите «Собрано» ещё раз.',
      );
    try {
      return { marketId: store.marketId, apiKey: this.deps.secrets.open(store.accessTokenEnc), name: store.name };
    } catch {
      throw new PermanentJobError(`Магазин «${store.name}»: сохранённый ключ API не читается, введите его заново.`);
    }
  }

  private adapterOf(order: OrderRow): AssemblyAdapter {
    const adapter = this.deps.adapters[order.marketplace as MarketplaceCode];
    if (!adapter) throw new PermanentJobError(`Маркетплейс ${order.marketplace} не поддерживает сборку`);
    return adapter;
  }

  private async assemblyOrder(userId: string, order: OrderRow): Promise<AssemblyOrder> {
    const lines = await this.deps.orders.linesOf(userId, order.id);
    return {
      postingNumber: order.postingNumber,
      lines: lines.map((l) => ({
        lineKey: l.lineKey,
        offerId: l.offerId,
        externalProductId: l.externalProductId,
        quantity: l.quantity,
      })),
      assembly: order.assembly,
      remember: async (progress) => {
        await this.deps.assembly.update(userId, order.id, { assembly: { ...order.assembly, ...progress } });
      },
    };
  }

  /** Asks the marketplace (no transaction open), then hands the order over in one short transaction. */
  private async assemble(userId: string, order: OrderRow, signal: AbortSignal): Promise<OrderRow | undefined> {
    let answer: Record<string, unknown> = {};
    if (order.stage === 'cancelled') throw new PermanentJobError('Заказ отменён: собирать его не нужно.');
    // Packed in the marketplace's cabinet meanwhile (the intake saw it handed over): nothing left to tell it.
    if (!handedOver.includes(order.stage)) {
      const credentials = await this.credentials(userId, order);
      answer = await this.adapterOf(order).assemble(credentials, await this.assemblyOrder(userId, order));
    }
    signal.throwIfAborted();
    const done = await this.handOver(userId, order.id, answer);
    if (done) this.deps.live.publish(userId, { type: 'changes' });
    return done;
  }

  /**
   * The marketplace accepted: the order is assembled and handed over (awaiting_deliver), and its lines go to the
   * books — the products locked first, then the order and its lines, as every order write does. A line the intake
   * already sold (it saw the handover first) is settled and the books leave it alone.
   */
  private handOver(userId: string, orderId: string, answer: Record<string, unknown>) {
    const { orders, assembly, books } = this.deps;
    return userTransaction(this.deps.db, userId, async () => {
      const unlocked = await orders.linesOf(userId, orderId);
      const products = [...new Set(unlocked.flatMap((l) => (l.productId ? [l.productId] : [])))].sort();
      for (const id of products) await books.lockProduct(userId, id);
      const order = await orders.lockOrder(userId, orderId);
      if (!order || assemblyStateOf(order.assembly) !== 'pending') return order;
      const now = new Date();
      const moving = order.stage === 'awaiting_packaging';
      const row = await assembly.update(userId, orderId, {
        assembly: { ...order.assembly, ...answer, state: 'done', done_at: now.toISOString() },
        assemblyError: null,
        assembledAt: now,
        // changedAt stays the marketplace's: its report of the new status updates the status words; a re-read from
        // before the assembly never moves the order back (OrdersRepository.upsert).
        ...(moving ? { stage: 'awaiting_deliver' as const, shippedAt: order.shippedAt ?? now } : {}),
      });
      if (moving) await books.apply(userId, row!, await orders.linesOf(userId, orderId, true));
      return row;
    });
  }

  private async refuse(userId: string, orderId: string, reason: string): Promise<void> {
    const changed = await userTransaction(this.deps.db, userId, async () => {
      const order = await this.deps.orders.lockOrder(userId, orderId);
      if (!order || assemblyStateOf(order.assembly) !== 'pending') return false;
      await this.deps.assembly.update(userId, orderId, {
        assembly: { ...order.assembly, state: 'refused', refused_at: new Date().toISOString() },
        assemblyError: reason,
      });
      return true;
    });
    if (changed) this.deps.live.publish(userId, { type: 'changes' });
  }

  /** The label once, into the upload store under its content hash, so every instance serves the same bytes. */
  private async fetchLabel(userId: string, order: OrderRow): Promise<void> {
    const credentials = await this.credentials(userId, order);
    const bytes = Buffer.from(await this.adapterOf(order).label(credentials, await this.assemblyOrder(userId, order)));
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new Error('Маркетплейс прислал этикетку не в формате PDF');
    const name = `${createHash('sha256').update(bytes).digest('hex')}.pdf`;
    await this.deps.uploads.put(name, 'application/pdf', bytes);
    const stored = await userTransaction(this.deps.db, userId, async () => {
      const locked = await this.deps.orders.lockOrder(userId, order.id);
      if (!locked || locked.labelKey) return false;
      await this.deps.assembly.update(userId, order.id, { labelKey: name });
      return true;
    });
    if (stored) this.deps.live.publish(userId, { type: 'changes' });
  }
}

/** The Russian reason the packer reads in assembly_error. */
function refusalText(err: unknown, unreachable: boolean): string {
  const message = err instanceof Error ? err.message : String(err);
  if (!unreachable) return message;
  return `Маркетплейс не принял «Собрано» после нескольких попыток: ${message} Нажмите «Собрано» ещё раз позже.`;
}
