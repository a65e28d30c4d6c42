import { defineConfig } from 'vitest/config';

/** E2E: the built app, the real server and Debian's Chromium. Run through `npm run test:e2e` (builds first). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
