import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, send } from './http.ts';
import type { SandboxOrderRequest } from './order-book.ts';
import { viewOf, type SandboxPosting, type SandboxPostingView } from './postings.ts';
import type { SandboxTrickleView } from './trickle.ts';
import type { SandboxMarketplace } from './types.ts';

/**
 * The test-only control endpoints of orders: list, create and move postings (postings.ts) and the
 * trickle of random orders (trickle.ts). They bypass injected failures and rate limits and are not
 * logged as marketplace requests.
 */

/** What the order control endpoints reach of a running sandbox (server.ts). */
export interface OrderControl {
  /** Whether the sandbox serves this marketplace. */
  known(marketplace: SandboxMarketplace): boolean;
  allPostings(marketplace: SandboxMarketplace, storeId?: string): SandboxPosting[];
  /** Throws RangeError for bad input (an unknown store or offer, a bad quantity or price). */
  createOrder(marketplace: SandboxMarketplace, order: SandboxOrderRequest): SandboxPostingView[];
  setPostingStatus(marketplace: SandboxMarketplace, postingNumber: string, status: string): SandboxPostingView;
  /** The marketplace forgets the posting (order-book.ts vanish); throws RangeError for an unknown one. */
  vanishPosting(marketplace: SandboxMarketplace, postingNumber: string): SandboxPostingView;
  /** Throws RangeError for bad settings. */
  setTrickle(settings: unknown): SandboxTrickleView;
  trickle(): SandboxTrickleView;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The JSON body, or undefined after answering 400 for one that is not JSON. */
async function jsonBody(req: IncomingMessage, res: ServerResponse): Promise<{ body: unknown } | undefined> {
  try {
    return { body: await readBody(req) };
  } catch {
    send(res, { status: 400, body: { message: 'body is not JSON' } });
    return undefined;
  }
}

const CREATE_SHAPE = 'expected {"offer_id": "…", "quantity": 1, "price": 100[, "store": "…"]}';

/** The body of POST /__sandbox/postings/{marketplace} as an order, or the message of a 400. */
function orderOf(body: unknown): SandboxOrderRequest | string {
  if (typeof body !== 'object' || body === null) return CREATE_SHAPE;
  const { offer_id: offerId, quantity, price, store } = body as Record<string, unknown>;
  if (typeof offerId !== 'string' || offerId === '') return `offer_id: a string is required; ${CREATE_SHAPE}`;
  if (typeof quantity !== 'number') return `quantity: a whole number of at least 1 is required; ${CREATE_SHAPE}`;
  if (typeof price !== 'number') return `price: a number above 0 is required; ${CREATE_SHAPE}`;
  if (store !== undefined && typeof store !== 'string' && typeof store !== 'number')
    return 'store: the store id as GET /__sandbox/postings/{marketplace}?store= takes it';
  return { offerId, quantity, price, ...(store === undefined ? {} : { store: String(store) }) };
}

/**
 * GET /__sandbox/postings/{marketplace}[?store=], POST /__sandbox/postings/{marketplace} (create),
 * POST /__sandbox/postings/{marketplace}/{postingNumber} (move), POST …/{postingNumber}/vanish (forget); true when
 * the request was one.
 */
export async function handlePostingControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  control: OrderControl,
): Promise<boolean> {
  const match = /^\/__sandbox\/postings\/([A-Za-z]+)(?:\/([^/]+)(\/vanish)?)?$/.exec(url.pathname);
  if (!match) return false;
  const marketplace = match[1]!.toUpperCase() as SandboxMarketplace;
  const creating = req.method === 'POST' && match[2] === undefined;
  if (!control.known(marketplace)) {
    send(res, { status: creating ? 400 : 404, body: { message: `sandbox: no marketplace ${match[1]}` } });
    return true;
  }
  if (req.method === 'GET' && match[2] === undefined) {
    const storeId = url.searchParams.get('store') ?? undefined;
    send(res, { status: 200, body: { postings: control.allPostings(marketplace, storeId).map(viewOf) } });
    return true;
  }
  if (creating) {
    const parsed = await jsonBody(req, res);
    if (!parsed) return true;
    const order = orderOf(parsed.body);
    if (typeof order === 'string') send(res, { status: 400, body: { message: `sandbox: ${order}` } });
    else
      try {
        send(res, { status: 201, body: { postings: control.createOrder(marketplace, order) } });
      } catch (error) {
        send(res, { status: 400, body: { message: messageOf(error) } });
      }
    return true;
  }
  if (req.method === 'POST' && match[3]) {
    try {
      send(res, { status: 200, body: control.vanishPosting(marketplace, decodeURIComponent(match[2]!)) });
    } catch (error) {
      send(res, { status: 404, body: { message: messageOf(error) } });
    }
    return true;
  }
  if (req.method === 'POST') {
    const parsed = await jsonBody(req, res);
    if (!parsed) return true;
    const status = (parsed.body as { status?: unknown } | undefined)?.status;
    if (typeof status !== 'string') {
      send(res, { status: 400, body: { message: 'expected {"status": "…"}' } });
      return true;
    }
    try {
      send(res, { status: 200, body: control.setPostingStatus(marketplace, decodeURIComponent(match[2]!), status) });
    } catch (error) {
      const message = messageOf(error);
      send(res, { status: /no .* posting/.test(message) ? 404 : 400, body: { message } });
    }
    return true;
  }
  send(res, {
    status: 405,
    body: {
      message:
        'sandbox: GET /__sandbox/postings/{marketplace}, POST /__sandbox/postings/{marketplace}, POST /__sandbox/postings/{marketplace}/{postingNumber} or POST /__sandbox/postings/{marketplace}/{postingNumber}/vanish',
    },
  });
  return true;
}

/** GET and POST /__sandbox/trickle (trickle.ts); true when the request was one. */
export async function handleTrickleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  control: OrderControl,
): Promise<boolean> {
  if (url.pathname !== '/__sandbox/trickle') return false;
  if (req.method === 'GET') send(res, { status: 200, body: control.trickle() });
  else if (req.method === 'POST') {
    const parsed = await jsonBody(req, res);
    if (!parsed) return true;
    try {
      send(res, { status: 200, body: control.setTrickle(parsed.body) });
    } catch (error) {
      send(res, { status: 400, body: { message: messageOf(error) } });
    }
  } else send(res, { status: 405, body: { message: 'sandbox: GET or POST /__sandbox/trickle' } });
  return true;
}
