import { PrivateKey } from '@bsv/sdk';
import type { FakeChain } from './fake-chain.ts';

/**
 * What an example is given when it runs outside its own test: in the in-page runner
 * (src/runner/sandbox.ts) and with `npm run example -- <id>`. One place for every example: an
 * example with no entry runs with nothing (no arguments, no environment); one marked `local`
 * cannot run in the page and says why. Values may name keys with `{{name.wif}}`,
 * `{{name.address}}`, `{{name.publicKey}}` and `{{name.funding}}` (the hex of a mined transaction
 * paying `keys[name]` satoshis to the key's testnet address, output 0).
 */
export interface RunSpec {
  /** Keys made for the run: name -> satoshis funded on the fake chain (0: a key with no coins). */
  keys?: Record<string, number>;
  env?: Record<string, string>;
  args?: string[];
  /** Files in the working directory before the first run (kept if the reader changed them). */
  files?: Record<string, string>;
}

export interface LocalOnly {
  /** Why the page cannot run it (shown beside `npm run example -- <id>`). */
  local: string;
}

export const RUN_OPTIONS: Readonly<Record<string, RunSpec | LocalOnly>> = {
  'reviewed-p2pkh-payment': {
    keys: { payer: 50_000, recipient: 0 },
    env: { PAYER_WIF: '{{payer.wif}}' },
    args: ['{{payer.funding}}', '0', '{{recipient.address}}', '12000'],
  },
  'timestamp-digest-op-return': {
    keys: { anchor: 10_000 },
    env: { ANCHOR_WIF: '{{anchor.wif}}' },
    files: { 'contract.pdf': 'the contract text, version 3' },
    args: ['contract.pdf', '{{anchor.funding}}', '0'],
  },
  'anchor-audit-batch': { keys: { audit: 10_000 }, env: { AUDIT_FUNDING_WIF: '{{audit.wif}}', FUNDING_TX_HEX: '{{audit.funding}}' } },
  'payment-unit-economics': { env: { BSV_USD: '40' } },
  'paid-ai-api-server': { local: 'it starts an Express server with the BSV auth and payment middleware' },
  'wallet-sign-in-server': { local: 'it starts an HTTP server for a browser sign-in' },
  'brc121-paid-endpoint': { local: 'it starts an HTTP server that asks for payment' },
};

export function isLocalOnly(options: RunSpec | LocalOnly | undefined): options is LocalOnly {
  return options !== undefined && 'local' in options;
}

export interface ResolvedRun {
  env: Record<string, string>;
  args: string[];
  files: Record<string, string>;
}

/** Makes and funds the spec's keys on `chain` and fills in the templates. */
export function resolveRunSpec(spec: RunSpec, chain: FakeChain): ResolvedRun {
  const values = new Map<string, string>();
  for (const [name, satoshis] of Object.entries(spec.keys ?? {})) {
    const key = PrivateKey.fromRandom();
    const address = key.toAddress('testnet');
    values.set(`${name}.wif`, key.toWif());
    values.set(`${name}.address`, address);
    values.set(`${name}.publicKey`, key.toPublicKey().toString());
    if (satoshis > 0) values.set(`${name}.funding`, chain.fundAddress(address, satoshis).toHex());
  }
  const fill = (text: string): string =>
    text.replace(/\{\{(\w+\.\w+)\}\}/g, (_m, name: string) => {
      const value = values.get(name);
      if (value === undefined) throw new Error(`run options: no value for {{${name}}}`);
      return value;
    });
  const map = (record: Record<string, string> = {}): Record<string, string> => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fill(v)]));
  return { env: map(spec.env), args: (spec.args ?? []).map(fill), files: map(spec.files) };
}
