import fp from 'fastify-plugin';
import { uploadsDirOf } from '../../lib/images.ts';
import { Problem } from '../../lib/problem.ts';
import { createUploadStore, uploadStoreKind } from '../../uploads/create-upload-store.ts';
import { migrateFolderUploads } from '../../uploads/migrate-folder.ts';
import { isUploadName } from '../../uploads/upload-names.ts';
import type { UploadStore } from '../../uploads/upload-store.ts';
import { sendProblem } from './problems.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded pictures are kept: the folder, the database or S3 (server/uploads/). */
    uploads: UploadStore;
  }
}

const missing = () => new Problem(404, 'not_found', 'Картинка не найдена');

/** If-None-Match names this picture: a list, weak or strong tags, or `*`. */
function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Chooses the upload store and serves /uploads/<name> from it on every instance. Names are content hashes,
 * so a URL never changes meaning: cached for a year, and its ETag is the name itself. Outside auth: an <img>
 * sends no token.
 */
export default fp(async (app) => {
  const folder = uploadsDirOf(app.config.dataDir);
  const kind = uploadStoreKind(app.config, app.database.kind);
  const store = createUploadStore(kind, app.config, { folder, repo: app.repos.uploads });
  app.decorate('uploads', store);
  if (store.close) app.addHook('onClose', () => store.close!());

  if (kind !== 'folder') {
    // Pictures taken before shared storage sit in this instance's folder; products keep pointing at them.
    try {
      const moved = await migrateFolderUploads(folder, store);
      if (moved.copied || moved.alreadyStored || moved.damaged.length)
        app.log.info({ store: kind, ...moved }, 'uploads: pictures of DATA_DIR/uploads copied into the shared store');
    } catch (err) {
      // An unreachable store must not keep the server down; the next start tries again.
      app.log.error({ err, store: kind }, 'uploads: copying DATA_DIR/uploads into the shared store failed');
    }
  }

  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/:name',
    schema: { hide: true },
    async handler(request, reply) {
      const { name } = request.params;
      if (!isUploadName(name)) return sendProblem(reply, missing());
      const cacheHeaders = { 'cache-control': 'public, max-age=31536000, immutable', etag: `"${name}"` };
      // The name is the content's hash: whoever holds this tag holds these very bytes, no need to ask the store.
      if (alreadyHeld(request.headers['if-none-match'], cacheHeaders.etag))
        return reply.code(304).headers(cacheHeaders).send();
      const found = request.method === 'HEAD' ? await store.stat(name) : await store.open(name);
      if (!found) return sendProblem(reply, missing());
      reply.headers(cacheHeaders).type(found.contentType).header('content-length', found.size);
      return reply.send('stream' in found ? found.stream : undefined);
    },
  });
});
