import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Any unexpected console.error fails the test (docs/architecture.md). A test that expects an error log spies
 * on console.error itself (vi.spyOn(console, 'error').mockImplementation(...)) and asserts on it.
 */
let calls: unknown[][] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});
afterEach(() => {
  const unexpected = calls;
  vi.restoreAllMocks();
  if (unexpected.length > 0) throw new Error(`Unexpected console.error: ${unexpected.map((a) => a.map(String).join(' ')).join('\n')}`);
});
