import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server (npm run dev:server) listens on 8080; the dev server forwards to it so the page
// keeps one origin, as in production where the server serves dist/ itself.
const apiServer = 'http://localhost:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/app/pwa.ts through workbox-window, which asks before updating.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'] },
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
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/uploads': { target: apiServer, changeOrigin: true },
      '/user': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
});
