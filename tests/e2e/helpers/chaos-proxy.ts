import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { ApiCall, FaultDecision, FaultPlan } from './fault-plan.ts';

/** What decides each call's fault: the chaos run's FaultPlan, or a plan that lets everything pass. */
export type FaultDecider = Pick<FaultPlan, 'decide' | 'count'>;

/**
 * A slow link emulated on loopback: every request waits `requestMs` before it goes on to the
 * server and every answer `answerMs` before it goes back (a round trip costs their sum), and so
 * does every chunk of a live channel, each way. Zero for both: the plain loopback.
 */
export interface LinkLatency {
  requestMs: number;
  answerMs: number;
  /**
   * The link's bandwidth, each way, shared by every call at once as one Wi-Fi link is: a body
   * takes its size over this rate to cross, after the bodies sent before it. Unset: unlimited.
   */
  bytesPerSecond?: number;
}

/** Pieces an answer is sent in over a limited link, so the browser reads it as it arrives. */
const SHAPED_CHUNK = 16 * 1024;
/** About what a status line and headers take on the wire. */
const HEADER_BYTES = 300;

interface UpstreamAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

const readAll = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

/** Milliseconds a `Bearer <jwt>` has left, from its `exp` claim (seconds); null when unreadable. */
function tokenMsLeft(authorization: string | undefined): number | null {
  const payload = authorization?.match(/^Bearer\s+[^.]+\.([^.]+)\./i)?.[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp?: number };
    return typeof exp === 'number' ? exp * 1000 - Date.now() : null;
  } catch {
    return null;
  }
}

// Hop-by-hop headers belong to one connection; bodies are re-sent whole with their own length.
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

/**
 * A loopback proxy in front of the real server: the browser loads the app, calls the API and
 * opens the live channel through it, and the FaultPlan decides what each API call meets. With a
 * LinkLatency it is also a slow link (the client benchmark's 100 ms round trips).
 *
 * Every answer goes out with `Connection: close`. Chromium silently resends a request whose
 * reused keep-alive socket closed before any answer byte; with one request per connection a
 * destroyed socket reaches the app as the network error a real lost answer is.
 */
export class ChaosProxy {
  private server?: http.Server;
  private readonly liveSockets = new Set<{ client: Socket; upstream: Socket }>();
  private readonly held = new Set<NodeJS.Timeout>();
  /** When the shaped link is free again, each way (ms, Date.now() clock). */
  private readonly freeAt = { up: 0, down: 0 };
  /** Bytes of answer bodies sent to the browser (as they went on the wire: compressed if the server compressed). */
  answerBytes = 0;
  /** Calls that met a fault, in order, for the summary and for replaying a failure by hand. */
  readonly log: Array<{ at: number; method: string; path: string; fault: FaultDecision['kind'] }> = [];

  constructor(
    private readonly upstreamUrl: string,
    private readonly plan: FaultDecider,
    private readonly latency: LinkLatency = { requestMs: 0, answerMs: 0 },
  ) {}

