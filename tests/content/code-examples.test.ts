import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadChapter } from '../../src/domain/book/load.ts';

/**
 * Every TypeScript code example in the book must compile under `strict` against the @bsv/sdk
 * version pinned in package.json. The examples are written into a folder inside node_modules (so
 * the SDK resolves exactly as a reader's project would) and compiled together.
 */
const CONTENT = path.resolve('content');
const OUT = path.resolve('node_modules/.cache/book-examples');
const files = ['chapter-05.md', 'chapter-06.md', 'chapter-08.md', 'chapter-14.md', 'chapter-20.md'];

describe('TypeScript code examples', () => {
  it('type-check against the pinned @bsv/sdk', async () => {
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });
    await writeFile(path.join(OUT, 'package.json'), JSON.stringify({ type: 'module' }));
    const roots: string[] = [];
    for (const file of files) {
      const chapter = await loadChapter(CONTENT, file).catch(() => undefined);
      if (!chapter) continue;
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
    // Each example is its own module: compile each separately so names do not collide.
    const failures: string[] = [];
    for (const root of roots) {
      const program = ts.createProgram([root], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [path.resolve('node_modules/@types')],
      });
      for (const d of ts.getPreEmitDiagnostics(program)) {
        const where = d.file ? `${path.relative(OUT, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
        failures.push(`${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
