import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The server's layer rules and the cycle rule of eslint.config.js, checked on imports planted in
 * files that do not exist (or, for a cycle, in the text of a file that does, whose real imports
 * lead back to it).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function messages(file: string, text: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const restricted = (file: string, specifier: string) =>
  messages(file, `import { x } from '${specifier}';\nexport const y = x;\n`, 'no-restricted-imports');

describe('server layers (eslint.config.js)', () => {
  it.each([
    ['a route importing Drizzle', 'server/routes/planted.ts', 'drizzle-orm'],
    ['a route importing a part of Drizzle', 'server/routes/planted.ts', 'drizzle-orm/pg-core'],
    ['a route importing the database client', 'server/routes/planted.ts', '../db/client.ts'],
    ['a route importing the tables', 'server/routes/planted.ts', '../db/schema/index.ts'],
    ['the stock engine importing a route', 'server/stock/planted.ts', '../routes/stock-push.ts'],
    ['the stock push importing a route', 'server/stock-push/planted.ts', '../routes/stock-push.ts'],
    ['an import importing a route', 'server/import/planted.ts', '../routes/import-stores.ts'],
    ['the job queue importing a route', 'server/jobs/planted.ts', '../routes/jobs.ts'],
    ['a marketplace client importing a route', 'server/marketplaces/ozon/planted.ts', '../../routes/extract.ts'],
    ['server/lib/ importing a route', 'server/lib/planted.ts', '../routes/returns.ts'],
    ['a repository importing a route', 'server/repositories/planted.ts', '../routes/products.ts'],
  ])('refuses %s', async (_case, file, specifier) => {
    expect(await restricted(file, specifier)).toHaveLength(1);
  });

  it.each([
    ['a route using a repository type', 'server/routes/planted.ts', '../repositories/stock.ts'],
    ['a route using the problems', 'server/routes/planted.ts', '../lib/problem.ts'],
    ['a route using the stock engine', 'server/routes/planted.ts', '../stock/locked-lots.ts'],
    ['a route using a schema', 'server/routes/planted.ts', '../schemas/stock-query.ts'],
    ['a route sharing another route’s helpers', 'server/routes/planted.ts', './import-stores.ts'],
    ['a repository using Drizzle', 'server/repositories/planted.ts', 'drizzle-orm'],
    ['a repository using the tables', 'server/repositories/planted.ts', '../db/schema/index.ts'],
    ['the app registering a route', 'server/app.ts', './routes/health.ts'],
    ['a route’s test reading the database', 'server/routes/planted.test.ts', '../db/client.ts'],
  ])('allows %s', async (_case, file, specifier) => {
    expect(await restricted(file, specifier)).toEqual([]);
  });
});

describe('import cycles (import-x/no-cycle)', () => {
  // server/stock/engine.ts imports server/lib/problem.ts at runtime: problem.ts importing it back closes a cycle.
  const file = 'server/lib/problem.ts';

  it('refuses a runtime import that closes a cycle', async () => {
    const text = `import { StockEngine } from '../stock/engine.ts';\nexport const y = StockEngine;\n`;
    expect(await messages(file, text, 'import-x/no-cycle')).toHaveLength(1);
  });

  it('allows a type-only import along the same path', async () => {
    const text = `import type { StockEngine } from '../stock/engine.ts';\nexport type Y = StockEngine;\n`;
    expect(await messages(file, text, 'import-x/no-cycle')).toEqual([]);
  });

  it('allows an import that does not lead back', async () => {
    const text = `import { MAX_MONEY } from '../../domain/stock-rules.ts';\nexport const y = MAX_MONEY;\n`;
    expect(await messages(file, text, 'import-x/no-cycle')).toEqual([]);
  });
});
