import type { IncomingMessage, ServerResponse } from 'node:http';
import { handlePostingControl, handleTrickleControl, type OrderControl } from './control-orders.ts';
import { handleReturnControl, type ReturnControl } from './control-returns.ts';
import { readBody, send } from './http.ts';
import type { SandboxStocks } from './stocks.ts';
import type { SandboxMarketplace } from './types.ts';

/**
 * The sandbox's test-only control endpoints under /__sandbox/: stocks here, orders in control-orders.ts,
 * returns of orders in control-returns.ts.
 */

/** What the control endpoints reach of a running sandbox (server.ts). */
export interface ControlContext extends OrderControl, ReturnControl {
  stocks: SandboxStocks;
}

/**
 * GET /__sandbox/stocks/{marketplace}[?store=], POST /__sandbox/stocks/{marketplace}/refuse {"offer_id"}; true when the
 * request was one.
 */
async function handleStockControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  { known, stocks }: ControlContext,
): Promise<boolean> {
  const match = /^\/__sandbox\/stocks\/([A-Za-z]+)(\/refuse)?$/.exec(url.pathname);
  if (!match) return false;
  const marketplace = match[1]!.toUpperCase() as SandboxMarketplace;
  if (!known(marketplace)) send(res, { status: 404, body: { message: `sandbox: no marketplace ${match[1]}` } });
  else if (req.method === 'GET' && !match[2])
    send(res, { status: 200, body: { stocks: stocks.list(marketplace, url.searchParams.get('store') ?? undefined) } });
  else if (req.method === 'POST' && match[2]) {
    const offerId = ((await readBody(req).catch(() => undefined)) as { offer_id?: unknown } | undefined)?.offer_id;
    if (typeof offerId !== 'string') send(res, { status: 400, body: { message: 'expected {"offer_id": "…"}' } });
    else {
      stocks.refuse(marketplace, offerId);
      send(res, { status: 200, body: { refused: offerId } });
    }
  } else
    send(res, {
      status: 405,
      body: { message: 'sandbox: GET /__sandbox/stocks/{marketplace} or POST /__sandbox/stocks/{marketplace}/refuse' },
    });
  return true;
}

/** GET /__sandbox/limits: the requests each limit refused for rate (stocks.ts rateRefusals); true when it was one. */
function handleLimitsControl(req: IncomingMessage, res: ServerResponse, url: URL, { stocks }: ControlContext): boolean {
  if (url.pathname !== '/__sandbox/limits') return false;
  if (req.method === 'GET') send(res, { status: 200, body: { refused: stocks.rateRefusals() } });
  else send(res, { status: 405, body: { message: 'sandbox: GET /__sandbox/limits' } });
  return true;
}

/** The test-only control endpoints under /__sandbox/ (stocks, limits, postings, trickle, returns); true when one. */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: ControlContext,
): Promise<boolean> {
  if (!url.pathname.startsWith('/__sandbox/')) return false;
  return (
    (await handleStockControl(req, res, url, context)) ||
    handleLimitsControl(req, res, url, context) ||
    (await handlePostingControl(req, res, url, context)) ||
    (await handleTrickleControl(req, res, url, context)) ||
    (await handleReturnControl(req, res, url, context))
  );
}
