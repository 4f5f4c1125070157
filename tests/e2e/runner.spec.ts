import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { RUN_OPTIONS } from '../../src/sandbox/run-options.ts';
import { brokenFacts } from '../support/example-facts.ts';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

/**
 * The in-page example runner: Run executes the printed example in a worker against the
 * fake chain, with the facts its Node test (tests/examples/chapter-NN.test.ts) checks.
 */
interface Shown {
  stdout: string;
  txids: string[];
  outputs: string[][];
  /** Each transaction's decoded view (inputs and output scripts), as text. */
  decoded: string[];
  status: string;
}

async function runExample(page: Page, chapter: string, id: string): Promise<Shown> {
  await page.goto(`/book/${chapter}#code-examples`);
  const picker = page.locator(`[data-example="${id}"]`);
  if ((await picker.count()) > 0) await picker.click();
  const root = page.locator(`[data-runner="${id}"]`);
  await root.getByRole('button', { name: 'Run', exact: true }).click();
  const status = root.locator('[data-status]');
  await expect(status).toHaveText(/^Run (finished|failed)/, { timeout: 20_000 });
  return {
    stdout: (await root.locator('.runner-console').textContent()) ?? '',
    txids: await root.locator('.runner-txid').allTextContents(),
    outputs: await Promise.all(
      (await root.locator('.runner-tx').all()).map(async (tx) => await tx.locator('.runner-outputs[aria-label="Outputs"] li').allTextContents()),
    ),
    decoded: await Promise.all((await root.locator('.runner-tx').all()).map(async (tx) => (await tx.locator('details').first().textContent()) ?? '')),
    status: (await status.textContent()) ?? '',
  };
}

const lines = (s: string): string[] => s.trim().split('\n');

