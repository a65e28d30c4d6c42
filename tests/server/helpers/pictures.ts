import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A picture the content check accepts as PNG: the signature, then random bytes (so each one is new). */
export const randomPng = (bytes = 200) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes)]);

export const randomJpeg = (bytes = 200) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(bytes)]);

/** The name the server stores a picture under: its SHA-256 and extension. */
export const uploadNameOf = (data: Buffer, ext: 'jpg' | 'png' | 'webp') =>
  `${createHash('sha256').update(data).digest('hex')}.${ext}`;

function multipart(data: Buffer) {
  const boundary = `ostatok-${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /api/v1/products/image/ as the app does it. */
export function uploadPicture(app: FastifyInstance, headers: { authorization: string }, data: Buffer) {
  const body = multipart(data);
  return app.inject({
    method: 'POST',
    url: '/api/v1/products/image/',
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
}
