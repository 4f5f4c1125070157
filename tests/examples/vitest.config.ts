import { defineConfig } from 'vitest/config';

// `npm run test:examples`: runs every code example of the book offline (see tests/examples/harness).
export default defineConfig({
  test: {
    include: ['tests/examples/**/*.test.ts'],
    globalSetup: ['tests/examples/harness/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
