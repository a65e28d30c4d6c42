import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/** The layer rules of eslint.config.js, checked on imports planted in files that do not exist. */
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function restricted(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, {
    filePath: `${root}${file}`,
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    [
      'a feature importing another feature',
      'src/features/inventory/api/planted.ts',
      '../../markdowns/api/markdown-list.ts',
    ],
    [
      'a feature reaching another one through src/',
      'src/features/inventory/components/planted.tsx',
      '../../../features/markdowns/api/types.ts',
    ],
    ['a component importing src/db/', 'src/features/inventory/components/planted.tsx', '../../../db/database.ts'],
    ['a component importing src/sync/', 'src/features/auth/components/planted.tsx', '../../../sync/session.ts'],
    ['a component importing Dexie', 'src/features/markets/components/planted.tsx', 'dexie-react-hooks'],
    ['a route importing src/db/', 'src/routes/_app/planted.tsx', '../../db/database.ts'],
    ['src/sync/ importing the app shell', 'src/sync/planted.ts', '../app/shell.tsx'],
    ['src/ui/ importing the app shell', 'src/ui/planted.tsx', '../app/menu.ts'],
    ['the stock layer importing a feature', 'src/stock/planted.ts', '../features/product-stock/api/types.ts'],
  ])('refuses %s', async (_case, file, specifier) => {
    expect(await restricted(file, specifier)).toHaveLength(1);
  });

  it.each([
    ['a component using its own api/', 'src/features/inventory/components/planted.tsx', '../api/inventory-table.ts'],
    [
      'a component using the stock layer',
      'src/features/inventory/components/planted.tsx',
      '../../../stock/update-lot.ts',
    ],
    ['a feature api using src/sync/', 'src/features/inventory/api/planted.ts', '../../../sync/outbox.ts'],
    ['src/sync/ using the shared state', 'src/sync/planted.ts', '../state/app-state.ts'],
    [
      'a route composing features',
      'src/routes/_app/planted.tsx',
      '../../features/inventory/components/inventory-screen.tsx',
    ],
    [
      'a test seeding the device directly',
      'src/features/inventory/components/planted.test.tsx',
      '../../../db/database.ts',
    ],
  ])('allows %s', async (_case, file, specifier) => {
    expect(await restricted(file, specifier)).toEqual([]);
  });
});
