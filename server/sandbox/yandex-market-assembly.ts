import { labelPdf } from './labels.ts';
import { ymOrderLimit } from './order-limits.ts';
import type { SandboxPosting } from './postings.ts';
import { yandexMarketRefusalCodes as codes } from './refusal-codes.ts';
import type { SandboxMarketplaceModule, SandboxRequest, SandboxResponse, SandboxState, SandboxStore } from './types.ts';
import { authorise, campaignIdOf, error, postingsOf, yandexMarketSandbox } from './yandex-market.ts';
import { campaignOrder } from './yandex-market-campaign-orders.ts';

/**
 * Yandex Market FBS assembly in the sandbox (Partner API, per campaign, 10,000 requests an hour per resource:
 * order-limits.ts):
 * - GET /v2/campaigns/{campaignId}/orders/{orderId} (getOrder, resource 28) → {order: OrderDTO};
 * - PUT /v2/campaigns/{campaignId}/orders/{orderId}/boxes (setOrderBoxLayout, 206) {boxes: [{items: [{id,
 *   fullCount}]}]}: only while PROCESSING/STARTED (repeatable until then, each time new box ids); every item of the
 *   order in whole units, its full count across the boxes (no removal: allowRemove is refused). Answers
 *   {status: OK, result: {boxes: [{boxId, items}]}}. A later status: 400 ORDER_MODIFICATION_NOT_ALLOWED; an unknown
 *   item or count: 400 ITEM_NOT_FOUND / BAD_REQUEST;
 * - PUT /v2/campaigns/{campaignId}/orders/{orderId}/status (updateOrderStatus, 30) {order: {status, substatus}}:
 *   PROCESSING/STARTED → PROCESSING/READY_TO_SHIP (boxes must be laid out first), or either of them →
 *   CANCELLED/SHOP_FAILED; anything else 400 STATUS_NOT_ALLOWED. Answers {order: OrderDTO};
 * - GET /v2/campaigns/{campaignId}/orders/{orderId}/delivery/labels?format=A9_HORIZONTALLY|A9|A7|A4
 *   (generateOrderLabels, 119): a PDF with a page per box; 400 INVALID_ORDER_STATUS before boxes are laid out or
 *   once the order is cancelled.
 * An unknown order is 404 NOT_FOUND; a campaign the key does not reach, 403 FORBIDDEN.
 */

type Found = { store: SandboxStore; campaignId: number; order: SandboxPosting; headers: Record<string, string> };

/** Auth, the campaign, the resource's limit and the order: what every call here starts with. */
function orderOf(
  req: SandboxRequest,
  state: SandboxState,
  match: RegExpMatchArray,
  resource: 28 | 206 | 30 | 119,
): Found | SandboxResponse {
  const stores = authorise(req, state);
  if ('status' in stores) return stores;
  const campaignId = Number(match[1]);
  const store = stores.find((s) => campaignIdOf(s) === campaignId);
  if (!store) return error(403, codes.forbidden, `Access denied to campaign ${campaignId}`);
  const { refused, headers } = ymOrderLimit(state, resource, campaignId);
  if (refused) return refused;
  const order = postingsOf(state, store).find((p) => p.postingNumber === match[2]);
  if (!order) return error(404, codes.notFound, `Order ${match[2]} not found`, headers);
  return { store, campaignId, order, headers };
}

const itemId = (order: SandboxPosting, k: number) => order.id * 10 + k + 1;

/** The layout's boxes, or the 400 a malformed or mismatched one gets. */
function layoutOf(
  body: unknown,
  order: SandboxPosting,
): Array<Array<{ id: number; fullCount: number }>> | SandboxResponse {
  const { boxes, allowRemove } = (body ?? {}) as { boxes?: unknown; allowRemove?: unknown };
  if (allowRemove === true) return error(400, codes.badRequest, 'allowRemove is not supported by the sandbox');
  if (!Array.isArray(boxes) || boxes.length === 0) return error(400, codes.badRequest, 'boxes: at least one box');
  const counts = new Map(order.items.map((i, k) => [itemId(order, k), i.quantity]));
  const placed = new Map<number, number>();
  const layout: Array<Array<{ id: number; fullCount: number }>> = [];
  for (const box of boxes as Array<{ items?: unknown }>) {
    if (!Array.isArray(box?.items) || box.items.length === 0)
      return error(400, codes.badRequest, 'boxes[].items: at least one item');
    const items: Array<{ id: number; fullCount: number }> = [];
    for (const item of box.items as Array<{ id?: unknown; fullCount?: unknown }>) {
      const { id, fullCount } = item ?? {};
      if (!Number.isSafeInteger(id) || !Number.isSafeInteger(fullCount) || (fullCount as number) < 1)
        return error(400, codes.badRequest, 'boxes[].items[]: id and fullCount (at least 1) are required');
      if (!counts.has(id as number)) return error(400, codes.itemNotFound, `Item ${String(id)} is not in the order`);
      placed.set(id as number, (placed.get(id as number) ?? 0) + (fullCount as number));
      items.push({ id: id as number, fullCount: fullCount as number });
    }
    layout.push(items);
  }
  for (const [id, count] of counts)
    if (placed.get(id) !== count)
      return error(400, codes.badRequest, `Item ${id}: ${count} units must be laid out, got ${placed.get(id) ?? 0}`);
  return layout;
}

