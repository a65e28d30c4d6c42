import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Every API address the client uses comes from the generated contract through src/sync/contract.ts
 * (apiCall and endpoints), where `npm run typecheck` checks it. A hand-written '/api/v1/…' string
 * anywhere else would not be checked, so none may exist. Comments may still name addresses.
 */
const src = fileURLToPath(new URL('.', import.meta.url));
const contract = join(src, 'sync', 'contract.ts');
const isTestCode = (path: string) =>
  /\.test\.tsx?$/.test(path) || /(^|[/\\])(test|testing)[/\\]/.test(relative(src, path));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** String and template pieces of the code (not comments) that contain the text. */
function literalsWith(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node);
    if (literal && node.text.includes(text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative(src, path)}:${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('API addresses come only from the contract module', () => {
  it('no /api/v1/ string outside src/sync/contract.ts and tests', () => {
    const files = sourceFiles(src).filter((f) => f !== contract && !isTestCode(f));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => literalsWith(f, '/api/v1/'))).toEqual([]);
  });

  it('would catch one', () => {
    expect(literalsWith(contract, '/api/v1/')).not.toEqual([]);
  });
});
