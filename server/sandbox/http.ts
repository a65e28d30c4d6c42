import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxResponse } from './types.ts';

/** The sandbox's HTTP plumbing: a request's JSON body in, a SandboxResponse out. */

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
  if (reply.body instanceof Uint8Array) {
    res.writeHead(reply.status, { 'Content-Type': 'application/octet-stream', ...reply.headers });
    res.end(reply.body);
    return;
  }
  res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', ...reply.headers });
  res.end(JSON.stringify(reply.body));
}
