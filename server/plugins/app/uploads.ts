import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { uploadsDirOf } from '../../lib/images.ts';

/**
 * Serves uploaded images. Their names are content hashes, so a URL never changes meaning and
 * may be cached for a year; the type comes from the extension chosen by the content check.
 */
export default fp(async (app) => {
  const root = uploadsDirOf(app.config.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
});
