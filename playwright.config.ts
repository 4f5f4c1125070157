import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests run against the production build served by the same local platform as
 * `npm start` (scripts/serve.ts), in Debian's Chromium. No browser is ever downloaded.
 */
const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install Debian's Chromium (apt-get update && apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH to a Chromium binary. Playwright never downloads a browser here.',
  );
}
const port = Number(process.env['E2E_PORT'] ?? 8899);
// A fresh Blobs store for every run (the config is evaluated again in each worker, which inherits
// the variable): tests never see, or pollute, the data of a local `npm start`. Tests that seed
// data directly use E2E_BLOBS_DIR.
process.env['E2E_BLOBS_DIR'] ??= mkdtempSync(path.join(tmpdir(), 'e2e-blobs-'));
const blobsDir = process.env['E2E_BLOBS_DIR'];
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env['CI'] ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: !!process.env['CI'],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /soak\.spec\.ts$/ },
    // The soak test adds 60 ideas at once: run alongside the gallery tests, it pushed their seeded
    // ideas off the first page of recent ideas (two failures in a fresh clone's run). It runs last.
    { name: 'soak', use: { ...devices['Desktop Chrome'] }, testMatch: /soak\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: {
    // The local generation rate limit (20 a minute per client) is covered by integration tests;
    // here every test shares one client address, so it is lifted.
    command: `npm run build && PORT=${port} BLOBS_DIR=${blobsDir} GENERATE_RATE_LIMIT=off npm run serve`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
