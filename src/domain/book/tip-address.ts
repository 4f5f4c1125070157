import { Utils } from '@bsv/sdk';

/**
 * The tip address that ships in `content/book.json` as an example. Nobody running this site
 * controls it, so a deployed build refuses it (docs/decisions/014-reader-documents.md).
 */
export const SAMPLE_TIP_ADDRESS = '195cZbp4DheXUfCSDu6CEb1S7HgRtRsVM4';

/** Version bytes of BSV mainnet addresses: P2PKH (0x00) and P2SH (0x05). */
const ADDRESS_VERSIONS = new Set([0x00, 0x05]);

/**
 * Why `address` is not a valid BSV mainnet address, or undefined when it is: Base58 alphabet,
 * a 4-byte double-SHA-256 checksum that matches (Base58Check), a mainnet version byte and a
 * 20-byte hash.
 */
export function tipAddressProblem(address: string): string | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]{26,35}$/.test(address)) return 'it is not a Base58 address of 26 to 35 characters';
  let decoded: { prefix: number[]; data: number[] };
  try {
    decoded = Utils.fromBase58Check(address) as { prefix: number[]; data: number[] };
  } catch {
    return 'its Base58Check checksum does not match (a typo?)';
  }
  if (decoded.prefix.length !== 1 || !ADDRESS_VERSIONS.has(decoded.prefix[0] ?? -1)) return 'it is not a mainnet address (version byte 0x00 or 0x05)';
  if (decoded.data.length !== 20) return 'its hash is not 20 bytes long';
  return undefined;
}

/** True for the example address that ships with the repository. */
export function isSampleTipAddress(address: string): boolean {
  return address === SAMPLE_TIP_ADDRESS;
}

/**
 * Checks the tip address before a build. Locally any valid address passes (the sample is
 * labelled as such on the page); a deployed build (`deployed`: any Netlify context) throws
 * unless the site owner set a valid address of their own, so no payment address nobody
 * controls is ever published.
 */
export function assertTipAddress(address: string, { deployed }: { deployed: boolean }): void {
  const problem = tipAddressProblem(address);
  if (problem) throw new Error(`content/book.json: supportAddress "${address}" is not a valid BSV address: ${problem}. Set your own address there.`);
  // A note for the site's owner belongs in the build log, never on a reader's page.
  if (!deployed && isSampleTipAddress(address))
    console.warn('content/book.json: supportAddress is the sample address that ships with the repository; set your own before deploying.');
  if (deployed && isSampleTipAddress(address)) {
    throw new Error(
      'content/book.json: supportAddress is still the sample address that ships with the repository, which nobody running this site controls. ' +
        'Set "supportAddress" to a BSV address you own before deploying (the build stops here so that no tips are sent to it).',
    );
  }
}
