import { PrivateKey, type Transaction } from '@bsv/sdk';
import type { FakeChain } from './fake-chain.ts';

/**
 * What an example is given when it runs outside its own test: in the in-page runner
 * (src/runner/sandbox.ts) and with `npm run example -- <id>`. One place for every example: an
 * example with no entry runs with nothing (no arguments, no environment); one marked `local`
 * cannot run in the page and says why. Values may name keys with `{{name.wif}}`,
 * `{{name.address}}`, `{{name.publicKey}}` and, for a funded key, `{{name.funding}}` (the hex of a
 * mined transaction paying `keys[name]` satoshis to the key's testnet address, output 0),
 * `{{name.txid}}`, `{{name.beef}}` (its BEEF hex) and `{{name.bump}}` (its Merkle path hex); and
 * `{{chain.headers}}`, the chain's recent block headers as JSON `[{ height, merkleRoot }]`.
 */
export interface RunSpec {
  /** Keys made for the run: name -> satoshis funded on the fake chain (0: a key with no coins). */
  keys?: Record<string, number>;
  env?: Record<string, string>;
  args?: string[];
  /** Files written to the working directory before each run. */
  files?: Record<string, string>;
  /** Blocks mined after the keys are funded (confirmations for a proof). */
  mine?: number;
  /**
   * For an example that is a module (it exports functions and runs nothing itself): a short
   * program, run instead, that imports the example as `./<fileName>` and calls it.
   */
  main?: string;
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
  'verify-beef-with-spv': { keys: { payment: 4321 }, files: { 'payment.beef.hex': '{{payment.beef}}' }, args: ['payment.beef.hex', '{{payment.txid}}'] },
  'local-header-chain-tracker': {
    keys: { payment: 1000 },
    mine: 5,
    files: { 'headers.json': '{{chain.headers}}' },
    env: { HEADERS_JSON: 'headers.json' },
    args: ['{{payment.bump}}', '{{payment.txid}}'],
  },
  'commission-lot': { args: ['00012345678905', 'G-114', '500-1000kg', 'field 7'] },
  'sign-provenance-record': { files: { 'photo-1.jpg': 'image bytes 0' }, args: ['photo-1.jpg'] },
  'pushdrop-token-transfer': {
    keys: { friend: 0 },
    main: `import { PrivateKey } from '@bsv/sdk'
import { mint, transfer } from './pushdrop-token.ts'

// Mint a voucher in the wallet, then hand it to another identity.
const txid = await mint('voucher-42', '10 GBP')
console.log('minted voucher-42 in', txid)
const sent = await transfer('voucher-42', PrivateKey.fromWif('{{friend.wif}}').toPublicKey().toString())
console.log('transferred', sent.voucherId, 'as output', sent.outputIndex, 'of', sent.beef.length, 'bytes of Atomic BEEF')
`,
  },
  'timestamp-anchor-service': {
    files: { 'model-card.md': '# Model card\nTrained on public data.\n' },
    main: `import { anchorFile, checkStamp } from './timestamp-service.ts'

const txid = await anchorFile('model-card.md')
console.log('anchored model-card.md in', txid)
console.log('proof complete:', await checkStamp('model-card.md'))
`,
  },
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
  main: string | undefined;
}

/** Makes and funds the spec's keys on `chain` and fills in the templates. */
export function resolveRunSpec(spec: RunSpec, chain: FakeChain): ResolvedRun {
  const values = new Map<string, string>();
  const funded: [string, Transaction][] = [];
  for (const [name, satoshis] of Object.entries(spec.keys ?? {})) {
    const key = PrivateKey.fromRandom();
    const address = key.toAddress('testnet');
    values.set(`${name}.wif`, key.toWif());
    values.set(`${name}.address`, address);
    values.set(`${name}.publicKey`, key.toPublicKey().toString());
    if (satoshis > 0) funded.push([name, chain.fundAddress(address, satoshis)]);
  }
  for (let i = 0; i < (spec.mine ?? 0); i += 1) chain.mine();
  for (const [name, tx] of funded) {
    values.set(`${name}.funding`, tx.toHex());
    values.set(`${name}.txid`, tx.id('hex'));
    values.set(`${name}.beef`, tx.toHexBEEF());
    values.set(`${name}.bump`, tx.merklePath?.toHex() ?? '');
  }
  const headers = [];
  for (let h = Math.max(0, chain.height - 10); h <= chain.height; h += 1) {
    const root = chain.rootAt(h);
    if (root !== undefined) headers.push({ height: h, merkleRoot: root });
  }
  values.set('chain.headers', JSON.stringify(headers));
  const fill = (text: string): string =>
    text.replace(/\{\{(\w+\.\w+)\}\}/g, (_m, name: string) => {
      const value = values.get(name);
      if (value === undefined) throw new Error(`run options: no value for {{${name}}}`);
      return value;
    });
  const map = (record: Record<string, string> = {}): Record<string, string> => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fill(v)]));
  return { env: map(spec.env), args: (spec.args ?? []).map(fill), files: map(spec.files), main: spec.main === undefined ? undefined : fill(spec.main) };
}
