import type {
  FbsPosting,
  FbsPostingGetRequest,
  FbsPostingGetResponse,
  FbsPostingListRequest,
  FbsPostingListResponse,
  PostingStatusChangeRange,
} from '../marketplaces/ozon/wire.ts';
import { ozonOrderLimit } from './order-limits.ts';
import { authorise, iso, ozonSandbox, postingsOf, rpc } from './ozon.ts';
import { isHandedOver, type SandboxPosting } from './postings.ts';
import type { SandboxMarketplaceModule, SandboxResponse } from './types.ts';
import { ozonRefusalCodes as codes } from './refusal-codes.ts';

/**
 * OZON's FBS postings in the sandbox: POST /v3/posting/fbs/list, paged by offset (`has_next`), filtered
 * by creation (`since`/`to`, required, at most a year apart), by `status`, by the moment of the last
 * status change (`last_changed_status_date{from,to}`, both ends included) and by `order_id`; and POST
 * /v3/posting/fbs/get, one posting by number (404 rpcStatus when the Client-Id has none). Both count
 * against the Client-Id's 50 requests a second (order-limits.ts).
 */

const YEAR_MS = 366 * 86_400_000;

/** A date-time bound of the filter: undefined when absent, NaN when it is not a date-time. */
function bound(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  return Date.parse(text);
}

/** last_changed_status_date as a test on the change time, or the 400 a malformed one gets. */
function changedWithin(range: PostingStatusChangeRange | undefined): ((ms: number) => boolean) | SandboxResponse {
  const from = bound(range?.from);
  const to = bound(range?.to);
  if (Number.isNaN(from) || Number.isNaN(to))
    return rpc(400, codes.invalidArgument, 'filter.last_changed_status_date: from and to must be date-times');
  return (ms) => (from === undefined || ms >= from) && (to === undefined || ms <= to);
}

function fbsPosting(p: SandboxPosting): FbsPosting {
  const orderNumber = p.postingNumber.replace(/-\d+$/, '');
  const at = p.createdAt.getTime();
  // The handover, shown while the posting is in delivery or delivered: when it first went into delivery.
  const handedOver = isHandedOver('OZON', p.status) ? p.handedOverAt : undefined;
  return {
    posting_number: p.postingNumber,
    order_id: p.id,
    order_number: orderNumber,
    status: p.status,
    substatus: p.status === 'awaiting_packaging' ? 'posting_created' : `posting_${p.status}`,
    delivery_method: {
      id: 21321684811000,
      name: 'Ozon Логистика самостоятельно, Песочница',
      warehouse_id: 21321684811000,
      warehouse: 'Склад песочницы',
      tpl_provider_id: 24,
      tpl_provider: 'Ozon Логистика',
    },
    tracking_number: '',
    tpl_integration_type: 'ozon',
    in_process_at: iso(at),
    shipment_date: iso(at + 24 * 3_600_000),
    ...(handedOver ? { delivering_date: iso(handedOver.getTime()) } : {}),
    cancellation: {
      cancel_reason_id: p.status === 'cancelled' ? 352 : 0,
      cancel_reason: p.status === 'cancelled' ? 'Покупатель отменил заказ' : '',
      cancellation_type: p.status === 'cancelled' ? 'client' : '',
      // «Отмена произошла после сборки отправления»: cancelled after it was first packed.
      cancelled_after_ship: p.status === 'cancelled' && p.packedAt !== undefined,
      affect_cancellation_rating: false,
      cancellation_initiator: p.status === 'cancelled' ? 'Клиент' : '',
    },
    products: p.items.map((i) => ({
      price: i.price.toFixed(6),
      currency_code: 'RUB',
      offer_id: i.offer.offerId,
      name: i.offer.name,
      sku: i.offer.sku,
      quantity: i.quantity,
      is_blr_traceable: false,
      is_marketplace_buyout: false,
    })),
    is_express: false,
    is_multibox: false,
    multi_box_qty: 1,
    available_actions: [],
  };
}

export const ozonPostingSandbox: SandboxMarketplaceModule = {
  marketplace: 'OZON',
  limited: ozonSandbox.limited,
  postingsOf: ozonSandbox.postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/v3\/posting\/fbs\/list$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const limited = ozonOrderLimit(state, store.marketId);
        if (limited) return limited;
        const body = (req.body ?? {}) as Partial<FbsPostingListRequest>;
        const { limit, offset, filter } = body;
        if (limit === undefined || offset === undefined || filter === undefined)
          return rpc(400, codes.invalidArgument, 'filter, limit and offset are required');
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          return rpc(400, codes.invalidArgument, 'limit must be between 1 and 1000');
        if (!Number.isInteger(offset) || offset < 0)
          return rpc(400, codes.invalidArgument, 'offset must be a non-negative integer');
        const since = Date.parse(filter.since ?? '');
        const to = Date.parse(filter.to ?? '');
        if (Number.isNaN(since) || Number.isNaN(to))
          return rpc(400, codes.invalidArgument, 'filter.since and filter.to are required date-times');
        if (to - since > YEAR_MS) return rpc(400, codes.invalidArgument, 'PERIOD_IS_TOO_LONG');
        const changed = changedWithin(filter.last_changed_status_date);
        if (typeof changed !== 'function') return changed;
        const dir = (body.dir ?? 'ASC').toUpperCase() === 'DESC' ? -1 : 1;
        const all = postingsOf(state, store)
          .filter(
            (p) =>
              (!filter.status || p.status === filter.status) &&
              (!filter.order_id || p.id === filter.order_id) &&
              p.createdAt.getTime() >= since &&
              p.createdAt.getTime() <= to &&
              changed(p.changedAt.getTime()),
          )
          .sort((a, b) => dir * (a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id));
        const page = all.slice(offset, offset + limit);
        const response: FbsPostingListResponse = {
          result: { postings: page.map(fbsPosting), has_next: offset + page.length < all.length },
        };
        return { status: 200, body: response };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v3\/posting\/fbs\/get$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const limited = ozonOrderLimit(state, store.marketId);
        if (limited) return limited;
        const number = (req.body as Partial<FbsPostingGetRequest> | undefined)?.posting_number;
        if (typeof number !== 'string' || number === '')
          return rpc(400, codes.invalidArgument, 'posting_number is required');
        const posting = postingsOf(state, store).find((p) => p.postingNumber === number);
        if (!posting) return rpc(404, codes.notFoundRpc, 'posting not found');
        const body: FbsPostingGetResponse = { result: fbsPosting(posting) };
        return { status: 200, body };
      },
    },
  ],
};
