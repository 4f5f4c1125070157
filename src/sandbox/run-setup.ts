import type { RunSpec } from './run-options.ts';
import { SERVICES } from './services.ts';

/**
 * What a Run gives an example, in words, for the "Setup" disclosure beside it
 * (src/pages/book/_components/ExampleRunner.astro): no input appears from nowhere. Templates such
 * as `{{payer.wif}}` are named for what they are ("payer's private key (WIF)").
 */
export interface SetupView {
  keys: string[];
  env: { name: string; value: string }[];
  /** The command line, templates in words; the editable form is `argsTemplate`. */
  commandLine: string | undefined;
  argsTemplate: string;
  files: { name: string; content: string }[];
  main: string | undefined;
  requires: string[];
  routes: string[];
  mined: number;
  /** Services that answer at a host, in words. */
  hosts: string[];
}

const PART: Record<string, (name: string) => string> = {
  wif: (n) => `${n}'s private key (WIF)`,
  address: (n) => `${n}'s testnet address`,
  publicKey: (n) => `${n}'s public key`,
  funding: (n) => `the transaction that funded ${n} (hex)`,
  txid: (n) => `the id of the transaction that funded ${n}`,
  beef: (n) => `the transaction that funded ${n}, as BEEF (hex)`,
  bump: (n) => `the Merkle path of the transaction that funded ${n} (hex)`,
  headers: () => "the simulated chain's recent block headers (JSON)",
  type: (n) => `the ${n.replace(/Certificate$/, '')} certificate's type (base64)`,
  receipt: () => 'your ballot receipt from the ballot service: your commitment and its Merkle path (JSON)',
  v1Outpoint: () => 'the version 1 outpoint the register run printed, as the publisher publishes it with the model',
  identityKey: (n) =>
    n === 'serverWallet' ? "the identity key of the server's wallet" : n === 'wallet' ? "your wallet's identity key" : `${n}'s identity key`,
};

/** A value with its templates in words: `{{payer.wif}}` -> `<payer's private key (WIF)>`. */
function inWords(text: string): string {
  return text.replace(/\{\{(\w+)\.(\w+)\}\}/g, (whole, name: string, part: string) => {
    const say = PART[part];
    return say ? `<${say(name)}>` : whole;
  });
}

/** Splits an edited command line into arguments: whitespace separates, quotes keep spaces. */
export function splitArgs(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Quotes an argument for the editable command line when it holds a space. */
function quote(arg: string): string {
  return /\s/.test(arg) ? `"${arg}"` : arg;
}

/** The Setup disclosure of an example's run options. */
export function describeSetup(spec: RunSpec, fileName: string): SetupView {
  const keys = Object.entries(spec.keys ?? {}).map(([name, satoshis]) =>
    satoshis > 0
      ? `${name}: a new key, funded with ${satoshis.toLocaleString('en-US')} satoshis by a mined transaction on the simulated chain`
      : `${name}: a new key with no coins`,
  );
  const args = spec.args ?? [];
  return {
    keys,
    env: Object.entries(spec.env ?? {}).map(([name, value]) => ({ name, value: inWords(value) })),
    commandLine: args.length === 0 ? undefined : `node ${spec.main === undefined ? fileName : 'main.ts'} ${args.map((a) => inWords(quote(a))).join(' ')}`,
    argsTemplate: args.map(quote).join(' '),
    files: Object.entries(spec.files ?? {}).map(([name, content]) => ({ name, content: inWords(content) })),
    main: spec.main === undefined ? undefined : inWords(spec.main),
    requires: spec.requires ?? [],
    routes: Object.entries(spec.routes ?? {}).flatMap(([host, paths]) =>
      Object.entries(paths).map(
        ([route, answer]) => `${route.replace(' ', ` https://${host}`)} answers ${answer.status ?? 200}${answer.json !== undefined ? ' with JSON' : ''}`,
      ),
    ),
    mined: spec.mine ?? 0,
    hosts: Object.entries(spec.hosts ?? {}).map(([host, name]) => `${host} is ${SERVICES[name].says}`),
  };
}
