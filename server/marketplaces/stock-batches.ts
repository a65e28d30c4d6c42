import { ownReason, type Refusal } from './refusals/index.ts';
import {
  MarketplaceAuthError,
  MarketplaceError,
  type StockItem,
  type StockItemResult,
  type StockWarehouse,
  type StoreCredentials,
} from './types.ts';

/** How a marketplace answered one batch of stocks. */
export type BatchOutcome<I> =
  /** Every item was taken. */
  | { kind: 'ok' }
  /**
   * The batch failed as a whole for a reason no item explains (bad request, warehouse busy): each item fails with it.
   */
  | { kind: 'failed'; refusal: Refusal }
  /**
   * The marketplace refused the batch because of some of its items and applied none: `named` are the
   * items its answer points at, with their reasons; `refusal` is the answer as a whole.
   */
  | { kind: 'refused'; named: Map<I, Refusal>; refusal: Refusal };

/**
 * A batch's request failed: a refused key or a fault of ours ends the whole push (rethrown); any other
 * marketplace failure is the batch's, and each of its items fails with the message.
 */
export function batchFailure(error: unknown): { kind: 'failed'; refusal: Refusal } {
  if (error instanceof MarketplaceAuthError || !(error instanceof MarketplaceError)) throw error;
  return { kind: 'failed', refusal: { error: error.explanation, marketplaceError: error.marketplaceError } };
}

/**
 * Settles every item of a batch. Items the refusal names fail with their reasons and the rest are sent
 * again without them; a refusal that names no item is halved until each refused item stands alone, so
 * one unknown article never takes its neighbours down (WB answers 409 and YM 400 for the whole request).
 */
export async function settleBatch<I>(
  items: readonly I[],
  send: (batch: readonly I[]) => Promise<BatchOutcome<I>>,
  settle: (item: I, refusal?: Refusal) => void,
): Promise<void> {
  if (items.length === 0) return;
  const outcome = await send(items);
  if (outcome.kind === 'ok') {
    for (const item of items) settle(item);
    return;
  }
  if (outcome.kind === 'failed') {
    for (const item of items) settle(item, outcome.refusal);
    return;
  }
  const named = new Map([...outcome.named].filter(([item]) => items.includes(item)));
  if (named.size > 0) {
    for (const [item, reason] of named) settle(item, reason);
    await settleBatch(
      items.filter((i) => !named.has(i)),
      send,
      settle,
    );
    return;
  }
  if (items.length === 1) {
    settle(items[0]!, outcome.refusal);
    return;
  }
  const middle = Math.ceil(items.length / 2);
  await settleBatch(items.slice(0, middle), send, settle);
  await settleBatch(items.slice(middle), send, settle);
}

/** Collects results by key in the items' order; an item never settled says so rather than passing silently. */
export class StockResults {
  private readonly byKey = new Map<string, StockItemResult>();

  constructor(
    private readonly items: readonly StockItem[],
    private readonly onBatch?: (done: number, total: number) => void,
  ) {}

  /** The item went (no refusal), or failed with the refusal; a plain string is a reason of ours. */
  settle(key: string, refusal?: Refusal | string): void {
    if (refusal === undefined) this.byKey.set(key, { key, ok: true });
    else {
      const { error, marketplaceError } = typeof refusal === 'string' ? ownReason(refusal) : refusal;
      this.byKey.set(key, { key, ok: false, error, marketplaceError });
    }
  }

  /** Reports how many items are settled so far. */
  report(): void {
    this.onBatch?.(this.byKey.size, this.items.length);
  }

  all(): StockItemResult[] {
    return this.items.map(
      (i) =>
        this.byKey.get(i.key) ?? {
          key: i.key,
          ok: false,
          error: 'Маркетплейс не ответил по этому товару — передайте остатки ещё раз.',
          marketplaceError: null,
        },
    );
  }
}

/** One push of a store's items to its warehouse, as StockPusher hands it to the marketplace's `send`. */
export interface StockPush {
  store: StoreCredentials;
  warehouse: StockWarehouse;
  items: readonly StockItem[];
  /** Where `send` settles each item; items it leaves unsettled fail as unanswered. */
  results: StockResults;
  onBatch?: (done: number, total: number) => void;
}

/**
 * StockPushAdapter.pushStocks as every marketplace does it: a result per item, in the items' order
 * (StockResults, which `onBatch` reports through); the marketplace's `send` does the sending.
 */
export abstract class StockPusher {
  async pushStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
    onBatch?: (done: number, total: number) => void,
  ): Promise<StockItemResult[]> {
    const results = new StockResults(items, onBatch);
    await this.send({ store, warehouse, items, results, onBatch });
    return results.all();
  }

  protected abstract send(push: StockPush): Promise<void>;
}

/** Splits a list into pieces of at most `size`. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** A marketplace count must be a whole number ≥ 0 (every spec says so). */
export const wholeStock = (n: number) => Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0));
