import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    env: { OSTATOK_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});

/**
 * Server integration tests run twice: on the embedded PGlite, and on the PostgreSQL server named
 * by TEST_DATABASE_URL when it is set (CI always sets it, so that path is never skipped there).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // Components import vanilla-extract styles, which need the plugin to compile.
        plugins: [vanillaExtractPlugin()],
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
