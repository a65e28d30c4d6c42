import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses every answer over 1 KB for a client that says it takes brotli or gzip
 * (`Accept-Encoding`): a fresh device's pull is about a tenth of its JSON on the wire, which on a
 * tablet's 10 Mbit/s Wi-Fi is the difference between seconds and minutes.
 *
 * Brotli first, at quality 1: on a fresh device's whole pull in columns (50,000 rows) it gave
 * 56.0 bytes a row against gzip's 56.3 at level 6 and brotli's 55.4 at quality 4, for a third of
 * their CPU (0.5 s against 1.2 and 1.6 s; measured by hand on the busy 2-core machine, 7 Dec
 * 2026; `npm run bench:wire` prints the bytes of each format and encoding). The server's CPU
 * serves every device at once: 1 % of bytes is not worth three times of it.
 * The built app's files are compressed once at build time and served as they are (./spa.ts
 * preCompressed); pictures and other already-compressed types are left alone.
 */
export default fp(async (app) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 1 },
    },
  });
});
