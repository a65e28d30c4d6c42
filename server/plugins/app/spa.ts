import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Problem } from '../../lib/problem.ts';
import { sendProblem } from './problems.ts';

/** Paths that never get the app shell. The live channel is /user/{id}/; /user alone is the profile page. */
const notApp = (url: string) => /^\/(api|uploads)(\/|\?|$)/.test(url) || url.startsWith('/user/');

/**
 * Serves the built PWA from PUBLIC_DIR. Any other GET that wants HTML gets index.html, so deep
 * links work; API, live-channel and upload paths get a problem+json 404 instead.
 */
export default fp(async (app) => {
  const root = app.config.publicDir;
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (vite.config.ts): sent as they are
      // to browsers that take them, the plain file to the rest.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; index.html and the service worker must be revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !notApp(request.url)) {
      if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.code(503).type('text/plain; charset=utf-8').send('Клиент не собран: выполните npm run build');
    }
    return sendProblem(
      reply,
      new Problem(404, 'not_found', `Адрес не найден: ${request.method} ${request.url.split('?')[0]}`),
    );
  });
});