const CASES: { chapter: string; id: string; check: (r: Shown) => void }[] = [
  {
    chapter: 'chapter-05',
    id: 'reviewed-p2pkh-payment',
    check: (r) => {
      expect(r.txids).toHaveLength(1);
      expect(r.stdout).toContain(`accepted: ${r.txids[0] ?? ''}`);
      expect(r.outputs[0]?.[0]).toBe('output 0: 12000 sats, P2PKH');
      const fee = Number(/fee: (\d+) sats/.exec(r.stdout)?.[1]);
      expect(fee).toBeGreaterThan(0);
      expect(fee).toBeLessThan(100);
    },
  },
  {
    chapter: 'chapter-05',
    id: 'sign-and-verify-record',
    check: (r) => expect(lines(r.stdout)).toEqual(['genuine record verifies: true', 'tampered record verifies: false', 'wrong key verifies: false']),
  },
  {
    chapter: 'chapter-05',
    id: 'timestamp-digest-op-return',
    check: (r) => {
      expect(r.txids).toHaveLength(1);
      expect(r.outputs[0]?.[0]).toBe('output 0: 0 sats, OP_RETURN data');
      expect(JSON.parse(r.stdout)).toMatchObject({ file: 'contract.pdf', txid: r.txids[0] });
      // The decoded view: the anchor's script carries the tag and the digest the example printed.
      const digest = (JSON.parse(r.stdout) as { sha256: string }).sha256;
      expect(r.decoded[0]).toContain(`output 0 script: OP_0 OP_RETURN ${Buffer.from('doc-anchor/v1').toString('hex')} ${digest}`);
      expect(r.decoded[0]).toMatch(/input 0: spends [0-9a-f]{64}\.0 \(10000 sats\)/);
    },
  },
  {
    chapter: 'chapter-08',
    id: 'certificate-selective-disclosure',
    check: (r) => {
      expect(lines(r.stdout).slice(0, 3)).toEqual([
        'certifier signature valid: true',
        'issued by expected certifier: true',
        'subject is the user we authenticated: true',
      ]);
      expect(r.stdout).toContain("revealed fields: { over18: 'true' }");
      expect(r.stdout).toMatch(/fields still encrypted: \[ 'name', 'dateOfBirth', 'country' \]/);
    },
  },
  {
    chapter: 'chapter-14',
    id: 'ai-decision-audit-log',
    check: (r) =>
      expect(lines(r.stdout)).toEqual([
        'Log valid: true',
        'Input opens with its salt: true',
        'Guessing the applicant from the log fails: true',
        'Edited entry detected: true',
        'Missing entry detected: true',
        'Reordered entries detected: true',
        'Wrong operator detected: true',
      ]),
  },
  {
    chapter: 'chapter-14',
    id: 'anchor-audit-batch',
    check: (r) => {
      expect(r.txids).toHaveLength(1);
      expect(lines(r.stdout)).toEqual([
        expect.stringMatching(new RegExp(`^Anchored 5 entries under root [0-9a-f]{64} in ${r.txids[0] ?? ''}$`)),
        expect.stringMatching(new RegExp(`^chain: spends [0-9a-f]{64}\\.0; the next anchor spends ${r.txids[0] ?? ''}\\.1$`)),
      ]);
      expect(r.outputs[0]?.[0]).toBe('output 0: 0 sats, OP_RETURN data');
    },
  },
  {
    chapter: 'chapter-06',
    id: 'verify-beef-with-spv',
    check: (r) => {
      expect(r.stdout).toMatch(/^valid: [0-9a-f]{64}$/m);
      expect(r.stdout).toMatch(/mined in block \d+/);
      expect(r.stdout).toContain('#0: 4321 sats');
    },
  },
  { chapter: 'chapter-06', id: 'local-header-chain-tracker', check: (r) => expect(JSON.parse(r.stdout)).toEqual({ included: true, confirmations: 6 }) },
  {
    chapter: 'chapter-06',
    id: 'model-registry-topic-manager',
    check: (r) => {
      expect(r.txids).toHaveLength(2);
      expect(lines(r.stdout)).toEqual([
        'version 1, nothing spent: { outputsToAdmit: [ 0 ], coinsToRetain: [] }',
        'version 2, version 1 not spent: { outputsToAdmit: [], coinsToRetain: [] }',
      ]);
    },
  },
  {
    chapter: 'chapter-08',
    id: 'wallet-sign-in-client',
    check: (r) => {
      const out = lines(r.stdout);
      expect(out[0]).toBe('[wallet-sign-in-server runs first]');
      expect(out[1]).toBe('sign-in server on http://localhost:8081, allowing http://localhost:4321');
      const key = /^signed in as (0[23][0-9a-f]{64})$/.exec(out[3] ?? '')?.[1];
      expect(out.slice(2)).toEqual(['before sign-in: nobody', `signed in as ${key ?? '?'}`, `the server says: ${key ?? '?'}`, 'after sign-out: nobody']);
    },
  },
  {
    chapter: 'chapter-12',
    id: 'commission-lot',
    check: (r) => {
      expect(r.txids).toHaveLength(1);
      expect(r.stdout).toMatch(new RegExp(`^lot G-114 is token ${r.txids[0] ?? ''}\\.0 \\(lot hash [0-9a-f]{64}\\)`));
    },
  },
  {
    chapter: 'chapter-15',
    id: 'sign-provenance-record',
    check: (r) => expect(JSON.parse(r.stdout)).toMatchObject({ type: 'provenance-record/v1', manifestHash: null, parents: [] }),
  },
  {
    chapter: 'chapter-16',
    id: 'brc121-client',
    check: (r) => {
      expect(lines(r.stdout)).toEqual([
        '[brc121-paid-endpoint runs first]',
        'BRC-121 server on http://localhost:3000',
        // The server's ledger line: the request id the payment is labelled with, its txid and price.
        expect.stringMatching(/^\{"request":"[0-9a-f-]{36}","txid":"[0-9a-f]{64}","article":"grid-storage","sats":120\}$/),
        expect.stringMatching(/^200 Grid storage, explained/),
      ]);
      expect(r.txids).toHaveLength(1);
    },
  },
  {
    chapter: 'chapter-20',
    id: 'pay-per-article-split',
    check: (r) => {
      expect(r.stdout.trim()).toBe('Grid storage, explained.');
      expect(r.outputs[0]?.slice(0, 3)).toEqual(['output 0: 700 sats, P2PKH', 'output 1: 300 sats, P2PKH', 'output 2: 0 sats, OP_RETURN data']);
    },
  },
  {
    chapter: 'chapter-20',
    id: 'verify-received-payment',
    check: (r) => expect(lines(r.stdout)).toEqual([`accepted payment ${r.txids[0] ?? ''}`, 'asked for 701 sats to the author: Author share missing']),
  },
  {
    chapter: 'chapter-20',
    id: 'timestamp-anchor-service',
    check: (r) => expect(lines(r.stdout)).toEqual([`anchored model-card.md in ${r.txids[0] ?? ''}`, 'proof complete: false']),
  },
  {
    chapter: 'chapter-20',
    id: 'pushdrop-token-transfer',
    check: (r) => {
      expect(r.txids).toHaveLength(2);
      expect(lines(r.stdout)[0]).toBe(`minted voucher-42 in ${r.txids[0] ?? ''}`);
      expect(lines(r.stdout)[1]).toMatch(/^transferred voucher-42 as output 0 of \d+ bytes of Atomic BEEF$/);
    },
  },
  {
    chapter: 'chapter-16',
    id: 'payment-unit-economics',
    check: (r) => {
      const out = lines(r.stdout);
      const [, bytes = '', fee = ''] = /^payment transaction: (\d+) bytes, fee (\d+) sats/.exec(out[0] ?? '') ?? [];
      expect(Number(fee)).toBe(Math.ceil((Number(bytes) / 1000) * 50));
      expect(out[1]).toBe(
        `price 20 sats ($0.000008): fee is ${((Number(fee) / 20) * 100).toFixed(1)}% of the price, ${((Number(fee) / (20 + Number(fee))) * 100).toFixed(1)}% of what the payer spends`,
      );
      expect(out).toHaveLength(6);
    },
  },
];

