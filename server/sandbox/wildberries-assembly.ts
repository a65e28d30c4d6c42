import type { SandboxSupply } from './assembly-book.ts';
import { stickerPng, stickerSvg, stickerZpl } from './labels.ts';
import type { SandboxPosting } from './postings.ts';
import { wildberriesRefusalCodes as codes } from './refusal-codes.ts';
import { seedOfKey, type SandboxMarketplaceModule, type SandboxResponse, type SandboxState } from './types.ts';
import {
  admitMarketplace,
  marketplaceBucketOf,
  marketplaceError,
  postingsOf,
  remainingHeaders,
  wildberriesSandbox,
} from './wildberries.ts';

/**
 * Wildberries FBS supplies and stickers in the sandbox (03-orders-fbs.yaml, tag «Поставки FBS»):
 * - POST /api/v3/supplies {name (1–128)} → 201 {id: "WB-GI-…"};
 * - GET /api/v3/supplies/{supplyId} → the Supply (done, closedAt…); 404 NotFound for another seller's or none;
 * - PATCH /api/marketplace/v3/supplies/{supplyId}/orders {orders: [1–100 task ids]} → 204: each task must be the
 *   seller's and `new` or `confirm` and not cancelled by WB or the buyer, the supply open; `new` tasks become
 *   `confirm` (on assembly). Else 409 FailedToAddSupplyOrder, and nothing is added;
 * - PATCH /api/v3/supplies/{supplyId}/deliver → 204: closes the supply and moves its tasks still on assembly to
 *   `complete` (in delivery; tasks cancelled meanwhile leave the supply, as WB drops them). 409 SupplyHasZeroOrders
 *   when none is left. A supply already closed answers 204 again and changes nothing;
 * - POST /api/v3/orders/stickers?type=svg|zplv|zplh|png&width=58|40&height=40|30 {orders: [1–100]} →
 *   {stickers: [{orderId, partA, partB, barcode, file (base64)}]}, only for tasks in `confirm` or `complete`; others
 *   are left out of the answer.
 * All are the marketplace category's (300 a minute, burst 20 per token: wildberries.ts admitMarketplace); a 409
 * costs 10 requests, as the spec says.
 */

const ownerOf = (token: string) => seedOfKey(token);

/** A 409 of the marketplace API: the spec's code and message, charged as 10 requests (9 on top of the admitted one). */
function conflict(state: SandboxState, bucket: string, code: string, message: string): SandboxResponse {
  const { limits } = state.stocks;
  state.stocks.bucket(bucket, limits.wbPerMinute, limits.wbBurst, 9);
  return { status: 409, body: { code, message, data: null } };
}

const notFound = (): SandboxResponse => ({
  status: 404,
  body: { code: codes.notFound, message: 'Не найдено', data: null },
});

const ended = new Set(['canceled', 'canceled_by_client', 'declined_by_client', 'defect']);

/** Whether a task can go into a supply: the seller's new or on-assembly task, not cancelled. */
function addable(p: SandboxPosting | undefined): boolean {
  if (!p) return false;
  const [supplierStatus, wbStatus] = p.status.split('/') as [string, string];
  return (supplierStatus === 'new' || supplierStatus === 'confirm') && !ended.has(wbStatus);
}

const supplyView = (s: SandboxSupply) => ({
  id: s.id,
  done: s.closedAt !== undefined,
  createdAt: s.createdAt.toISOString().replace(/\.\d+Z$/, 'Z'),
  closedAt: s.closedAt?.toISOString().replace(/\.\d+Z$/, 'Z') ?? null,
  scanDt: null,
  name: s.name,
  cargoType: s.orders.length > 0 ? 1 : 0,
  destinationOfficeId: null,
});

const sticker = (id: number) => ({ partA: String(id).slice(0, -4) || '0', partB: String(id).slice(-4) });

