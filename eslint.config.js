import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
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
const testFiles = ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/features/*/test/**'];

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
const restrict = (files, patterns, ignores = testFiles) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/*
 * The server's layers (docs/architecture.md «Сервер»): routes never touch the database — no
 * Drizzle, nothing of server/db/ (a type or a constant a route needs comes through a repository or
 * a schema); nothing but the routes themselves and the app that registers them imports
 * server/routes/ (services, repositories, jobs, imports, marketplaces, lib). Patterns work on the
 * relative specifier as the client's do: from server/routes/, `../db/` is server/db/.
 */
const serverTests = ['server/**/*.test.ts'];
const databaseLayer = [
  {
    regex: '^drizzle-orm(/|$)',
    message: 'Routes never touch the database: ask a repository (server/repositories/) for what they need.',
  },
  {
    regex: '^(\\.\\./)+db/',
    message: 'Routes never import server/db/: a type or constant they need comes through a repository or a schema.',
  },
];
const routeLayer = [
  {
    regex: '^(\\.\\./)+routes/',
    message: 'Services never import a route: move what both need into server/lib/ or server/stock/.',
  },
];

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
      // Prettier keeps code within 120 columns but never rewraps a comment; Russian text in strings may run longer.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  restrict(
    ['src/sync/**', 'src/stock/**', 'src/scan/**', 'src/db/**', 'src/lib/**', 'src/state/**'],
    [...shellLayer, ...featureLayer],
  ),
  restrict(['src/ui/**'], [...shellLayer, ...featureLayer, ...dataLayer]),
  restrict(['src/routes/**', 'src/app/**/*.tsx'], dataLayer),
  ...features.flatMap((name) => [
    restrict([`src/features/${name}/**`], [...otherFeature(name), ...shellLayer]),
    restrict([`src/features/${name}/components/**`], [...otherFeature(name), ...shellLayer, ...dataLayer]),
  ]),
  restrict(['server/routes/**'], databaseLayer, serverTests),
  restrict(['server/**'], routeLayer, [...serverTests, 'server/routes/**', 'server/app.ts']),
  /*
   * No runtime import cycles: a module in a cycle can run before what it imports has been set up.
   * Type-only imports vanish at runtime, so they do not count. The resolver reads tsconfig.json.
   */
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Modules the rule follows: without this it reads only .js files and sees no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
