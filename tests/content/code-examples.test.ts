import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadChapter } from '../../src/domain/book/load.ts';

/**
 * Every TypeScript code example in the book must compile under the repository's own strictest
 * settings (astro/tsconfigs/strictest: noUncheckedIndexedAccess, exactOptionalPropertyTypes, ...)
 * against the @bsv/sdk version pinned in package.json, and use only syntax Node can strip
 * (erasableSyntaxOnly), since `npm run test:examples` runs them with Node's type stripping. The
 * examples are written into a folder inside node_modules (so the SDK resolves exactly as a reader's
 * project would) and compiled as one program of separate ES modules.
 */
const CONTENT = path.resolve('content');
const OUT = path.resolve('node_modules/.cache/book-examples');

const EXAMPLE_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noFallthroughCasesInSwitch: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  erasableSyntaxOnly: true,
  moduleDetection: ts.ModuleDetectionKind.Force,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  types: ['node'],
  typeRoots: [path.resolve('node_modules/@types')],
};

describe('TypeScript code examples', () => {
  it('type-check under the strictest settings against the pinned @bsv/sdk', async () => {
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });
    await writeFile(path.join(OUT, 'package.json'), JSON.stringify({ type: 'module' }));
    const files = (await readdir(path.join(CONTENT, 'code-examples'))).filter((f) => /^chapter-\d\d\.json$/.test(f)).map((f) => f.replace(/\.json$/, '.md'));
    const roots: string[] = [];
    for (const file of files) {
      const chapter = await loadChapter(CONTENT, file);
      for (const example of chapter.codeExamples) {
        if (!/^(typescript|ts)$/i.test(example.language)) continue;
        const dir = path.join(OUT, chapter.id, example.id);
        await mkdir(dir, { recursive: true });
        const target = path.join(dir, example.fileName.replace(/\.(m?ts|tsx?)$/, '') + '.ts');
        await writeFile(target, example.code);
        roots.push(target);
      }
    }
    expect(roots.length, 'TypeScript examples found').toBeGreaterThan(0);
    const program = ts.createProgram(roots, EXAMPLE_COMPILER_OPTIONS);
    const failures = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${path.relative(OUT, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(failures).toEqual([]);
  }, 300_000);
});
