import { randomUUID } from 'node:crypto';
import { stockMessages } from '../../domain/stock-rules.ts';
import { conflict, Problem, productMissing, unmatchedProblem, type ProblemFieldError } from '../lib/problem.ts';
import type { BatchRow } from '../repositories/batches.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ReturnRow } from '../repositories/returns.ts';
import type { LotRow } from '../repositories/stock.ts';
import type { StockEngine } from './engine.ts';

/** Markdowns are one unit each: a receipt makes at most this many, so one call never writes a million rows. */
export const MAX_MARKDOWN_UNITS = 1000;

export type Receivable = 'ready' | 'markdown' | 'disposal';

/** What a return is received as: the receipt item over the return's own values. */
export interface Booking {
  status: Receivable;
  productId: string;
  price: number;
  markdownPrice: number;
  description: string;
  /** Ids the client chose for the rows the receipt writes (offline receipt): the device already shows them. */
  lotId?: string;
  markdownIds?: string[];
  disposalId?: string;
}

/** One line of a receipt as the client sends it (POST /api/v1/returns/batch/). */
export interface ReceiptItem {
  status?: ReturnRow['status'];
  price?: number;
  markdown_price?: number;
  product_id?: string | null;
  description?: string;
  lot_id?: string;
  markdown_ids?: string[];
  disposal_id?: string;
}

/**
 * Receiving customer returns into stock (docs/rules.md «Возвраты»): the checks of a receipt and the
 * rows it writes, through the stock engine so the ledger and the lots stay equal.
 */
export class ReturnReceipts {
  constructor(
    private readonly repos: Repositories,
    private readonly stock: StockEngine,
  ) {}

  /**
   * What each return of a receipt is received as: the item's values over the return's own. Refuses
   * the whole receipt, naming every failing field, when a return has no product, no status or no price.
   */
  async plan(
    userId: string,
    ids: string[],
    byId: Map<string, ReturnRow>,
    batch: Record<string, ReceiptItem>,
  ): Promise<Map<string, Booking>> {
    const bookings = new Map<string, Booking>();
    const unmatched: ProblemFieldError[] = [];
    const statusErrors: ProblemFieldError[] = [];
    const priceErrors: ProblemFieldError[] = [];
    for (const rid of ids) {
      const row = byId.get(rid)!;
      const item = batch[rid]!;
      const productId = item.product_id !== undefined ? item.product_id : row.productId;
      if (productId === null) {
        unmatched.push({ field: `batch.${rid}.product_id`, message: 'возврат не связан с товаром склада' });
        continue;
      }
      if (productId !== row.productId && !(await this.repos.returns.product(userId, productId))) throw productMissing();
      const status = item.status !== undefined ? item.status : row.status;
      const price = item.price ?? row.price;
      const markdownPrice = item.markdown_price ?? row.markdownPrice;
      if (status !== 'ready' && status !== 'markdown' && status !== 'disposal') {
        statusErrors.push({
          field: `batch.${rid}.status`,
          message: 'выберите статус: готов к продаже, уценка или списание',
        });
      }
      if (!(price > 0)) priceErrors.push({ field: `batch.${rid}.price`, message: 'цена должна быть больше 0' });
      if (status === 'markdown' && !(markdownPrice > 0))
        priceErrors.push({ field: `batch.${rid}.markdown_price`, message: 'цена после уценки должна быть больше 0' });
      if (status === 'ready' || status === 'markdown' || status === 'disposal') {
        bookings.set(rid, {
          status,
          productId,
          price,
          markdownPrice,
          description: item.description ?? row.description,
          lotId: item.lot_id,
          markdownIds: item.markdown_ids,
          disposalId: item.disposal_id,
        });
      }
    }
    if (unmatched.length > 0) throw unmatchedProblem(unmatched);
    if (statusErrors.length > 0) {
      throw new Problem(
        422,
        'return_status_missing',
        'Выберите статус у выделенных возвратов: готов к продаже, уценка или списание',
        [...statusErrors, ...priceErrors],
      );
    }
    if (priceErrors.length > 0)
      throw new Problem(422, 'return_price_missing', stockMessages.returnPriceMissing, priceErrors);
    const markdownUnits = ids.reduce(
      (s, rid) => s + (bookings.get(rid)!.status === 'markdown' ? byId.get(rid)!.count : 0),
      0,
    );
    if (markdownUnits > MAX_MARKDOWN_UNITS) {
      throw new Problem(
        422,
        'too_many_markdowns',
        `Уценка — по одной единице: в одном оприходовании не больше ${MAX_MARKDOWN_UNITS} уценённых единиц, а выбрано ${markdownUnits}`,
      );
    }

    return bookings;
  }

  async newBatch(userId: string, date: Date, description: string, id?: string): Promise<BatchRow> {
    if (id && (await this.repos.returns.batchIdTaken(id)))
      throw conflict('duplicate', 'Документ с таким идентификатором уже есть');
    return this.repos.batches.create(userId, { id, kind: 'return', date, description });
  }

  /**
   * Receives one return into the batch: a return lot of its units at its price, then for markdown
   * one markdown per unit and for disposal one disposal of them all, both from that lot, so the units
   * that came back are the ones marked down or written off and the ledger shows both moves.
   */
  async book(userId: string, row: ReturnRow, b: Booking, batch: BatchRow): Promise<{ row: ReturnRow; lot: LotRow }> {
    const date = batch.date;
    const lot = await this.stock.receive(userId, {
      id: b.lotId,
      productId: b.productId,
      count: row.count,
      price: b.price,
      receivedAt: date,
      batchId: batch.id,
      isReturn: true,
      returnId: row.id,
    });
    const outflow = {
      productId: b.productId,
      returnId: row.id,
      batchId: batch.id,
      datetime: date,
      description: b.description,
      price: b.price,
    };
    if (b.status === 'markdown') {
      const ids = Array.from({ length: row.count }, (_, i) => b.markdownIds?.[i] ?? randomUUID());
      await this.stock.takeOneEach(userId, {
        productId: b.productId,
        lotId: lot.id,
        reason: 'markdown',
        sources: ids.map((id) => ({ table: 'markdowns', id })),
      });
      await this.repos.returns.insertMarkdowns(
        userId,
        ids.map((id) => ({ ...outflow, id, lotId: lot.id, markdownPrice: b.markdownPrice })),
      );
    } else if (b.status === 'disposal') {
      const id = b.disposalId ?? randomUUID();
      await this.stock.take(userId, {
        productId: b.productId,
        quantity: row.count,
        reason: 'disposal',
        source: { table: 'disposals', id },
        lotId: lot.id,
      });
      await this.repos.returns.insertDisposal(userId, { ...outflow, id, count: row.count });
    }
    const changed = await this.repos.returns.update(userId, row.id, {
      status: b.status,
      productId: b.productId,
      price: b.price,
      markdownPrice: b.markdownPrice,
      description: b.description,
      processed: true,
      finalMoment: date,
      batchId: batch.id,
    });
    const [after] = await this.repos.stock.lotsByIds(userId, [lot.id]);
    return { row: changed!, lot: after! };
  }
}
