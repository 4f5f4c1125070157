import { PrivateKey } from '@bsv/sdk';
import { FakeChain } from '../../../src/sandbox/fake-chain.ts';
import { LoopbackNet } from './loopback-net.ts';
import { extractExamples, runExample, writeDriver, type ExtractedExample, type RunOptions, type RunResult } from './run.ts';
import { TestWallet } from '../../../src/sandbox/test-wallet.ts';

export interface ExampleContext {
  chain: FakeChain;
  net: LoopbackNet;
  wallet: TestWallet;
  example: (id: string) => ExtractedExample;
  hasExample: (id: string) => boolean;
  /** Every example's id, in book order. */
  ids: () => string[];
  run: (id: string, options?: Omit<RunOptions, 'net'>) => Promise<RunResult>;
  /** Writes a driver script beside example `id` (it imports the example as `./<fileName>`); returns a runner for it. */
  driver: (id: string, code: string) => Promise<(options?: Omit<RunOptions, 'net'>) => Promise<RunResult>>;
  /** A second wallet on the same chain (for the other party of a transfer). */
  newWallet: () => TestWallet;
  close: () => Promise<void>;
}

/** A fake chain, the loopback network boundary, a funded test wallet, and the extracted examples. */
export async function exampleContext(): Promise<ExampleContext> {
  const chain = new FakeChain();
  const net = new LoopbackNet(chain);
  await net.start();
  const wallet = new TestWallet(PrivateKey.fromRandom(), chain);
  net.wallet = wallet;
  const examples = await extractExamples();
  const example = (id: string): ExtractedExample => {
    const found = examples.get(id);
    if (found === undefined) throw new Error(`no example ${id}`);
    return found;
  };
  return {
    chain,
    net,
    wallet,
    example,
    hasExample: (id) => examples.has(id),
    ids: () => [...examples.keys()],
    run: async (id, options = {}) => await runExample(example(id).file, { ...options, net: net.url }),
    driver: async (id, code) => {
      const file = await writeDriver(example(id), `driver-${id}.ts`, code);
      return async (options = {}) => await runExample(file, { ...options, net: net.url });
    },
    newWallet: () => new TestWallet(PrivateKey.fromRandom(), chain),
    close: async () => await net.stop(),
  };
}
