import type {
  AnalyticsProblem,
  Card,
  CardsListRequest,
  CardsListResponse,
  ContentError,
  GatewayError,
  GoodsReturnResponse,
  GoodsReturnRow,
} from '../marketplaces/wildberries/wire.ts';
import type { SandboxOffer, SandboxReturn } from './data.ts';
import { header, seedOfKey, type SandboxMarketplaceModule, type SandboxRequest, type SandboxResponse, type SandboxState, type SandboxStore } from './types.ts';

/** 401 and 429 come from WB's API gateway, with its own body (components.responses.401/429). */
function gateway(status: number, title: string, statusText: string, detail: string, origin = 's2s-api-auth-content'): SandboxResponse {
  const body: GatewayError = {
    title,
    detail,
    code: `sandbox-${status}`,
    requestId: `sandbox-${Date.now().toString(16)}`,
    origin,
    status,
    statusText,
    timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  return { status, body };
}

const contentError = (errorText: string): SandboxResponse => ({
  status: 400,
  body: { data: null, error: true, errorText, additionalErrors: null } satisfies ContentError,
});

/** The analytics API's 400: application/problem+json with components.schemas.4xxResponse. */
const analyticsProblem = (detail: string): SandboxResponse => ({
  status: 400,
  body: { title: 'Bad Request', detail, origin: 'analytics-open-api', requestId: `sandbox-${Date.now().toString(16)}` } satisfies AnalyticsProblem,
  headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
});

function storeOf(req: SandboxRequest, state: SandboxState): SandboxStore | undefined {
  const token = header(req, 'Authorization')?.replace(/^Bearer\s+/i, '');
  return state.stores.find((s) => s.marketplace === 'WILDBERRIES' && s.apiKey === token);
}

const catalogOf = (state: SandboxState, store: SandboxStore) => state.offers(`WB:${seedOfKey(store.apiKey)}`, `WB${store.marketId}`);

/** goods-return answers at most 31 days: dateTo − dateFrom ≤ 30. */
const MAX_REPORT_DAYS = 31;
const DAY_MS = 86_400_000;

const stages = ['В пути в пвз', 'Готов к выдаче', 'Выдан продавцу'];

/**
 * Moscow time. The spec's examples show WB's reports without a zone ('2025-03-31T11:33:53', which the
 * adapter reads as Moscow time), but the schema says format date-time, which needs one: the sandbox
 * follows the schema and writes the offset.
 */
const moscowDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
const moscow = (ms: number) => `${new Date(ms + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;

/** The report's rows of one return: the current one, and for every 7th return its earlier status, archived. */
function reportRows(r: SandboxReturn): GoodsReturnRow[] {
  const at = r.at.getTime();
  const row = (stage: number, active: 0 | 1): GoodsReturnRow => ({
    barcode: r.offer?.barcodes[0] ?? `2040${String(r.id).slice(-9)}`,
    brand: r.offer?.brand ?? 'Медведь',
    completedDt: stage === 2 ? moscow(at + 2 * 3_600_000) : null,
    dstOfficeAddress: 'Москва, ул. Песочная, 1',
    dstOfficeId: 310105,
    expiredDt: null,
    isStatusActive: active,
    nmId: r.productId,
    orderDt: moscowDay(at),
    orderId: r.orderId,
    readyToReturnDt: stage >= 1 ? moscow(at + 3_600_000) : null,
    reason: r.n % 2 ? 'Брак' : 'Не подошёл размер',
    returnType: r.n % 2 ? 'Возврат брака' : 'Возврат покупателем',
    shkId: r.id,
    srid: `sb${r.id.toString(16)}${r.orderId.toString(16)}`,
    status: stages[stage],
    stickerId: String(r.orderId * 3),
    subjectName: r.name.split(' ')[0] ?? 'Товар',
    techSize: '0',
  });
  const rows = [row(r.stage, 1)];
  if (r.n % 7 === 0 && r.stage > 0) rows.unshift(row(r.stage - 1, 0));
  return rows;
}

/** WB's documented page size; larger limits are refused here (the real hard maximum is unconfirmed). */
const MAX_LIMIT = 100;

function toCard(o: SandboxOffer, url: string): Card {
  const nmID = o.productId;
  return {
    nmID,
    imtID: nmID + 7_000_000,
    nmUUID: `01900000-0000-7000-8000-${String(nmID).padStart(12, '0')}`,
    subjectID: 105,
    subjectName: o.name.split(' ')[0] ?? 'Товар',
    vendorCode: o.offerId,
    brand: o.brand,
    title: o.name,
    description: `${o.name}. Описание из песочницы.`,
    needKiz: false,
    photos: o.images.map((n) => {
      const link = `${url}/images/${n}.png`;
      return { big: link, c246x328: link, c516x688: link, square: link, tm: link };
    }),
    wholesale: { enabled: false, quantum: 0 },
    dimensions: { length: 20, width: 15, height: 5, weightBrutto: 0.35, isValid: true },
    characteristics: [{ id: 14177449, name: 'Цвет', value: [o.name.split(', ')[1] ?? 'белый'] }],
    sizes: [{ chrtID: nmID + 300_000_000, techSize: '0', wbSize: '', skus: o.barcodes }],
    tags: [],
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export const wildberriesSandbox: SandboxMarketplaceModule = {
  marketplace: 'WILDBERRIES',
  limited: (waitSeconds) => ({
    ...gateway(429, 'too many requests', 'Too Many Requests', 'limited by sandbox'),
    headers: { 'X-Ratelimit-Retry': String(waitSeconds), 'X-Ratelimit-Limit': '5', 'X-Ratelimit-Reset': String(waitSeconds) },
  }),
  routes: [
    {
      method: 'GET',
      pattern: /^\/api\/v1\/analytics\/goods-return$/,
      handle(req, state) {
        const store = storeOf(req, state);
        if (!store) return gateway(401, 'unauthorized', 'Unauthorized', 'token problem; token is malformed or unknown', 's2s-api-auth-analytics');
        const dateFrom = req.query.get('dateFrom');
        const dateTo = req.query.get('dateTo');
        if (!dateFrom) return analyticsProblem('dateFrom is required');
        if (!dateTo) return analyticsProblem('dateTo is required');
        const from = /^\d{4}-\d{2}-\d{2}$/.test(dateFrom) ? Date.parse(`${dateFrom}T00:00:00Z`) : NaN;
        const to = /^\d{4}-\d{2}-\d{2}$/.test(dateTo) ? Date.parse(`${dateTo}T00:00:00Z`) : NaN;
        if (Number.isNaN(from)) return analyticsProblem('incorrect dateFrom');
        if (Number.isNaN(to)) return analyticsProblem('incorrect dateTo');
        if (to < from) return analyticsProblem('dateFrom must not be later than dateTo');
        if ((to - from) / DAY_MS >= MAX_REPORT_DAYS) return analyticsProblem(`date range exceeded: at most ${MAX_REPORT_DAYS} days`);
        const offers = catalogOf(state, store);
        const report = state
          .returns(`WB:${seedOfKey(store.apiKey)}`, offers, `WB${store.marketId}`)
          .flatMap(reportRows)
          .filter((row) => row.orderDt! >= dateFrom && row.orderDt! <= dateTo);
        return { status: 200, body: { report } satisfies GoodsReturnResponse, headers: { 'X-Ratelimit-Remaining': '9' } };
      },
    },
    {
      method: 'POST',
      pattern: /^\/content\/v2\/get\/cards\/list$/,
      handle(req, state) {
        const store = storeOf(req, state);
        if (!store) return gateway(401, 'unauthorized', 'Unauthorized', 'token problem; token is malformed or unknown');

        const settings = (req.body as CardsListRequest | undefined)?.settings ?? {};
        const limit = settings.cursor?.limit ?? MAX_LIMIT;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return contentError(`limit must be between 1 and ${MAX_LIMIT}`);
        const ascending = settings.sort?.ascending ?? false;
        const withPhoto = settings.filter?.withPhoto;
        // textSearch: the seller's article, the WB article or a barcode.
        const text = settings.filter?.textSearch?.trim();
        const dir = ascending ? 1 : -1;
        const cards = catalogOf(state, store)
          .filter((o) => (withPhoto === 1 ? o.images.length > 0 : withPhoto === 0 ? o.images.length === 0 : true))
          .filter((o) => !text || o.offerId.includes(text) || String(o.productId) === text || o.barcodes.includes(text))
          .map((o) => toCard(o, state.url))
          .sort((a, b) => dir * ((a.updatedAt ?? '').localeCompare(b.updatedAt ?? '') || (a.nmID ?? 0) - (b.nmID ?? 0)));

        const { updatedAt, nmID } = settings.cursor ?? {};
        let from = 0;
        if (updatedAt !== undefined && nmID !== undefined) {
          // Everything strictly past the cursor in sort order, as the real cursor {updatedAt, nmID} works.
          from = cards.findIndex((c) => dir * ((c.updatedAt ?? '').localeCompare(updatedAt) || (c.nmID ?? 0) - nmID) > 0);
          if (from < 0) from = cards.length;
        }
        const page = cards.slice(from, from + limit);
        const last = page.at(-1);
        const response: CardsListResponse = {
          cards: page,
          cursor: { updatedAt: last?.updatedAt ?? updatedAt, nmID: last?.nmID ?? nmID, total: page.length },
        };
        return { status: 200, body: response, headers: { 'X-Ratelimit-Remaining': '4' } };
      },
    },
  ],
};