export const wildberriesAssemblySandbox: SandboxMarketplaceModule = {
  marketplace: 'WILDBERRIES',
  limited: wildberriesSandbox.limited,
  postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/api\/v3\/supplies$/,
      handle(req, state) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
        const name = (req.body as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string' || name.length < 1 || name.length > 128)
          return marketplaceError('name: from 1 to 128 characters', codes.incorrectRequestBody);
        const supply = state.assembly.createSupply(ownerOf(store.apiKey), name);
        return { status: 201, body: { id: supply.id }, headers: remainingHeaders(state, store) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/v3\/supplies\/([^/]+)$/,
      handle(req, state, match) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
        const supply = state.assembly.supply(ownerOf(store.apiKey), decodeURIComponent(match[1]!));
        if (!supply) return notFound();
        return { status: 200, body: supplyView(supply), headers: remainingHeaders(state, store) };
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/api\/marketplace\/v3\/supplies\/([^/]+)\/orders$/,
      handle(req, state, match) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
        const ids = (req.body as { orders?: unknown } | undefined)?.orders;
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || !ids.every((id) => Number.isSafeInteger(id)))
          return marketplaceError('orders: from 1 to 100 task ids', codes.incorrectRequestBody);
        const supply = state.assembly.supply(ownerOf(store.apiKey), decodeURIComponent(match[1]!));
        if (!supply) return notFound();
        const byId = new Map(postingsOf(state, store).map((p) => [p.id, p]));
        const tasks = (ids as number[]).map((id) => byId.get(id));
        if (supply.closedAt || !tasks.every(addable))
          return conflict(
            state,
            marketplaceBucketOf(store),
            codes.failedToAddSupplyOrder,
            'Не удалось закрепить сборочное задание за поставкой. Убедитесь, что сборочное задание и поставка ' +
              'удовлетворяют всем необходимым требованиям.',
          );
        for (const task of tasks as SandboxPosting[]) {
          const [, wbStatus] = task.status.split('/') as [string, string];
          state.movePosting('WILDBERRIES', task.postingNumber, `confirm/${wbStatus}`);
          state.assembly.addToSupply(supply, task.id);
        }
        return { status: 204, body: undefined, headers: remainingHeaders(state, store) };
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/api\/v3\/supplies\/([^/]+)\/deliver$/,
      handle(req, state, match) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
        const supply = state.assembly.supply(ownerOf(store.apiKey), decodeURIComponent(match[1]!));
        if (!supply) return notFound();
        if (supply.closedAt) return { status: 204, body: undefined, headers: remainingHeaders(state, store) };
        const byId = new Map(postingsOf(state, store).map((p) => [p.id, p]));
        // Tasks cancelled since they were added have left the supply.
        supply.orders = supply.orders.filter((id) => addable(byId.get(id)));
        if (supply.orders.length === 0)
          return conflict(
            state,
            marketplaceBucketOf(store),
            codes.supplyHasZeroOrders,
            'Не удалось обработать поставку. Убедитесь, что за ней закреплён хотя бы одно сборочное задание.',
          );
        supply.closedAt = new Date();
        for (const id of supply.orders) {
          const task = byId.get(id)!;
          const [, wbStatus] = task.status.split('/') as [string, string];
          state.movePosting('WILDBERRIES', task.postingNumber, `complete/${wbStatus}`);
        }
        return { status: 204, body: undefined, headers: remainingHeaders(state, store) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v3\/orders\/stickers$/,
      async handle(req, state) {
        const store = admitMarketplace(req, state);
        if ('status' in store) return store;
        const type = req.query.get('type');
        const width = req.query.get('width');
        const height = req.query.get('height');
        if (
          !['svg', 'zplv', 'zplh', 'png'].includes(type ?? '') ||
          !['58', '40'].includes(width ?? '') ||
          !['40', '30'].includes(height ?? '')
        )
          return marketplaceError('type, width and height: type svg|zplv|zplh|png, width 58|40, height 40|30');
        const ids = (req.body as { orders?: unknown } | undefined)?.orders;
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || !ids.every((id) => Number.isSafeInteger(id)))
          return marketplaceError('orders: from 1 to 100 task ids', codes.incorrectRequestBody);
        const byId = new Map(postingsOf(state, store).map((p) => [p.id, p]));
        const stickers = [];
        for (const id of ids as number[]) {
          const task = byId.get(id);
          const supplierStatus = task?.status.split('/')[0];
          if (supplierStatus !== 'confirm' && supplierStatus !== 'complete') continue;
          const { partA, partB } = sticker(id);
          const barcode = `*${partA}${partB}`;
          const file =
            type === 'png'
              ? (await stickerPng(`${partA} ${partB}`)).toString('base64')
              : Buffer.from(
                  type === 'svg' ? stickerSvg(`${partA} ${partB}`) : stickerZpl(`${partA} ${partB}`, type === 'zplv'),
                ).toString('base64');
          stickers.push({ orderId: id, partA, partB, barcode, file });
        }
        return { status: 200, body: { stickers }, headers: remainingHeaders(state, store) };
      },
    },
  ],
};
