import { defineConfig } from 'vitest/config';

const shared = {
  environment: 'node' as const,
  setupFiles: ['tests/setup/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/**
 * Two projects: `unit` (pure code, no servers: `npm run test:fast`, the inner loop) and
 * `integration` (real Blobs server, the SDKs against a loopback fake, OpenID Connect provider,
 * EPUBCheck, the book's content). `npm run test:unit` runs both.
 */
export default defineConfig({
  test: {
    // Every core: vitest's default leaves one idle, which on the 2-core CI machine ran the files one at a time (274 s; 191 s with 2).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'netlify/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
        },
      },
      { test: { ...shared, name: 'integration', include: ['tests/integration/**/*.test.ts', 'tests/content/**/*.test.ts'] } },
    ],
  },
});
