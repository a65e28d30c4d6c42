import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type SandboxOptions } from '../../../server/sandbox/server.ts';

/**
 * The sandbox marketplace as a process of its own, for tests whose app instances are processes too
 * (tests/server/helpers/instances.ts forks it with an IPC channel). SANDBOX_OPTIONS carries startSandbox's
 * options as JSON, so a test can shorten the limits' minute as the in-process tests do. The instances talk
 * to a thin front that can hold back chosen paths (a slow catalog makes a job that runs for seconds), and
 * the parent reads the sandbox's request log — every status it answered, its 429s included — over IPC.
 */

export type SandboxProcessCommand =
  | { op: 'requests' }
  | { op: 'slow'; pattern: string; ms: number }
  | { op: 'stocks'; marketplace: string; store?: string };

export type SandboxProcessRequest = SandboxProcessCommand & { id: number };

export interface SandboxProcessReply {
  id: number;
  result: unknown;
}

const options = JSON.parse(process.env.SANDBOX_OPTIONS ?? '{}') as SandboxOptions;
const sandbox = await startSandbox({ ...options, port: 0, host: '127.0.0.1' });
let slow: { pattern: RegExp; ms: number } | undefined;

const front = createServer((req, res) => {
  const path = req.url ?? '/';
  const delay = slow && slow.pattern.test(path) ? slow.ms : 0;
  const upstream = forward(`${sandbox.url}${path}`, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  // The request body waits in the socket meanwhile: the sandbox sees the request only after the delay.
  setTimeout(() => req.pipe(upstream), delay);
});
await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

process.on('message', (message: SandboxProcessRequest) => {
  let result: unknown;
  if (message.op === 'requests') result = sandbox.control.requests;
  else if (message.op === 'slow') slow = { pattern: new RegExp(message.pattern), ms: message.ms };
  else result = sandbox.stocks(message.marketplace as never, message.store);
  process.send?.({ id: message.id, result } satisfies SandboxProcessReply);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ id: 0, result: { url, stores: sandbox.stores } } satisfies SandboxProcessReply);