/** Every example of the book, and its chapter. */
const ALL_EXAMPLES = readdirSync(path.resolve('content/code-examples'))
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) =>
    (JSON.parse(readFileSync(path.resolve('content/code-examples', f), 'utf8')) as { id: string }[]).map((e) => ({
      chapter: f.replace('.json', ''),
      id: e.id,
    })),
  );
/** Those with run options. */
const RUNNABLE = ALL_EXAMPLES.filter(({ id }) => RUN_OPTIONS[id] !== undefined);

test.describe('Example runner', () => {
  test('every example of the book has run options: none is left to run only on Node', () => {
    expect(RUNNABLE.length).toBe(ALL_EXAMPLES.length);
  });

  // In four parts (by place in the list), so the two workers share the two minutes this takes.
  for (const part of [0, 1, 2, 3]) {
    test(`every example runs in the page to its end, with nothing on stderr, and prints its Node test's facts (part ${part + 1} of 4)`, async ({ page }) => {
      const mine = RUNNABLE.filter((_, i) => i % 4 === part);
      test.setTimeout(mine.length * 20_000);
      const failed: string[] = [];
      for (const { chapter, id } of mine) {
        const r = await runExample(page, chapter, id);
        // AuthFetch logs each paid attempt (console.warn) itself: the SDK's log, not an error.
        const stderr = (await page.locator(`[data-runner="${id}"] .runner-stderr`).allTextContents()).join('').replace(/^\[AuthFetch\]\[Payment\] .*\n?/gm, '');
        if (!r.status.startsWith('Run finished') || stderr !== '') failed.push(`${id}: ${r.status} ${stderr.slice(0, 200)}`);
        // And it prints what its Node test checks (tests/support/example-facts.ts).
        else failed.push(...brokenFacts(id, r.stdout, r.txids.length));
      }
      expect(failed).toEqual([]);
    });
  }

  for (const c of CASES) {
    test(`${c.id} runs in the page with its Node test's results, and no request leaves the site`, async ({ page, baseURL }) => {
      const outside: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith(baseURL ?? '') && !req.url().startsWith('data:')) outside.push(req.url());
      });
      const r = await runExample(page, c.chapter, c.id);
      expect(r.status).toMatch(/^Run finished/);
      c.check(r);
      expect(outside).toEqual([]);
    });
  }

  test('chapter pages load no runner code before Run; Reset restores the chain and a second Run continues on it', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script' || req.url().includes('/runner/')) scripts.push(req.url());
    });
    await page.goto('/book/chapter-05#code-examples');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((u) => u.includes('/runner/worker'))).toEqual([]);
    const root = page.locator('[data-runner="reviewed-p2pkh-payment"]');
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run finished: \d+ lines of output, 1 transaction accepted\.$/, { timeout: 20_000 });
    // The worker's name is content-hashed (cached for good: a later chapter does not fetch it again).
    expect(scripts.some((u) => /\/runner\/worker\.[0-9a-f]{12}\.js$/.test(u))).toBe(true);
    const first = await root.locator('.runner-txid').textContent();
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('.runner-txid')).not.toHaveText(first ?? '');
    await expect(root.locator('[data-status]')).toHaveText(/^Run finished/);
    await root.getByRole('button', { name: 'Reset' }).click();
    await expect(root.locator('[data-status]')).toHaveText('The fake chain, wallet and files are back to their start.');
    await expect(root.locator('[data-output]')).toBeHidden();
  });

  test('Edit loads the editor on demand; Run takes the edited code, with the line of its error; Reset code restores the printed version', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (req) => loaded.push(req.url()));
    await page.goto('/book/chapter-05#code-examples');
    await page.locator('[data-example="sign-and-verify-record"]').click();
    const root = page.locator('[data-runner="sign-and-verify-record"]');
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run finished/);
    const beforeEdit = loaded.length;
    expect(await page.locator('.cm-editor').count()).toBe(0);
    await root.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit sign-and-verify.ts' });
    await expect(editor).toBeVisible();
    expect(loaded.length).toBeGreaterThan(beforeEdit); // the editor's chunk came with the first Edit
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type("const n: number = 2\nconsole.log('edited', n * 21)\nthrow new Error('stop here')\n");
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('.runner-error')).toHaveText(/^Error on line 3, column \d+ \(exit code 1\)$/);
    await expect(root.locator('.runner-console')).toContainText('edited 42');
    await root.getByRole('button', { name: 'Reset code' }).click();
    await expect(root.locator('[data-status]')).toHaveText('The code is back to the printed version.');
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run finished/);
    await expect(root.locator('.runner-console')).toHaveText('genuine record verifies: true\ntampered record verifies: false\nwrong key verifies: false\n');
  });

  test('an error shows the line it came from', async ({ page }) => {
    await page.goto('/book/chapter-06#code-examples');
    await page.locator('[data-example="lookup-and-verify-registration"]').click();
    const root = page.locator('[data-runner="lookup-and-verify-registration"]');
    await root.getByText('Setup: what a Run gives this example').click();
    await expect(root.locator('.runner-setup')).toContainText("localhost:8080 is the model registry's overlay host");
    await root.getByLabel(/Arguments/).fill('acme/summariser');
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('.runner-error')).toHaveText(/^Error on line \d+, column \d+ \(exit code 1\)$/, { timeout: 20_000 });
    await expect(root.locator('.runner-stderr')).toContainText('usage: PUBLISHER_IDENTITY_KEY=<key> PUBLISHER_V1_OUTPOINT=<txid.0> lookup');
  });

  test("chapter 7's client pays chapter 7's Express server in the page: the server runs first, the pinned key matches", async ({ page }) => {
    await page.goto('/book/chapter-07#code-examples');
    await page.locator('[data-example="paid-ai-api-client"]').click();
    const root = page.locator('[data-runner="paid-ai-api-client"]');
    await root.getByText('Setup: what a Run gives this example').click();
    await expect(root.locator('.runner-setup')).toContainText("AI_PROVIDER_KEY = <the identity key of the server's wallet>");
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run finished/, { timeout: 20_000 });
    const out = root.locator('.runner-console');
    await expect(out).toContainText('[paid-ai-api-server runs first]');
    await expect(out).toContainText(/AI API on http:\/\/localhost:3000 as [0-9a-f]{66}/);
    await expect(out).toContainText(/\{"summary":"Grid batteries shift solar power into the evening.","paid":70,"paymentTxid":"[0-9a-f]{64}"/);
    await expect(root.locator('.runner-txid')).toHaveCount(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the runner's controls, output and editor (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await runExample(page, 'chapter-05', 'reviewed-p2pkh-payment');
      await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
      await page.locator('[data-runner="reviewed-p2pkh-payment"]').getByRole('button', { name: 'Edit' }).click();
      await expect(page.locator('.runner-editor .cm-editor')).toBeVisible();
      const results = await new AxeBuilder({ page }).include('[data-runner="reviewed-p2pkh-payment"]').include('.runner-editor').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('the worker has its own CSP (evaluation inside it, no connections at all); the page keeps its own', async ({ page }) => {
    await page.goto('/book/chapter-05');
    const url = (await page.locator('[data-runner-worker]').first().getAttribute('data-runner-worker')) ?? '';
    expect(url).toMatch(/^\/runner\/worker\.[0-9a-f]{12}\.js$/);
    const worker = await page.request.get(url);
    expect(worker.ok()).toBe(true);
    expect(worker.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const workerCsp = worker.headers()['content-security-policy'] ?? '';
    expect(workerCsp).toContain("script-src 'self' 'unsafe-eval'");
    expect(workerCsp).toContain("connect-src 'none'");
    expect(workerCsp).toContain("worker-src 'none'");
    const pageCsp = (await page.request.get('/book/chapter-05')).headers()['content-security-policy'] ?? '';
    expect(pageCsp).toContain("connect-src 'self'");
    expect(pageCsp).not.toContain("'unsafe-eval'");
    expect(pageCsp).not.toContain('blob:');
  });

  /** Replaces the example's code in the editor with `code`. */
  async function editTo(page: Page, id: string, code: string): Promise<void> {
    const root = page.locator(`[data-runner="${id}"]`);
    const editor = page.locator(`[data-example-panel="${id}"] .cm-content`);
    // The editor stays open once opened (Edit is then hidden).
    if ((await editor.count()) === 0) await root.getByRole('button', { name: 'Edit' }).click();
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(code);
  }

  test('keyboard alone: Tab reaches Run, Reset and Edit, Enter and Space press them, Ctrl+Enter runs the edit', async ({ page }) => {
    await page.goto('/book/chapter-05#code-examples');
    const root = page.locator('[data-runner="reviewed-p2pkh-payment"]');
    const status = root.locator('[data-status]');
    await root.getByRole('button', { name: 'Run', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/^Run finished: \d+ lines of output, 1 transaction accepted\.$/, { timeout: 20_000 });
    await expect(root.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(root.getByRole('button', { name: 'Reset', exact: true })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(status).toHaveText('The fake chain, wallet and files are back to their start.');
    await page.keyboard.press('Tab');
    await expect(root.getByRole('button', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('textbox', { name: 'Edit pay-with-change.ts' });
    await expect(editor).toBeFocused();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type("\nconsole.log('typed by keyboard')");
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(status).toHaveText(/^Run finished/, { timeout: 20_000 });
    await expect(root.locator('.runner-console')).toContainText('typed by keyboard');
  });

  test('an endless loop is ended by Stop at once and by the time limit, and the next Run works', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/book/chapter-05#code-examples');
    await page.locator('[data-example="sign-and-verify-record"]').click();
    const root = page.locator('[data-runner="sign-and-verify-record"]');
    const status = root.locator('[data-status]');
    await editTo(page, 'sign-and-verify-record', "console.log('looping')\nwhile (true) {}\n");
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(status).toHaveText('Running… (stops after 10 s)');
    const stop = root.getByRole('button', { name: 'Stop' });
    await expect(stop).toBeFocused();
    const pressed = Date.now();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/^Stopped\./);
    expect(Date.now() - pressed).toBeLessThan(2_000);
    await expect(root.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
    await expect(stop).toBeHidden();
    // The time limit.
    const started = Date.now();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/^Stopped after 10 s, the time limit\./, { timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(12_000);
    // The next Run works at once, on a fresh worker.
    await root.getByRole('button', { name: 'Reset code' }).click();
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(status).toHaveText(/^Run finished: 3 lines of output/);
  });

  test('100,000 lines of output are cut at 2,000 and the page keeps answering', async ({ page }) => {
    await page.goto('/book/chapter-05#code-examples');
    await page.locator('[data-example="sign-and-verify-record"]').click();
    const root = page.locator('[data-runner="sign-and-verify-record"]');
    await editTo(page, 'sign-and-verify-record', 'for (let i = 0; i < 100000; i++) console.log(`line ${i}`)\n');
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Output truncated at 2,000 lines: the run was stopped\./, { timeout: 15_000 });
    const lag = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const t = performance.now();
          setTimeout(() => resolve(performance.now() - t), 0);
        }),
    );
    expect(lag).toBeLessThan(200);
    expect(await root.locator('.runner-console').evaluate((el) => el.childNodes.length)).toBeLessThan(100);
  });

  test("code in the editor reaches nothing with the reader's cookies: no XMLHttpRequest, importScripts or real fetch", async ({ page }) => {
    const api: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/')) api.push(`${req.method()} ${req.url()}`);
    });
    await page.goto('/book/chapter-05#code-examples');
    await page.locator('[data-example="sign-and-verify-record"]').click();
    const root = page.locator('[data-runner="sign-and-verify-record"]');
    await editTo(
      page,
      'sign-and-verify-record',
      [
        "for (const attempt of [() => new XMLHttpRequest(), () => importScripts('/api/auth/user'), () => new WebSocket('ws://localhost/')]) {",
        "  try { attempt(); console.log('reached') } catch (e) { console.log('refused:', (e as Error).message.split(':')[0]) }",
        '}',
        "const answer = await fetch('http://localhost:8899/api/auth/user', { credentials: 'include' }).then((r) => r.status, (e) => `failed ${e}`)",
        "console.log('fetch answered by the simulated network:', answer)",
        "await import('/api/auth/user').then(() => console.log('imported'), () => console.log('import refused'))",
        '',
      ].join('\n'),
    );
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run (finished|failed)/, { timeout: 20_000 });
    const out = (await root.locator('.runner-console').textContent()) ?? '';
    expect(out).toContain('refused: XMLHttpRequest is not available in the in-page runner');
    expect(out).toContain('refused: importScripts is not available in the in-page runner');
    expect(out).toContain('refused: WebSocket is not available in the in-page runner');
    expect(out).not.toContain('reached');
    // Whatever the worker tried, no request to the API left it (the page's own requests are none here).
    expect(api).toEqual([]);
  });

  test('an edit survives a reload until Reset code; Ctrl+Enter runs it; Copy copies it; arrow keys stay in the runner', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/book/chapter-05#code-examples');
    await page.locator('[data-example="sign-and-verify-record"]').click();
    await editTo(page, 'sign-and-verify-record', "console.log('kept edit', 6 * 7)\n");
    // Ctrl+Enter in the editor runs the edit; focus stays in the editor.
    await page.keyboard.press('Control+Enter');
    const root = page.locator('[data-runner="sign-and-verify-record"]');
    await expect(root.locator('.runner-console')).toHaveText('kept edit 42\n');
    // Arrow keys inside the runner never turn the page.
    await root.getByRole('button', { name: 'Run', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\/book\/chapter-05/);
    await page.waitForTimeout(400); // the edit is kept 300 ms after the last keystroke
    await page.reload();
    await page.locator('[data-example="sign-and-verify-record"]').click();
    const editor = page.locator('[data-example-panel="sign-and-verify-record"] .cm-content');
    await expect(editor).toContainText("console.log('kept edit', 6 * 7)");
    await page.locator('[data-example-panel="sign-and-verify-record"] [data-copy]').first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("console.log('kept edit', 6 * 7)");
    await root.getByRole('button', { name: 'Reset code' }).click();
    await page.reload();
    await page.locator('[data-example="sign-and-verify-record"]').click();
    await expect(page.locator('[data-example-panel="sign-and-verify-record"] .cm-content')).toHaveCount(0);
  });

  test('on a 390 px phone a Run that lists a transaction keeps the page 390 px wide, with 44 px buttons', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await runExample(page, 'chapter-05', 'reviewed-p2pkh-payment');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    for (const box of await page
      .locator('[data-runner="reviewed-p2pkh-payment"] .runner-button:visible')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  });

  test('the Setup disclosure shows what a Run is given, and an edited argument changes the run', async ({ page }) => {
    await page.goto('/book/chapter-05#code-examples');
    const root = page.locator('[data-runner="reviewed-p2pkh-payment"]');
    await root.getByText('Setup: what a Run gives this example').click();
    const setup = root.locator('.runner-setup');
    await expect(setup).toContainText('payer: a new key, funded with 50,000 satoshis');
    await expect(setup).toContainText("PAYER_WIF = <payer's private key (WIF)>");
    await expect(setup).toContainText("<recipient's testnet address> 12000");
    const args = setup.getByLabel(/Arguments/);
    await args.fill((await args.inputValue()).replace(/12000$/, '7000'));
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run finished/, { timeout: 20_000 });
    await expect(root.locator('.runner-outputs[aria-label="Outputs"] li').first()).toHaveText('output 0: 7000 sats, P2PKH');
    // An example given nothing says so.
    await page.locator('[data-example="sign-and-verify-record"]').click();
    const plain = page.locator('[data-runner="sign-and-verify-record"] .runner-setup');
    await plain.getByText('Setup: what a Run gives this example').click();
    await expect(plain).toContainText('Nothing: it runs as printed');
  });

  test('a syntax error names its line and column and the editor marks it; the stack counts lines as shown; late output and rejections show', async ({
    page,
  }) => {
    await page.goto('/book/chapter-05#code-examples');
    await page.locator('[data-example="sign-and-verify-record"]').click();
    const root = page.locator('[data-runner="sign-and-verify-record"]');
    await editTo(page, 'sign-and-verify-record', 'const a = 1\nconst b = (\nconsole.log(a\n');
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run failed on line 4, column 1:/);
    await expect(root.locator('.runner-stderr')).toContainText('SyntaxError');
    await expect(page.locator('[data-example-panel="sign-and-verify-record"] .cm-line.runner-error-line')).toHaveCount(1);
    // A runtime error: the stack's line is the line as shown (the function header is not counted).
    await editTo(page, 'sign-and-verify-record', "console.log('one')\n\nthrow new Error('on line three')\n");
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('[data-status]')).toHaveText(/^Run failed on line 3, column \d+:/);
    await expect(root.locator('.runner-stderr')).toContainText(/example-sign-and-verify\.ts:3:\d+/);
    await expect(page.locator('[data-example-panel="sign-and-verify-record"] .cm-line.runner-error-line')).toHaveText("throw new Error('on line three')");
    // Late output and an unhandled rejection, after the run ended.
    await editTo(page, 'sign-and-verify-record', "setTimeout(() => console.log('late line'), 300)\nvoid Promise.reject(new Error('nobody caught me'))\n");
    await root.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(root.locator('.runner-console')).toContainText('late line');
    await expect(root.locator('.runner-console')).toContainText('Unhandled promise rejection: Error: nobody caught me');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the examples still show as code, with no runner controls', async ({ page }) => {
      await page.goto('/book/chapter-05');
      await expect(page.locator('[data-example-panel="reviewed-p2pkh-payment"] pre')).toContainText('PAYER_WIF');
      await expect(page.locator('[data-runner="reviewed-p2pkh-payment"]')).toBeHidden();
    });
  });
});
