import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, send } from './http.ts';
import type { SandboxReturnRequest, SandboxReturnView } from './posting-returns.ts';
import type { SandboxMarketplace } from './types.ts';

/**
 * The test-only control endpoint of returns: POST /__sandbox/returns/{marketplace} makes the buyer return a
 * line of a handed-over order (posting-returns.ts). Like the other controls it bypasses injected failures
 * and rate limits and is not logged as a marketplace request.
 */

/** What the return control endpoint reaches of a running sandbox (server.ts). */
export interface ReturnControl {
  known(marketplace: SandboxMarketplace): boolean;
  /** Throws RangeError for bad input (posting-returns.ts). */
  createReturn(marketplace: SandboxMarketplace, request: SandboxReturnRequest): SandboxReturnView;
}

const SHAPE = 'expected {"posting_number": "…"[, "offer_id": "…", "quantity": 1]}';

/** The body as a return request, or the message of a 400. */
function requestOf(body: unknown): SandboxReturnRequest | string {
  if (typeof body !== 'object' || body === null) return SHAPE;
  const { posting_number: postingNumber, offer_id: offerId, quantity } = body as Record<string, unknown>;
  if (typeof postingNumber !== 'string' || postingNumber === '')
    return `posting_number: a string is required; ${SHAPE}`;
  if (offerId !== undefined && typeof offerId !== 'string') return `offer_id: a string; ${SHAPE}`;
  if (quantity !== undefined && typeof quantity !== 'number') return `quantity: a whole number; ${SHAPE}`;
  return {
    postingNumber,
    ...(offerId === undefined ? {} : { offerId }),
    ...(quantity === undefined ? {} : { quantity }),
  };
}

/** POST /__sandbox/returns/{marketplace}; true when the request was one. */
export async function handleReturnControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  control: ReturnControl,
): Promise<boolean> {
  const match = /^\/__sandbox\/returns\/([A-Za-z]+)$/.exec(url.pathname);
  if (!match) return false;
  if (req.method !== 'POST') {
    send(res, { status: 405, body: { message: 'sandbox: POST /__sandbox/returns/{marketplace}' } });
    return true;
  }
  const marketplace = match[1]!.toUpperCase() as SandboxMarketplace;
  if (!control.known(marketplace)) {
    send(res, { status: 400, body: { message: `sandbox: no marketplace ${match[1]}` } });
    return true;
  }
  let body: unknown;
  try {
    body = await readBody(req);
  } catch {
    send(res, { status: 400, body: { message: 'body is not JSON' } });
    return true;
  }
  const request = requestOf(body);
  if (typeof request === 'string') send(res, { status: 400, body: { message: `sandbox: ${request}` } });
  else
    try {
      send(res, { status: 201, body: control.createReturn(marketplace, request) });
    } catch (error) {
      send(res, { status: 400, body: { message: error instanceof Error ? error.message : String(error) } });
    }
  return true;
}
