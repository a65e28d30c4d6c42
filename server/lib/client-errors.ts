import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { Problem, problemBody } from './problem.ts';

/*
 * Requests Node's HTTP parser refuses before Fastify sees them — headers and address over the
 * 16 KB limit (a long list of ids in a query string), a malformed request line, a request that
 * never arrived whole — are answered here, as problem+json in Russian like every other error,
 * instead of Node's or Fastify's bare English answer. The connection is closed after it: the
 * parser has lost its place in the stream.
 */

function problemOf(code: string | undefined): Problem {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new Problem(
        431,
        'headers_too_large',
        'Слишком длинный адрес или заголовки запроса: сократите адрес (например, меньше записей в одном запросе)',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new Problem(408, 'request_timeout', 'Запрос не пришёл целиком вовремя: повторите его');
    default:
      return new Problem(400, 'malformed_request', 'Некорректный HTTP-запрос: сервер не смог его прочитать');
  }
}

/** Fastify's `clientErrorHandler`: the HTTP server's 'clientError' event. */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const problem = problemOf(err.code);
  if (socket.writable) {
    const body = JSON.stringify(problemBody(problem));
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
        `Content-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
