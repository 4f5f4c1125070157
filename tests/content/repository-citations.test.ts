import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: code and documentation cite docs/spec.md,
 * docs/architecture.md and the decision records, never the team's notes outside the repository.
 */
const OUTSIDE = /(?<![\w/.-])(SPEC|DESIGN|STYLE|RECIPE)\.md/;

/** A tracked file's text ('' when deleted in the working tree). */
function readIfPresent(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

describe('citations', () => {
  it('no tracked file cites the team notes that live outside the repository', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|mts|tsx|astro|md|toml|json|js|css)$/.test(f) && f !== 'package-lock.json');
    const found = files.flatMap((file) => {
      const text = readIfPresent(file);
      return text
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => OUTSIDE.test(line))
        .map(([line, n]) => `${file}:${n}: ${line.trim().slice(0, 100)}`);
    });
    expect(found).toEqual([]);
  });
});