  async start(): Promise<string> {
    const server = http.createServer((req, res) => void this.handle(req, res).catch(() => req.socket.destroy()));
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => this.upgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** Open live channels (WebSockets piped through). */
  get liveChannelCount(): number {
    return this.liveSockets.size;
  }

  /** Cuts every open live channel, as a flaky network would; the app is expected to reconnect. */
  dropLiveChannels(): number {
    const dropped = this.liveSockets.size;
    for (const pair of this.liveSockets) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.liveSockets.clear();
    for (let i = 0; i < dropped; i++) this.plan.count('dropLiveChannel');
    return dropped;
  }

  async stop(): Promise<void> {
    for (const timer of this.held) clearTimeout(timer);
    for (const pair of this.liveSockets) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.liveSockets.clear();
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    const call: ApiCall = { method: req.method ?? 'GET', path, tokenMsLeft: tokenMsLeft(req.headers.authorization) };
    const decision = this.plan.decide(call);
    const body = await readAll(req);
    if (this.latency.requestMs > 0) await this.hold(this.latency.requestMs);
    await this.cross('up', body.length + HEADER_BYTES);
    if (decision.kind !== 'pass') this.log.push({ at: Date.now(), method: call.method, path, fault: decision.kind });

    switch (decision.kind) {
      case 'dropRequest':
        this.plan.count('dropRequest');
        return void req.socket.destroy();
      case 'unavailable':
        this.plan.count('unavailable');
        return this.answer(res, {
          status: 503,
          headers: { 'content-type': 'application/problem+json' },
          body: Buffer.from(
            JSON.stringify({
              type: 'about:blank',
              status: 503,
              code: 'unavailable',
              title: 'Service Unavailable',
              detail: 'Сервер временно недоступен',
            }),
          ),
        });
      case 'expireMidPush': {
        const wait = (call.tokenMsLeft ?? 0) - decision.leadMs;
        await this.hold(wait);
        this.plan.count('expireMidPush');
        return this.answer(res, await this.forward(req, body));
      }
      case 'dropAnswer':
      case 'dropRefreshAnswer': {
        // The whole answer is in: the server has committed whatever the call did.
        await this.forward(req, body);
        this.plan.count(decision.kind);
        return void req.socket.destroy();
      }
      case 'delayAnswer': {
        const answer = await this.forward(req, body);
        await this.hold(decision.ms);
        this.plan.count('delayAnswer');
        return this.answer(res, answer);
      }
      case 'pass':
        return this.answer(res, await this.forward(req, body));
    }
  }

  private hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.held.delete(timer);
          resolve();
        },
        Math.max(0, ms),
      );
      this.held.add(timer);
    });
  }

  private forward(req: IncomingMessage, body: Buffer): Promise<UpstreamAnswer> {
    const upstream = new URL(this.upstreamUrl);
    const headers = { ...endToEnd(req.headers), 'content-length': String(body.length) };
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false },
        (response) => {
          readAll(response).then(
            (answer) =>
              resolve({ status: response.statusCode ?? 502, headers: endToEnd(response.headers), body: answer }),
            reject,
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  private async answer(res: ServerResponse, { status, headers, body }: UpstreamAnswer): Promise<void> {
    if (this.latency.answerMs > 0) await this.hold(this.latency.answerMs);
    // The tab may have gone (closed or crashed) while the answer was held.
    if (res.destroyed || res.socket?.destroyed) return;
    this.answerBytes += body.length;
    res.writeHead(status, { ...headers, 'content-length': String(body.length), connection: 'close' });
    if (!this.latency.bytesPerSecond) return void res.end(body);
    await this.cross('down', HEADER_BYTES);
    for (let at = 0; at < body.length; at += SHAPED_CHUNK) {
      const chunk = body.subarray(at, at + SHAPED_CHUNK);
      await this.cross('down', chunk.length);
      if (res.destroyed || res.socket?.destroyed) return;
      res.write(chunk);
    }
    res.end();
  }

  /** Waits until `bytes` have crossed the shaped link `way`, after what is already crossing it. */
  private async cross(way: 'up' | 'down', bytes: number): Promise<void> {
    const rate = this.latency.bytesPerSecond;
    if (!rate) return;
    const start = Math.max(Date.now(), this.freeAt[way]);
    this.freeAt[way] = start + (bytes * 1000) / rate;
    await this.hold(this.freeAt[way] - Date.now());
  }

  /** Pipes a WebSocket upgrade (the live channel /user/{id}/) through a raw TCP connection. */
  private upgrade(req: IncomingMessage, client: Socket, head: Buffer): void {
    const target = new URL(this.upstreamUrl);
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair = { client, upstream };
    const close = () => {
      this.liveSockets.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    upstream.on('connect', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      this.later(this.latency.requestMs, () => {
        upstream.write(lines.join('\r\n') + '\r\n\r\n');
        if (head.length) upstream.write(head);
      });
      this.relay(upstream, client, this.latency.answerMs);
      this.relay(client, upstream, this.latency.requestMs);
      this.liveSockets.add(pair);
    });
    upstream.on('error', close);
    client.on('error', close);
    upstream.on('close', close);
    client.on('close', close);
  }

  /** One direction of a live channel; with latency, each chunk is held, in order, before it goes on. */
  private relay(from: Socket, to: Socket, ms: number): void {
    if (ms <= 0) return void from.pipe(to);
    from.on('data', (chunk: Buffer) => this.later(ms, () => !to.destroyed && to.write(chunk)));
  }

  /** Runs `fn` after `ms` (at once for 0); timers of equal length fire in the order they were set. */
  private later(ms: number, fn: () => void): void {
    if (ms <= 0) return fn();
    const timer = setTimeout(() => {
      this.held.delete(timer);
      fn();
    }, ms);
    this.held.add(timer);
  }
}
