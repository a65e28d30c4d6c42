import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server (npm run dev:server) listens on 8080; the dev server forwards to it so the page
// keeps one origin, as in production where the server serves dist/ itself.
const apiServer = 'http://localhost:8080';

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|wasm)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, once, at the strongest settings:
 * the server sends them as they are (@fastify/static preCompressed in server/plugins/app/spa.ts),
 * so a first visit over a slow phone network downloads about a third of the bytes at no CPU cost
 * per request. Files that would not shrink are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'ostatok:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa has written the manifest and the service worker.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir).filter((f) => compressible.test(f))) {
          const raw = readFileSync(file);
          if (raw.length < 1024) continue;
          const br = brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          const gz = gzipSync(raw, { level: 9 });
          if (br.length < raw.length * 0.9) writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length * 0.9) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      generatedRouteTree: './src/routeTree.gen.ts',
      // /auth is the first screen of every first visit: its few kilobytes ride in the main chunk
      // rather than in a second round of requests that can only start once that chunk has run.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/auth' ? [] : undefined) },
    }),
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/app/pwa.ts through workbox-window, which asks before updating.
      injectRegister: false,
      registerType: 'prompt',
      // wasm: the camera's barcode decoder (zxing-wasm, src/scan/camera-decoder.ts), so scanning works offline.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,wasm}'] },
      manifest: {
        name: 'Остаток — склад и маркетплейсы',
        short_name: 'Остаток',
        description: 'Учёт остатков склада для продавцов OZON, Wildberries и Яндекс Маркета',
        lang: 'ru',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f4f6f8',
        theme_color: '#17212b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: left to itself the bundler cuts it
          // into a dozen small shared chunks, and on a phone network each costs a round trip before
          // the first screen (HTTP/1.1 fetches six at a time).
          // Likewise the signed-in frame (the _app route's component) with all it imports — Dexie,
          // the database, sync, the shell — in one lazy chunk: every signed-in screen needs all of
          // it before it can paint, and an installed app opening offline fetched its twenty-odd
          // pieces through the service worker, each a trip of its own. /auth still loads none of it
          // until the user types.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'session', test: /src[\\/]routes[\\/]_app\.tsx\?tsr-split=component/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/uploads': { target: apiServer, changeOrigin: true },
      '/user': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
});
