import type {
  ReturnsListItem,
  ReturnsListRequest,
  ReturnsListResponse,
  ReturnsTimeRange,
} from '../marketplaces/ozon/wire.ts';
import { notAfter, type SandboxReturn } from './data.ts';
import { authorise, catalog, iso, ozonSandbox, rpc } from './ozon.ts';
import { ozonRefusalCodes as codes } from './refusal-codes.ts';
import type { SandboxMarketplaceModule, SandboxState, SandboxStore } from './types.ts';

/**
 * OZON's returns in the sandbox: POST /v1/returns/list by last_id, filtered by one date filter at most
 * (logistic_return_date, visual_status_change_moment or storage_tariffication_start_date).
 */

const returnsOf = (state: SandboxState, store: SandboxStore) => [
  ...state.returns(`OZON:${store.marketId}`, catalog(state, store), `OZ${store.marketId}`),
  ...state.postingReturns('OZON', store.marketId),
];

const visualStatuses = [
  { id: 3, display_name: 'В пути к продавцу', sys_name: 'MovingToSeller' },
  { id: 4, display_name: 'Ожидает выдачи продавцу', sys_name: 'ArrivedAtReturnPlace' },
  { id: 7, display_name: 'Получен продавцом', sys_name: 'ReturnedToSeller' },
];

function returnItem(r: SandboxReturn, companyId: number): ReturnsListItem {
  // A posting number is its order number and the posting's place in it: 12345678-0001-1.
  const postingNumber = r.postingNumber ?? `${r.orderId}-0001-1`;
  const orderNumber = postingNumber.replace(/-\d+$/, '');
  const statusAt = notAfter(r.at.getTime() + r.stage * 3_600_000);
  return {
    id: r.id,
    company_id: companyId,
    return_reason_name: r.n % 2 ? 'Не подошёл размер' : 'Покупатель отказался при вручении',
    type: r.n % 2 ? 'ClientReturn' : 'FullReturn',
    schema: 'Fbs',
    order_id: r.orderId,
    order_number: orderNumber,
    posting_number: postingNumber,
    exemplars: [{ id: r.id * 10 + 1 }],
    place: { id: 23869688194000, name: 'СЦ_Песочница_Возвраты', address: 'Москва, ул. Песочная, 1' },
    target_place: { id: 23869688194000, name: 'СЦ_Песочница_Возвраты', address: 'Москва, ул. Песочная, 1' },
    product: {
      sku: r.sku,
      offer_id: r.offerId,
      name: r.name,
      price: { currency_code: 'RUB', price: r.price },
      price_without_commission: { currency_code: 'RUB', price: r.price * 0.85 },
      commission_percent: 15,
      commission: { currency_code: 'RUB', price: r.price * 0.15 },
      quantity: r.quantity,
    },
    logistic: {
      return_date: iso(r.at.getTime()),
      ...(r.stage === 2 ? { final_moment: iso(statusAt) } : {}),
      barcode: `ii${r.id}`,
    },
    visual: { status: visualStatuses[r.stage], change_moment: iso(statusAt) },
    additional_info: { is_opened: false, is_super_econom: false },
    clearing_id: r.id + 1,
    return_clearing_id: r.id + 2,
  };
}

/** The moment a return is filtered by, per date filter. */
const dateFields = {
  logistic_return_date: (r: SandboxReturn) => r.at.getTime(),
  visual_status_change_moment: (r: SandboxReturn) => notAfter(r.at.getTime() + r.stage * 3_600_000),
  storage_tariffication_start_date: (r: SandboxReturn) => notAfter(r.at.getTime() + 86_400_000),
} as const;

function inRange(at: number, range: ReturnsTimeRange): boolean | undefined {
  const from = range.time_from ? Date.parse(range.time_from) : -Infinity;
  const to = range.time_to ? Date.parse(range.time_to) : Infinity;
  if (Number.isNaN(from) || Number.isNaN(to)) return undefined;
  return at >= from && at <= to;
}

export const ozonReturnSandbox: SandboxMarketplaceModule = {
  marketplace: 'OZON',
  limited: ozonSandbox.limited,
  postingsOf: ozonSandbox.postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/v1\/returns\/list$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const body = (req.body ?? {}) as Partial<ReturnsListRequest>;
        const limit = body.limit;
        if (limit === undefined) return rpc(400, codes.invalidArgument, 'limit is required');
        if (!Number.isInteger(limit) || limit < 1 || limit > 500)
          return rpc(400, codes.invalidArgument, 'limit must be between 1 and 500');
        const lastId = body.last_id ?? 0;
        if (!Number.isInteger(lastId) || lastId < 0) return rpc(400, codes.invalidArgument, 'invalid last_id');
        const filter = body.filter ?? {};
        const dates = (Object.keys(dateFields) as (keyof typeof dateFields)[]).filter((k) => filter[k] !== undefined);
        if (dates.length > 1)
          return rpc(
            400,
            codes.invalidArgument,
            'only one of logistic_return_date, storage_tariffication_start_date, visual_status_change_moment may be set',
          );
        let returns = returnsOf(state, store);
        for (const key of dates) {
          const range = filter[key]!;
          if (inRange(0, range) === undefined) return rpc(400, codes.invalidArgument, `${key}: invalid time`);
          returns = returns.filter((r) => inRange(dateFields[key](r), range));
        }
        if (filter.offer_id) returns = returns.filter((r) => r.offerId === filter.offer_id);
        const after = returns.filter((r) => r.id > lastId).sort((a, b) => a.id - b.id);
        const page = after.slice(0, limit);
        const companyId = Number(store.marketId) || 1;
        const response: ReturnsListResponse = {
          returns: page.map((r) => returnItem(r, companyId)),
          has_next: after.length > page.length,
        };
        return { status: 200, body: response };
      },
    },
  ],
};
