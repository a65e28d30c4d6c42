import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

type Directives = Record<string, string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`)
    .join(';');

/**
 * Security headers. The CSP allows the PWA's own scripts, marketplace images (https) and its live socket.
 *
 * config.extraImageOrigins (CSP_EXTRA_IMAGE_ORIGINS) adds exact origins for pictures and is empty in real use:
 * only `npm run demo` sets it, to its sandbox marketplace, whose catalog pictures are plain http on another
 * port. That was chosen over a demo route proxying the pictures: the catalog keeps the absolute URLs the
 * marketplace gave, exactly as in real use (no URL rewriting only the demo would have), and the app gains no
 * endpoint that fetches other hosts' files. Without the variable the policy is the strict one below.
 */
export default fp(async (app) => {
  const extra = app.config.extraImageOrigins;
  const directives: Directives = {
    defaultSrc: ["'self'"],
    // 'wasm-unsafe-eval' lets the page compile WebAssembly (the camera's barcode decoder, zxing-wasm, served by the
    // app itself); it allows no JavaScript eval.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extra],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  };
  await app.register(fastifyHelmet, { contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });

  // The service worker answers the pages' picture requests itself (sw/sw.ts caches them) with fetch(), which
  // its own policy — sw.js's header — checks under connect-src, not img-src: without this every marketplace
  // picture fails once the worker controls the page. Only the worker may reach the picture hosts; pages
  // keep connect-src to their own origin and the live socket.
  const workerPolicy = serialize({ ...directives, connectSrc: ["'self'", 'https:', ...extra] });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.split('?')[0] === '/sw.js') reply.header('content-security-policy', workerPolicy);
  });
});
