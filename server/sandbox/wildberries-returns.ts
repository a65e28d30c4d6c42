import type { GoodsReturnResponse, GoodsReturnRow } from '../marketplaces/wildberries/wire.ts';
import { notAfter, type SandboxReturn } from './data.ts';
import { seedOfKey, type SandboxMarketplaceModule } from './types.ts';
import { wildberriesRefusalCodes as codes } from './refusal-codes.ts';
import { analyticsProblem, catalogOf, gateway, storeOf, wildberriesSandbox } from './wildberries.ts';

/**
 * Wildberries' returns report in the sandbox: GET /api/v1/analytics/goods-return (the analytics
 * category), at most 31 days a request, filtered by order day.
 */

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
    completedDt: stage === 2 ? moscow(notAfter(at + 2 * 3_600_000)) : null,
    dstOfficeAddress: 'Москва, ул. Песочная, 1',
    dstOfficeId: 310105,
    expiredDt: null,
    isStatusActive: active,
    nmId: r.productId,
    orderDt: moscowDay(at),
    orderId: r.orderId,
    readyToReturnDt: stage >= 1 ? moscow(notAfter(at + 3_600_000)) : null,
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

export const wildberriesReturnSandbox: SandboxMarketplaceModule = {
  marketplace: 'WILDBERRIES',
  limited: wildberriesSandbox.limited,
  postingsOf: wildberriesSandbox.postingsOf,
  routes: [
    {
      method: 'GET',
      pattern: /^\/api\/v1\/analytics\/goods-return$/,
      handle(req, state) {
        const store = storeOf(req, state);
        if (!store)
          return gateway(
            401,
            codes.unauthorized,
            'Unauthorized',
            'token problem; token is malformed or unknown',
            's2s-api-auth-analytics',
          );
        const dateFrom = req.query.get('dateFrom');
        const dateTo = req.query.get('dateTo');
        if (!dateFrom) return analyticsProblem('dateFrom is required');
        if (!dateTo) return analyticsProblem('dateTo is required');
        const from = /^\d{4}-\d{2}-\d{2}$/.test(dateFrom) ? Date.parse(`${dateFrom}T00:00:00Z`) : NaN;
        const to = /^\d{4}-\d{2}-\d{2}$/.test(dateTo) ? Date.parse(`${dateTo}T00:00:00Z`) : NaN;
        if (Number.isNaN(from)) return analyticsProblem('incorrect dateFrom');
        if (Number.isNaN(to)) return analyticsProblem('incorrect dateTo');
        if (to < from) return analyticsProblem('dateFrom must not be later than dateTo');
        if ((to - from) / DAY_MS >= MAX_REPORT_DAYS)
          return analyticsProblem(`date range exceeded: at most ${MAX_REPORT_DAYS} days`);
        const offers = catalogOf(state, store);
        const report = [
          ...state.returns(`WB:${seedOfKey(store.apiKey)}`, offers, `WB${store.marketId}`),
          ...state.postingReturns('WILDBERRIES', store.marketId),
        ]
          .flatMap(reportRows)
          .filter((row) => row.orderDt! >= dateFrom && row.orderDt! <= dateTo);
        return {
          status: 200,
          body: { report } satisfies GoodsReturnResponse,
          headers: { 'X-Ratelimit-Remaining': '9' },
        };
      },
    },
  ],
};
