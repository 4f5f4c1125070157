import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Printed code is tested code: every TypeScript block in the chapters' text type-checks
 * on its own under the project's strictest settings (`astro/tsconfigs/strictest`, the SDK's real
 * types from node_modules), all blocks in one program. A block is a module; one that uses a value
 * it does not define fails, as it would for a reader who copies it.
 */
const root = path.resolve('.');
const chaptersDir = path.join(root, 'content', 'chapters');

interface Block {
  file: string;
  chapter: string;
  line: number;
  code: string;
}

function blocks(): Block[] {
  const out: Block[] = [];
  for (const name of readdirSync(chaptersDir).filter((f) => /^chapter-\d\d\.md$/.test(f))) {
    const lines = readFileSync(path.join(chaptersDir, name), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i += 1) {
      if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? '')) continue;
      const start = i + 1;
      let end = start;
      while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end += 1;
      const code = lines.slice(start, end).join('\n');
      const chapter = name.replace(/\.md$/, '');
      out.push({ file: path.join(root, '.printed-code', `${chapter}-line-${start}.ts`), chapter, line: start, code: /\b(import|export)\b/.test(code) ? code : `${code}\nexport {}\n` });
      i = end;
    }
  }
  return out;
}

describe('TypeScript printed in the chapters', () => {
  it('type-checks every block under the strictest settings', () => {
    const found = blocks();
    expect(found.length).toBeGreaterThanOrEqual(10);
    const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), (f) => ts.sys.readFile(f));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
    const { jsx: _jsx, ...compilerOptions } = parsed.options;
    const options: ts.CompilerOptions = { ...compilerOptions, noEmit: true, types: ['node'] };
    const virtual = new Map(found.map((b) => [b.file, b.code]));
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.readFile = (f) => virtual.get(f) ?? readFile(f);
    host.fileExists = (f) => virtual.has(f) || fileExists(f);
    host.getSourceFile = (f, language, onError, create) => {
      const text = virtual.get(f);
      return text !== undefined ? ts.createSourceFile(f, text, language, true) : getSourceFile(f, language, onError, create);
    };
    const program = ts.createProgram([...virtual.keys()], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && virtual.has(d.file.fileName))
      .map((d) => {
        const block = found.find((b) => b.file === d.file?.fileName);
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${block?.chapter}.md line ${(block?.line ?? 0) + line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
    expect(problems).toEqual([]);
  }, 120_000);
});
