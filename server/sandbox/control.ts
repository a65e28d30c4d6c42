import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxPosting, SandboxPostingView } from './postings.ts';
import { viewOf } from './postings.ts';
import type { SandboxStocks } from './stocks.ts';
import type { SandboxMarketplace, SandboxResponse } from './types.ts';

/** The sandbox's HTTP plumbing and its test-only control endpoints under /__sandbox/ (postings.ts, stocks.ts). */

/** What the control endpoints reach of a running sandbox (server.ts). */
export interface ControlContext {
  /** Whether the sandbox serves this marketplace. */
  known(marketplace: SandboxMarketplace): boolean;
  stocks: SandboxStocks;
  allPostings(marketplace: SandboxMarketplace, storeId?: string): SandboxPosting[];
  setPostingStatus(marketplace: SandboxMarketplace, postingNumber: string, status: string): SandboxPostingView;
}

export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  return JSON.parse(text) as unknown;
}

export function send(res: ServerResponse, reply: SandboxResponse) {
  if (reply.status === 204) {
    res.writeHead(204, reply.headers);
    res.end();
    return;
  }
  res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', ...reply.headers });
  res.end(JSON.stringify(reply.body));
}

/** GET /__sandbox/stocks/{marketplace}[?store=], POST /__sandbox/stocks/{marketplace}/refuse {"offer_id"}; true when the request was one. */
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

/** The test-only control endpoints under /__sandbox/ (postings.ts); true when the request was one. */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: ControlContext,
): Promise<boolean> {
  const { known, allPostings, setPostingStatus } = context;
  if (await handleStockControl(req, res, url, context)) return true;
  const match = /^\/__sandbox\/postings\/([A-Za-z]+)(?:\/([^/]+))?$/.exec(url.pathname);
  if (!match) return false;
  const marketplace = match[1]!.toUpperCase() as SandboxMarketplace;
  if (!known(marketplace)) {
    send(res, { status: 404, body: { message: `sandbox: no marketplace ${match[1]}` } });
    return true;
  }
  if (req.method === 'GET' && match[2] === undefined) {
    send(res, {
      status: 200,
      body: { postings: allPostings(marketplace, url.searchParams.get('store') ?? undefined).map(viewOf) },
    });
    return true;
  }
  if (req.method === 'POST' && match[2] !== undefined) {
    let body: unknown;
    try {
      body = await readBody(req);
    } catch {
      send(res, { status: 400, body: { message: 'body is not JSON' } });
      return true;
    }
    const status = (body as { status?: unknown } | undefined)?.status;
    if (typeof status !== 'string') {
      send(res, { status: 400, body: { message: 'expected {"status": "…"}' } });
      return true;
    }
    try {
      send(res, { status: 200, body: setPostingStatus(marketplace, decodeURIComponent(match[2]), status) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      send(res, { status: /no .* posting/.test(message) ? 404 : 400, body: { message } });
    }
    return true;
  }
  send(res, {
    status: 405,
    body: {
      message:
        'sandbox: GET /__sandbox/postings/{marketplace} or POST /__sandbox/postings/{marketplace}/{postingNumber}',
    },
  });
  return true;
}
