import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Non-type-checked rules: lint stays fast enough to run on every save; `npm run typecheck` covers types.
export default defineConfig(
  { ignores: ['dist/', 'data/', 'node_modules/', 'api/schema.gen.ts', 'tests/bench/results/', 'coverage/'] },
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
);
