import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/expect-problem.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { signUp, startTestApp, type TestUser } from './helpers/test-app.ts';

let t: TestDatabase;
let app: FastifyInstance;
let user: TestUser;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 1, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(200)]);

function multipart(data: Buffer, { field = 'file', filename = 'photo.jpg', type = 'image/jpeg' } = {}) {
  const boundary = `ostatok-${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (
  body: { payload: Buffer | string; contentType: string },
  headers: Record<string, string> = user.headers,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/products/image/',
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });

const stored = () => readdirSync(path.join(app.config.dataDir, 'uploads')).sort();

beforeAll(async () => {
  t = await createTestDatabase();
  // The folder store, on both engines: these checks count its files (uploads-shared.test.ts covers the others).
  app = await startTestApp(t.database, { UPLOADS_STORE: 'folder' });
  user = await signUp(app);
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('image upload', () => {
  it('stores JPEG, PNG and WebP by content hash and serves them with immutable caching', async () => {
    for (const [data, ext, type] of [
      [png, 'png', 'image/png'],
      [jpeg, 'jpg', 'image/jpeg'],
      [webp, 'webp', 'image/webp'],
    ] as const) {
      // The declared name and type are wrong on purpose: only the content decides.
      const res = await upload(multipart(data, { filename: 'x.gif', type: 'application/octet-stream' }));
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json();
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{64}\\.${ext}$`));
      expect((await upload(multipart(data))).json().url).toBe(url);

      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
    expect(stored()).toHaveLength(3);
  });

  it('refuses a text file renamed to .jpg', async () => {
    const before = stored();
    expectProblem(
      await upload(multipart(Buffer.from('Это просто текст, а не фото\n'.repeat(20)))),
      415,
      'image_type_unsupported',
    );
    expect(stored()).toEqual(before);
  });

  it('refuses an 11 MB image with 413', async () => {
    const before = stored();
    const big = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]);
    expectProblem(await upload(multipart(big)), 413, 'file_too_large');
    expect(stored()).toEqual(before);
  });

  it('refuses what is not one image in the field file', async () => {
    expectProblem(await upload(multipart(png, { field: 'image' })), 400, 'file_missing');
    expectProblem(await upload(multipart(Buffer.alloc(0))), 400, 'file_empty');
    expectProblem(
      await upload({ payload: JSON.stringify({ file: 'x' }), contentType: 'application/json' }),
      415,
      'multipart_expected',
    );
    expectProblem(
      await upload({ payload: '--broken\r\n', contentType: 'multipart/form-data; boundary=other' }),
      400,
      'multipart_invalid',
    );
    expectProblem(await upload(multipart(png), {}), 401, 'token_missing');
  });

  it('answers 404 problem+json for an unknown upload', async () => {
    const res = await app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(64)}.png` });
    expectProblem(res, 404, 'not_found');
  });
});