export const yandexMarketAssemblySandbox: SandboxMarketplaceModule = {
  marketplace: 'YM',
  limited: yandexMarketSandbox.limited,
  postingsOf: yandexMarketSandbox.postingsOf,
  routes: [
    {
      method: 'GET',
      pattern: /^\/v2\/campaigns\/(\d+)\/orders\/(\d+)$/,
      handle(req, state, match) {
        const found = orderOf(req, state, match, 28);
        if ('status' in found) return found;
        return { status: 200, body: { order: campaignOrder(found.order) }, headers: found.headers };
      },
    },
    {
      method: 'PUT',
      pattern: /^\/v2\/campaigns\/(\d+)\/orders\/(\d+)\/boxes$/,
      handle(req, state, match) {
        const found = orderOf(req, state, match, 206);
        if ('status' in found) return found;
        const { order, campaignId, headers } = found;
        if (order.status !== 'PROCESSING/STARTED')
          return error(
            400,
            codes.orderModificationNotAllowed,
            `Order ${order.id} is in status ${order.status}`,
            headers,
          );
        const layout = layoutOf(req.body, order);
        if ('status' in layout) return { ...layout, headers };
        const boxes = state.assembly.setBoxes(campaignId, order.id, layout);
        return { status: 200, body: { status: 'OK', result: { boxes } }, headers };
      },
    },
    {
      method: 'PUT',
      pattern: /^\/v2\/campaigns\/(\d+)\/orders\/(\d+)\/status$/,
      handle(req, state, match) {
        const found = orderOf(req, state, match, 30);
        if ('status' in found) return found;
        const { order, campaignId, headers } = found;
        const wanted = (req.body as { order?: { status?: unknown; substatus?: unknown } } | undefined)?.order;
        if (typeof wanted?.status !== 'string' || typeof wanted.substatus !== 'string')
          return error(400, codes.badRequest, 'order.status and order.substatus are required', headers);
        const to = `${wanted.status}/${wanted.substatus}`;
        const allowed =
          (order.status === 'PROCESSING/STARTED' && to === 'PROCESSING/READY_TO_SHIP') ||
          ((order.status === 'PROCESSING/STARTED' || order.status === 'PROCESSING/READY_TO_SHIP') &&
            to === 'CANCELLED/SHOP_FAILED');
        if (!allowed)
          return error(400, codes.statusNotAllowed, `Status change ${order.status} → ${to} is not allowed`, headers);
        if (to === 'PROCESSING/READY_TO_SHIP' && !state.assembly.boxes(campaignId, order.id))
          return error(400, codes.statusNotAllowed, 'Boxes of the order are not laid out', headers);
        state.movePosting('YM', order.postingNumber, to);
        return { status: 200, body: { order: campaignOrder(order) }, headers };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/campaigns\/(\d+)\/orders\/(\d+)\/delivery\/labels$/,
      async handle(req, state, match) {
        const found = orderOf(req, state, match, 119);
        if ('status' in found) return found;
        const { order, campaignId, headers } = found;
        const format = req.query.get('format') ?? 'A7';
        if (!['A9_HORIZONTALLY', 'A9', 'A7', 'A4'].includes(format))
          return error(400, codes.badRequest, 'format: A9_HORIZONTALLY, A9, A7 or A4', headers);
        const boxes = state.assembly.boxes(campaignId, order.id);
        if (!boxes || order.status.startsWith('CANCELLED/'))
          return error(400, codes.invalidOrderStatus, `Order ${order.id} has no boxes to label`, headers);
        const size =
          format === 'A9_HORIZONTALLY'
            ? { width: 58, height: 40 }
            : format === 'A9'
              ? { width: 40, height: 58 }
              : format === 'A4'
                ? { width: 210, height: 297 }
                : { width: 75, height: 120 };
        const pdf = await labelPdf(
          'Yandex Market',
          boxes.map((b, k) => ({
            code: String(order.id),
            lines: [`Box ${k + 1}/${boxes.length} #${b.boxId}`, ...b.items.map((i) => `item ${i.id} x ${i.fullCount}`)],
          })),
          size,
        );
        return { status: 200, body: pdf, headers: { ...headers, 'Content-Type': 'application/pdf' } };
      },
    },
  ],
};
