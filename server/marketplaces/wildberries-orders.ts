import { joinUrl, requestJson, type CallContext } from './http.ts';
import { feedPages } from './order-feed.ts';
import { roubles } from './wildberries-postings.ts';
import type { MarketplaceOrder, OrderFeedPage, OrderFeedQuery, OrderStage, PageProgress } from './types.ts';
import type {
  AssemblyOrder,
  NewOrdersResponse,
  OrderStatus,
  OrdersResponse,
  OrdersStatusRequest,
  OrdersStatusResponse,
} from './wildberries/wire.ts';

/**
 * Wildberries' order feed. WB has no listing by change time, so each call reads:
 * - GET /api/v3/orders/new: every task still to confirm;
 * - GET /api/v3/orders with dateFrom = since (30-day windows, paged by `next`): every task created since,
 *   so a task that went new → confirm within one interval is not missed;
 * - POST /api/v3/orders/status (≤ 1000 ids a call) for those and for every open task the books follow:
 *   their statuses now. An open task the answer leaves out is `missing`.
 * Every task read is reported with its status now (WB answers no change time): an open task comes back on
 * every call. The status answer carries no article or price, so the tasks' details are kept per token
 * from the listings; an open task not seen since a restart is looked up by walking /api/v3/orders back
 * `lookbackDays`. One task is one unit; FBW orders are not assembly tasks and never appear.
 */

const ENDED_UNSOLD = new Set(['canceled', 'canceled_by_client', 'declined_by_client', 'defect']);

/**
 * The stage of a task (03-orders-fbs.yaml, /api/v3/orders/status; reference §2): the seller's status says
 * where it is — new, confirm («на сборке»: added to a supply, being assembled) still on the shelf, complete
 * («в доставке») handed over — and WB's says whether it ended: sold is delivered; canceled, canceled_by_client
 * (at receipt), declined_by_client (in the first hour) and defect are cancellations, after the handover when
 * the seller's status is complete.
 */
export function wildberriesOrderStage(
  status: Pick<OrderStatus, 'supplierStatus' | 'wbStatus'>,
): { stage: OrderStage; cancelledAfterHandover?: boolean } | undefined {
  const handedOver = status.supplierStatus === 'complete';
  if (status.supplierStatus === 'cancel' || (status.wbStatus !== undefined && ENDED_UNSOLD.has(status.wbStatus)))
    return { stage: 'cancelled', cancelledAfterHandover: handedOver };
  if (status.wbStatus === 'sold') return { stage: 'delivered' };
  switch (status.supplierStatus) {
    case 'new':
    case 'confirm':
      return { stage: 'awaiting_packaging' };
    case 'complete':
      return { stage: 'delivering' };
    default:
      return undefined;
  }
}

/** A task and its status as an order of one unit; none without an article or a known status. */
export function toWildberriesOrder(
  o: AssemblyOrder & { id: number },
  s: OrderStatus,
  readAt: string,
): MarketplaceOrder[] {
  const mapped = wildberriesOrderStage(s);
  if (!mapped || !o.article) return [];
  return [
    {
      postingNumber: String(o.id),
      status: `${s.supplierStatus ?? ''}/${s.wbStatus ?? ''}`,
      ...mapped,
      orderedAt: o.createdAt,
      changedAt: readAt,
      items: [
        {
          lineKey: String(o.id),
          offerId: o.article,
          externalProductId: o.nmId === undefined ? undefined : String(o.nmId),
          quantity: 1,
          price: roubles(o),
        },
      ],
    },
  ];
}

const DAY_S = 86_400;
/** /api/v3/orders answers at most 30 days per request; /api/v3/orders/status takes at most 1000 ids. */
const WINDOW_DAYS = 30;
const STATUS_BATCH = 1000;

