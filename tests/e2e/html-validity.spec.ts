import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures.ts';

/**
 * Valid markup on every page type: the W3C Nu HTML Checker (vnu-jar, run with the machine's Java)
 * over the pages as the served site answers them, the function-rendered ones included (an idea,
 * the assistant, the sign-in page, the 404 page). One Java run for all pages.
 */
const VNU = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

test('the W3C Nu checker finds no error on any page type', async ({ request }) => {
  test.setTimeout(120_000);
  const made = await request.post('/api/generate-idea', {
    data: { businessCategory: 'all', targetMarket: 'all', aiFocus: 'all', revenueModel: 'all', bsvFeature: 'all', innovationLevel: 5, useAnthropic: false },
  });
  expect(made.status()).toBe(200);
  const { id } = (await made.json()) as { id: string };
  const pages = ['/', '/book/chapter-05', '/generator', '/ideas', `/idea/${id}`, '/assistant', '/help', '/admin/export-book', '/api/login', '/no-such-page'];
  const glossary = await request.get('/glossary');
  if (glossary.status() === 200) pages.push('/glossary');
  const dir = await mkdtemp(path.join(tmpdir(), 'vnu-'));
  try {
    const files: string[] = [];
    for (const [i, page] of pages.entries()) {
      const res = await request.get(page);
      expect([200, 404], page).toContain(res.status());
      const file = path.join(dir, `${i}-${page.replace(/[^a-z0-9]+/gi, '-')}.html`);
      await writeFile(file, await res.body());
      files.push(file);
    }
    const { stderr } = await promisify(execFile)('java', ['-jar', VNU, '--errors-only', '--format', 'json', '--exit-zero-always', ...files], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const messages = (JSON.parse(stderr || '{"messages":[]}') as { messages: VnuMessage[] }).messages.filter((m) => m.type === 'error');
    const report = messages.map((m) => `${path.basename(m.url ?? '')}:${m.lastLine ?? '?'} ${m.message} ${m.extract?.trim().slice(0, 80) ?? ''}`);
    expect(report, 'Nu HTML Checker errors').toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
