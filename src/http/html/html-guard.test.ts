import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps HTML documents out of string literals everywhere in src/ but this folder. */
describe('the HTML-literal guard', () => {
  const eslint = new ESLint();
  const messages = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

  it('refuses a document in a string or a template anywhere else in src/', async () => {
    expect(await messages("export const page = '<!DOCTYPE html><p>x</p>';\n", 'src/lib/page.ts')).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await messages('export const page = (t: string) => `<html lang="en">${t}</html>`;\n', 'src/http/x.ts')).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('lets the HTML layer itself and ordinary strings pass', async () => {
    expect(await messages("export const page = '<!doctype html>';\n", 'src/http/html/document.ts')).toEqual([]);
    expect(await messages("export const word = 'html';\n", 'src/lib/page.ts')).toEqual([]);
  });
});
