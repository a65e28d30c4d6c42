import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { startTestApp } from './helpers/test-app.ts';

/*
 * Requests Node's HTTP parser refuses before Fastify sees them are answered like every other
 * error: problem+json with a Russian detail. inject() never goes through the parser, so these
 * run over a real socket.
 */

let t: TestDatabase;
let app: FastifyInstance;
let port: number;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as bytes on a new connection and reads the answer until the server closes it. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Not end(): a half-closed connection may lose its answer; the server closes it (Connection: close).
    socket.write(request);
  });
}

function expectRussianProblem(answer: RawAnswer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer)).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  // The length is of the bytes: Cyrillic takes two each.
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  const body = JSON.parse(answer.body) as { status: number; code: string; title: string; detail: string };
  expect(body).toMatchObject({ status, code });
  expect(body.title).toMatch(/[А-Яа-яЁё]/);
  expect(body.detail).toMatch(/^[^A-Za-z]*[А-Яа-яЁё]/);
  return body;
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp(t.database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('requests refused before routing', () => {
  it('answers an address of 20 KB with 431 problem+json in Russian', async () => {
    const ids = Array.from({ length: 560 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const url = `/api/v1/inventory/?ids=${ids.join(',')}`;
    expect(url.length).toBeGreaterThan(20_000);
    const answer = await raw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const body = expectRussianProblem(answer, 431, 'headers_too_large');
    expect(body.detail).toContain('Слишком длинный адрес или заголовки запроса');
  });

  it('answers 20 KB of headers the same way', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'я'.repeat(10_000)}\r\n\r\n`);
    expectRussianProblem(answer, 431, 'headers_too_large');
  });

  it('answers a request the parser cannot read with 400 problem+json in Russian', async () => {
    expectRussianProblem(await raw('ЭТО НЕ HTTP\r\n\r\n'), 400, 'malformed_request');
    expectRussianProblem(
      await raw('GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n'),
      400,
      'malformed_request',
    );
  });

  it('still serves an ordinary request on the same server', async () => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});