export interface WildberriesOrderFeedOptions {
  marketplaceUrl: string;
  /** /api/v3/orders page size, 1–1000. */
  pageSize: number;
  /** How far back an open task's details are looked for after a restart. */
  lookbackDays: number;
  /** The details of the tasks last read, per token (the status answer has none). */
  details: Map<string, Map<number, AssemblyOrder & { id: number }>>;
}

type Task = AssemblyOrder & { id: number };

export async function* wildberriesOrderChanges(
  ctx: CallContext,
  options: WildberriesOrderFeedOptions,
  query: OrderFeedQuery,
  onPage?: PageProgress,
): AsyncIterable<OrderFeedPage> {
  const headers = { Authorization: ctx.store.apiKey };
  const readAt = new Date().toISOString();
  const nowS = Math.floor(Date.now() / 1000);
  const known = options.details.get(ctx.store.apiKey) ?? new Map<number, Task>();
  const keep = (orders: AssemblyOrder[] | undefined) => {
    const tasks = (orders ?? []).filter((o): o is Task => o.id !== undefined);
    for (const t of tasks) known.set(t.id, t);
    return tasks.map((t) => t.id);
  };

  /** Tasks created in [fromS, toS], 30-day windows newest first, each paged by `next`. */
  const walk = async (fromS: number, toS: number, done?: () => boolean) => {
    const ids: number[] = [];
    for (let end = toS; end >= fromS && !done?.(); end -= WINDOW_DAYS * DAY_S) {
      const start = Math.max(fromS, end - WINDOW_DAYS * DAY_S + 1);
      for (let next = 0; ;) {
        const page = await requestJson<OrdersResponse>(ctx, {
          method: 'GET',
          url: joinUrl(options.marketplaceUrl, '/api/v3/orders', {
            limit: options.pageSize,
            next,
            dateFrom: start,
            dateTo: end,
          }),
          headers,
        });
        ids.push(...keep(page.orders));
        // A short page is the last; a cursor that does not move would loop forever.
        if ((page.orders?.length ?? 0) < options.pageSize || page.next === undefined || page.next === next) break;
        next = page.next;
      }
    }
    return ids;
  };

  const fresh = await requestJson<NewOrdersResponse>(ctx, {
    method: 'GET',
    url: joinUrl(options.marketplaceUrl, '/api/v3/orders/new'),
    headers,
  });
  const newIds = keep(fresh.orders);
  const lookbackFrom = nowS - options.lookbackDays * DAY_S;
  const createdIds = await walk(Math.max(lookbackFrom, Math.floor(query.since.getTime() / 1000)), nowS);
  const open = [...new Set(query.open)].filter((n) => /^\d+$/.test(n)).map(Number);
  if (open.some((id) => !known.has(id))) {
    await walk(lookbackFrom, nowS, () => open.every((id) => known.has(id)));
  }

  const ids = [...new Set([...open, ...newIds, ...createdIds])];
  const statuses = new Map<number, OrderStatus>();
  for (let i = 0; i < ids.length; i += STATUS_BATCH) {
    const body: OrdersStatusRequest = { orders: ids.slice(i, i + STATUS_BATCH) };
    const answer = await requestJson<OrdersStatusResponse>(ctx, {
      method: 'POST',
      url: joinUrl(options.marketplaceUrl, '/api/v3/orders/status'),
      headers,
      body,
    });
    for (const s of answer.orders ?? []) if (s.id !== undefined) statuses.set(s.id, s);
  }

  const orders: MarketplaceOrder[] = [];
  const kept = new Map<number, Task>();
  for (const id of ids) {
    const task = known.get(id);
    const status = statuses.get(id);
    if (!task || !status) continue;
    kept.set(id, task);
    orders.push(...toWildberriesOrder(task, status, readAt));
  }
  // Only the tasks of this call stay known: the next call asks about the same open ones, or fewer.
  options.details.set(ctx.store.apiKey, kept);
  const missing = open.filter((id) => !statuses.has(id)).map(String);
  yield* feedPages(orders, missing, STATUS_BATCH, onPage);
}
