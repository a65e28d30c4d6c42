import { labelPdf } from './labels.ts';
import { ozonOrderLimit } from './order-limits.ts';
import { authorise, ozonSandbox, postingsOf, rpc } from './ozon.ts';
import { isPacked, type SandboxPosting } from './postings.ts';
import { ozonRefusalCodes as codes } from './refusal-codes.ts';
import type { SandboxMarketplaceModule, SandboxResponse } from './types.ts';

/**
 * OZON assembly in the sandbox (Seller API, tag «Process»):
 * - POST /v4/posting/fbs/ship {posting_number, packages[{products[{product_id (the SKU), quantity}]}]}: only a
 *   posting awaiting_packaging, whose products the packages hold exactly (every SKU of the posting, its whole
 *   quantity, nothing else); moves it to awaiting_deliver and answers {result: [posting_number]}. The sandbox keeps
 *   one posting whatever the number of packages (the real one splits it into postings per package). Refusals are
 *   rpcStatus with code 9 and a message naming the reason: POSTING_ALREADY_SHIPPED (packed or further),
 *   POSTING_CANCELLED, INVALID_POSTING_STATUS (any other status), INVALID_PRODUCTS (3: the packages do not match).
 * - POST /v2/posting/fbs/package-label {posting_number: [≤ 20]}: a PDF (application/pdf), one 75×120 mm page per
 *   posting naming it; only postings packed and not cancelled, else 400 «The next postings aren't ready» for all.
 * Both count against the Client-Id's 50 requests a second, like every OZON method (order-limits.ts).
 */

interface ShipRequest {
  posting_number?: unknown;
  packages?: unknown;
}

/** The packages' SKU → units, or a reason they are malformed. */
function packedUnits(packages: unknown): Map<number, number> | string {
  if (!Array.isArray(packages) || packages.length === 0) return 'packages must be a non-empty array';
  const units = new Map<number, number>();
  for (const pkg of packages as Array<{ products?: unknown }>) {
    if (!Array.isArray(pkg?.products) || pkg.products.length === 0)
      return 'packages[].products must be a non-empty array';
    for (const p of pkg.products as Array<{ product_id?: unknown; quantity?: unknown }>) {
      const { product_id: sku, quantity } = p ?? {};
      if (!Number.isSafeInteger(sku) || !Number.isSafeInteger(quantity) || (quantity as number) < 1)
        return 'packages[].products[] need product_id and a quantity of at least 1';
      units.set(sku as number, (units.get(sku as number) ?? 0) + (quantity as number));
    }
  }
  return units;
}

function matches(posting: SandboxPosting, units: Map<number, number>): boolean {
  const wanted = new Map<number, number>();
  for (const i of posting.items) wanted.set(i.offer.sku, (wanted.get(i.offer.sku) ?? 0) + i.quantity);
  return wanted.size === units.size && [...wanted].every(([sku, n]) => units.get(sku) === n);
}

/** Why a posting cannot be shipped now, or undefined when it can. */
function shipRefusal(posting: SandboxPosting): SandboxResponse | undefined {
  if (posting.status === 'awaiting_packaging') return undefined;
  if (posting.status === 'cancelled') return rpc(400, codes.failedPrecondition, codes.postingCancelled);
  if (isPacked('OZON', posting.status)) return rpc(400, codes.failedPrecondition, codes.postingAlreadyShipped);
  return rpc(400, codes.failedPrecondition, codes.invalidPostingStatus);
}

export const ozonAssemblySandbox: SandboxMarketplaceModule = {
  marketplace: 'OZON',
  limited: ozonSandbox.limited,
  postingsOf: ozonSandbox.postingsOf,
  routes: [
    {
      method: 'POST',
      pattern: /^\/v4\/posting\/fbs\/ship$/,
      handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const limited = ozonOrderLimit(state, store.marketId);
        if (limited) return limited;
        const body = (req.body ?? {}) as ShipRequest;
        if (typeof body.posting_number !== 'string' || body.posting_number === '')
          return rpc(400, codes.invalidArgument, 'posting_number is required');
        const units = packedUnits(body.packages);
        if (typeof units === 'string') return rpc(400, codes.invalidArgument, units);
        const posting = postingsOf(state, store).find((p) => p.postingNumber === body.posting_number);
        if (!posting) return rpc(404, codes.notFoundRpc, 'posting not found');
        const refused = shipRefusal(posting);
        if (refused) return refused;
        if (!matches(posting, units)) return rpc(400, codes.invalidArgument, codes.productsMismatch);
        state.movePosting('OZON', posting.postingNumber, 'awaiting_deliver');
        return { status: 200, body: { result: [posting.postingNumber], additional_data: [] } };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/posting\/fbs\/package-label$/,
      async handle(req, state) {
        const store = authorise(req, state);
        if ('status' in store) return store;
        const limited = ozonOrderLimit(state, store.marketId);
        if (limited) return limited;
        const numbers = (req.body as { posting_number?: unknown } | undefined)?.posting_number;
        if (!Array.isArray(numbers) || numbers.length === 0 || numbers.some((n) => typeof n !== 'string' || n === ''))
          return rpc(400, codes.invalidArgument, 'posting_number must be a non-empty array of posting numbers');
        if (numbers.length > 20) return rpc(400, codes.invalidArgument, 'no more than 20 postings per request');
        const postings = postingsOf(state, store);
        const found = (numbers as string[]).map((n) => postings.find((p) => p.postingNumber === n));
        // One posting not ready fails them all, as the method's description says.
        if (found.some((p) => !p || p.status === 'cancelled' || !isPacked('OZON', p.status)))
          return rpc(400, codes.invalidArgument, codes.labelsNotReady);
        const pdf = await labelPdf(
          'OZON',
          (found as SandboxPosting[]).map((p) => ({
            code: p.postingNumber,
            lines: p.items.map((i) => `${i.offer.offerId} x ${i.quantity}`),
          })),
        );
        return {
          status: 200,
          body: pdf,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="labels.pdf"`,
          },
        };
      },
    },
  ],
};
