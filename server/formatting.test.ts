import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

/*
 * `npm run lint` starts with `prettier --check .`: code that does not match the project's
 * .prettierrc.json fails it. Checked here with Prettier's own API on a planted file path, so the
 * options are the ones Prettier resolves for a real source file of the tree.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const planted = `${root}server/planted.ts`;

async function formatted(code: string): Promise<boolean> {
  const options = await prettier.resolveConfig(planted);
  return prettier.check(code, { ...options, filepath: planted });
}

/** `export const total = sum(value0, value1, …);` with `count` arguments: 11 make 114 columns, 16 make 159. */
const call = (count: number) =>
  `export const total = sum(${Array.from({ length: count }, (_, i) => `value${i}`).join(', ')});\n`;
const longCall = call(16);

describe('formatting (prettier --check)', () => {
  it('runs in npm run lint, before ESLint', () => {
    const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.lint).toMatch(/^prettier --check \. && eslint \.$/);
  });

  it('checks the server’s files (they are not ignored)', async () => {
    const info = await prettier.getFileInfo(planted, { ignorePath: `${root}.prettierignore` });
    expect(info).toEqual({ ignored: false, inferredParser: 'typescript' });
  });

  it.each([
    ['double quotes', `export const name = "Остаток";\n`],
    ['a missing semicolon', `export const name = 'Остаток'\n`],
    ['cramped spacing', `export const sum=(a:number,b:number)=>a+b;\n`],
    ['a call longer than 120 columns left on one line', longCall],
    ['a short call broken over lines', `export const name = join(\n  'a',\n  'b',\n);\n`],
  ])('fails on %s', async (_case, code) => {
    expect(await formatted(code)).toBe(false);
  });

  it.each([
    ['single quotes and semicolons', `export const name = 'Остаток';\n`],
    ['spaced arrows and types', `export const sum = (a: number, b: number) => a + b;\n`],
    // Prettier's default width is 80: this passes only with the project's 120.
    ['a call of 114 columns on one line', call(11)],
  ])('passes %s', async (_case, code) => {
    expect(await formatted(code)).toBe(true);
  });

  it('passes what prettier --write makes of misformatted code', async () => {
    const options = await prettier.resolveConfig(planted);
    const written = await prettier.format(longCall, { ...options, filepath: planted });
    expect(written).not.toBe(longCall);
    expect(await formatted(written)).toBe(true);
  });
});

describe('line length (ESLint max-len, which Prettier leaves to comments)', () => {
  const eslint = new ESLint({ cwd: root });
  const tooLong = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: planted });
    return result!.messages.filter((m) => m.ruleId === 'max-len').length;
  };
  const words = (n: number) => Array.from({ length: n }, (_, i) => `слово${i}`).join(' ');

  it('fails on a comment longer than 120 columns', async () => {
    expect(await tooLong(`// ${words(20)}\nexport const name = 'Остаток';\n`)).toBe(1);
    expect(await tooLong(`/** ${words(20)} */\nexport const name = 'Остаток';\n`)).toBe(1);
  });

  it('passes a comment within 120 columns and a long Russian message in a string', async () => {
    expect(await tooLong(`// ${words(10)}\nexport const name = 'Остаток';\n`)).toBe(0);
    expect(await tooLong(`export const message =\n  '${words(25)}';\n`)).toBe(0);
  });
});
