import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses every answer over 1 KB for a client that says it takes brotli or gzip
 * (`Accept-Encoding`): a fresh device's pull is about a tenth of its JSON on the wire, which on a
 * tablet's 10 Mbit/s Wi-Fi is the difference between seconds and minutes.
 *
 * Brotli first, at quality 4: on pull pages it gave 5 % fewer bytes than gzip for about the same
 * CPU, where its higher qualities cost twice the time for under 1 % (tests/bench/wire-bytes.ts).
 * The built app's files are compressed once at build time and served as they are (./spa.ts
 * preCompressed); pictures and other already-compressed types are left alone.
 */
export default fp(async (app) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
    },
  });
});
