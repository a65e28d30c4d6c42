import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/*
 * The client's layers (docs/architecture.md): features never import each other; components (a
 * feature's components/, routes, ui, the app shell's .tsx) reach data only through a feature's
 * api/ or src/stock/, never src/db/, src/sync/ or Dexie; nothing below the shell (sync, ui, stock,
 * db, lib, state) imports src/app/ or a feature. Imports are relative, so each rule is a pattern on
 * the specifier as seen from the folder it applies to: a feature's files sit at
 * src/features/<name>/<folder>/<file>, so `../../<other>/` leaves the feature. Tests and test
 * helpers may import what they need. Rule options replace rather than merge, so each group of files
 * gets its whole list in one place.
 */
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const testFiles = ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/test-support/**', 'src/features/*/test/**'];

const dataLayer = [
  {
    regex: '^(\\.\\./)+(db|sync)/',
    message: "Components reach data through their feature's api/ (or src/stock/), never src/db/ or src/sync/ directly.",
  },
  { regex: '^dexie', message: "Components reach data through their feature's api/, never Dexie directly." },
];
const shellLayer = [
  {
    regex: '^(\\.\\./)+app/',
    message: 'Only the app shell imports src/app/: pass what it needs as parameters or use src/state/.',
  },
];
const featureLayer = [
  {
    regex: '^(\\.\\./)+features/',
    message: 'Shared code never imports a feature: move what both need into a shared folder.',
  },
];
const otherFeature = (name) => [
  {
    regex: `^(\\.\\./\\.\\./(?!${name}/)[\\w-]+/|(\\.\\./)+features/(?!${name}/))`,
    message: 'Features never import each other: move what both need into src/stock/, src/lib/ or src/ui/.',
  },
];
const restrict = (files, patterns) => ({
  files,
  ignores: testFiles,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// Non-type-checked rules: lint stays fast enough to run on every save; `npm run typecheck` covers types.
export default defineConfig(
  { ignores: ['dist/', 'dist-*/', 'data/', 'node_modules/', 'api/schema.gen.ts', 'tests/bench/results/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // A leading underscore marks an argument or binding kept on purpose (handler signatures, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  restrict(
    ['src/sync/**', 'src/stock/**', 'src/db/**', 'src/lib/**', 'src/state/**'],
    [...shellLayer, ...featureLayer],
  ),
  restrict(['src/ui/**'], [...shellLayer, ...featureLayer, ...dataLayer]),
  restrict(['src/routes/**', 'src/app/**/*.tsx'], dataLayer),
  ...features.flatMap((name) => [
    restrict([`src/features/${name}/**`], [...otherFeature(name), ...shellLayer]),
    restrict([`src/features/${name}/components/**`], [...otherFeature(name), ...shellLayer, ...dataLayer]),
  ]),
);
