import { createServer, request as forward, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * The smallest reverse proxy a deployment of several instances could have: each request, and each
 * WebSocket upgrade, goes to the next instance in turn — no sticky sessions, no affinity of any kind.
 * If a user's session works through it, nothing of the session lives in one instance's memory.
 */
export interface RoundRobinProxy {
  /** http://127.0.0.1:port */
  readonly url: string;
  /** How many requests (upgrades included) went to each target, in the order of `targets`. */
  readonly sent: number[];
  close(): Promise<void>;
}

/** `targets`: http://host:port of each instance. */
export async function startRoundRobinProxy(targets: readonly string[]): Promise<RoundRobinProxy> {
  const sent = targets.map(() => 0);
  let turn = 0;
  const pick = () => {
    const i = turn++ % targets.length;
    sent[i]! += 1;
    return new URL(targets[i]!);
  };
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const target = pick();
    const upstream = forward(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(upstream);
  });

  // An upgrade is passed through as bytes: the request head is written again, then both sides are piped.
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = pick();
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
