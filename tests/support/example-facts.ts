/**
 * What each example the page can run prints when it runs with its run options
 * (src/sandbox/run-options.ts): the facts its Node test (tests/examples/chapter-NN.test.ts) checks,
 * as patterns over its standard output (every pattern must match), and how many transactions the
 * simulated ARC accepts in the run. One list for both sides: the sandbox in Node
 * (tests/examples/in-page-runner.test.ts) and the page in Chromium (tests/e2e/runner.spec.ts).
 * A run that requires earlier steps (`requires`) is checked after they ran, as the page runs them.
 */
export interface ExampleFacts {
  stdout: RegExp[];
  /** Transactions the run itself gets accepted (not counting the steps it requires). */
  transactions?: number;
}

const TXID = '[0-9a-f]{64}';
const KEY = '0[23][0-9a-f]{64}';

export const EXAMPLE_FACTS: Readonly<Record<string, ExampleFacts>> = {
  'sign-and-verify-record': { stdout: [/^genuine record verifies: true\ntampered record verifies: false\nwrong key verifies: false$/m], transactions: 0 },
  'record-version-batch': { stdout: [/^batch root to anchor: [0-9a-f]{64}\nversion 2 verifies: true\naltered version verifies: false$/m], transactions: 0 },
  'consent-grant': {
    stdout: [
      /^imaging for research in 2026: allowed \(within the signed terms\)$/m,
      /^pathology for research: refused \(data class pathology not granted\)$/m,
      /^imaging for marketing: refused \(purpose marketing not granted\)$/m,
      /^imaging in 2028: refused \(outside the consent period\)$/m,
      /^another organisation: refused \(requester is not the grantee\)$/m,
      /^terms widened after signing: refused \(signature does not match the terms\)$/m,
      /^a grant signed by another key: refused \(consent is not from this patient\)$/m,
    ],
    transactions: 0,
  },
  'reputation-attestation': {
    stdout: [/^genuine: valid\ncomment rewritten: client signature does not match\nother payment: payment is not the transaction named$/m],
    transactions: 0,
  },
  'encrypted-vault': {
    stdout: [/^server holds ciphertext only: true\nowner opens it: true\nanother wallet opens it: false\nwrong record key opens it: false$/m],
    transactions: 0,
  },
  'decision-receipt': {
    stdout: [
      /^receipt as issued: checks out$/m,
      /^data the lender later claims it used: input does not open the commitment$/m,
      /^decision edited afterwards: operator signature does not match$/m,
      /^model swapped after a complaint: model was not registered$/m,
    ],
    transactions: 0,
  },
  // No arguments: the default block hash, 1,200,000 receipts, a sample of 10.
  'audit-sample': {
    stdout: [/^sample of 10 from 1200000: 1157347, 1063254, 307929, 1042918, 432858, 1084495, 1153945, 45695, 91732, 1108964$/m],
    transactions: 0,
  },
  'hourly-matching': {
    stdout: [
      /^annual-style coverage: 116\.7%$/m,
      /^hourly coverage: 66\.7% \(20 of 30 MWh\)$/m,
      /^hours short of clean energy: 2026-06-01T11:00Z, 2026-06-01T13:00Z$/m,
    ],
    transactions: 0,
  },
  'signed-meter-readings': {
    stdout: [
      /^as metered: \{"mwh":3\}$/m,
      /^one reading inflated: \{"refused":"reading 2026-06-01T12:30Z is not signed by the meter"\}$/m,
      /^a quarter missing: \{"refused":"gap or overlap before 2026-06-01T12:30Z"\}$/m,
    ],
    transactions: 0,
  },
  // BSV_USD=50 and the fake ARC's 50 sat/kB: ceil(226 x 50 / 1000) = 12 satoshis, US$0.000006.
  'remittance-quote': {
    stdout: [
      /^network fee: 12 satoshis at 50 sat\/kB$/m,
      /^on-ramp spread: US\$2\.40\nservice fee: US\$1\.50\nnetwork fee: US\$0\.00000600\noff-ramp spread: US\$2\.94\ncash-out fee: US\$1\.93$/m,
      /^family receives: US\$191\.23; total cost 4\.4%$/m,
    ],
    transactions: 0,
  },
  'travel-rule-record': {
    stdout: [
      /^commitment for the payment: [0-9a-f]{64}\nagent reads: Jose Santos$/m,
      /^against another payment: record does not match the commitment in the payment\nanother agent cannot read it$/m,
    ],
    transactions: 0,
  },
  // The defaults: BTC 5 sat/vB at US$90,000; BSV 100 sat/kB at US$50 (23 sat, 0.6345 / 0.0000115 = 55,174).
  'fee-comparison': {
    stdout: [
      /^BTC \(1-in 2-out P2WPKH, 141 vB\): 705 sat, US\$0\.635, 1 payment per dollar of fees$/m,
      /^BSV \(1-in 2-out P2PKH, 226 bytes\): 23 sat, US\$0\.0000115, 86,956 payments per dollar of fees$/m,
      /^ratio: BTC fee is 55,174 times the BSV fee under these assumptions$/m,
    ],
    transactions: 0,
  },
  // At the fake ARC's 50 sat/kB a signed anchor of 309 bytes pays 16 satoshis.
  'gateway-anchor-planner': {
    stdout: [
      /^events: 11,574 a second$/m,
      /^anchors: 7,200,000 a day, 115,200,000 satoshis of fees at 50 sat\/kB$/m,
      /^each batch: about 139 events; one event's proof: 256 bytes$/m,
      /^headers for 8 years: 33\.64 MB$/m,
    ],
    transactions: 0,
  },
  // Two batches queued offline, then one flush: each anchored once, in its own transaction.
  'offline-anchor-queue': {
    stdout: [new RegExp(`^2026-11-24T02:00:00Z to 2026-11-24T02:01:00Z: ${TXID}\\n2026-11-24T02:02:00Z to 2026-11-24T02:02:00Z: ${TXID}$`, 'm')],
    transactions: 2,
  },
  'block-capacity': {
    stdout: [
      /^1 MB: 4,424 payments a block, 7 a second$/m,
      /^4 MB \(not BTC: its 4 million weight units hold about 7,100 141-vB payments\): 17,699 payments a block, 29 a second$/m,
      /^4 GiB \(Teranode quick-start blockmaxsize\): 19,004,280 payments a block, 31,674 a second$/m,
      /^10 GiB \(Teranode excessiveblocksize\): 47,510,700 payments a block, 79,185 a second$/m,
      /^1,000,000 payments a second needs blocks of about 126\.3 GiB every ten minutes$/m,
    ],
    transactions: 0,
  },
  // The certifier spends the revocation outpoint: one transaction.
  'certificate-selective-disclosure': {
    stdout: [
      /^certifier signature valid: true\nissued by expected certifier: true\nsubject is the user we authenticated: true\ntype is the one asked for: true$/m,
      /^revealed fields: \{ over18: 'true' \}$/m,
      /^fields still encrypted: \[ 'name', 'dateOfBirth', 'country' \]$/m,
      /^not revoked: true\nafter revocation, not revoked: false$/m,
    ],
    transactions: 1,
  },
  'ai-decision-audit-log': {
    stdout: [
      /^Log valid: true\nInput opens with its salt: true\nGuessing the applicant from the log fails: true$/m,
      /^Edited entry detected: true\nMissing entry detected: true\nReordered entries detected: true\nWrong operator detected: true$/m,
    ],
    transactions: 0,
  },
  // 12,000 of 50,000 sats; a 226-byte payment at 50 sat/kB pays ceil(11.3) = 12.
  'reviewed-p2pkh-payment': { stdout: [new RegExp(`^fee: 12 sats, txid: (${TXID})\\naccepted: \\1$`, 'm')], transactions: 1 },
  // sha256('the contract text, version 3'), the contents of contract.pdf.
  'timestamp-digest-op-return': {
    stdout: [
      /^ {2}"file": "contract\.pdf",$/m,
      /^ {2}"sha256": "d5dd67f143337c95356ddfd6fe893cfcbb6eb9c0eef293bf1f05bcc7d8e7bd8d",$/m,
      /^ {2}"rawTx": "[0-9a-f]+",$/m,
      new RegExp(`^ {2}"txid": "${TXID}"$`, 'm'),
    ],
    transactions: 1,
  },
  // The service's token issue and the ballot that spends it; the second ballot finds no token.
  'ballot-commitment': {
    stdout: [
      new RegExp(`^Commitment [0-9a-f]{64} anchored in ${TXID}$`, 'm'),
      /^a second ballot: No voting token for coop-agm-2025\/motion-3: already voted, or not eligible$/m,
    ],
    transactions: 2,
  },
  // The ballot service's tally includes the receipt's ballot, is signed by its authority and anchored in a mined block.
  'verify-published-tally': { stdout: [/^Tally verified\n$/], transactions: 0 },
  // The tagged Merkle root of sha256('a3f1'), ... sha256('e5f0').
  'anchor-audit-batch': {
    stdout: [
      new RegExp(`^Anchored 5 entries under root 1e7ea0980d19b0baa9d36d23ddeed625339b14a23cddfde331bbfdce892bd288 in ${TXID}$`, 'm'),
      // The first anchor spends the funding outpoint; its change, output 1, is the next one's input.
      new RegExp(`^chain: spends ${TXID}\\.0; the next anchor spends ${TXID}\\.1$`, 'm'),
    ],
    transactions: 1,
  },
  // BSV_USD=40; a ~226-byte payment pays 12 sats at 50 sat/kB; the shares are 12 / price and 12 / (price + 12).
  'payment-unit-economics': {
    stdout: [
      /^payment transaction: 22[4-8] bytes, fee 12 sats \(\$0\.000005\)$/m,
      /^price 20 sats \(\$0\.000008\): fee is 60\.0% of the price, 37\.5% of what the payer spends$/m,
      /^price 100 sats \(\$0\.000040\): fee is 12\.0% of the price, 10\.7% of what the payer spends$/m,
      /^price 400 sats \(\$0\.000160\): fee is 3\.0% of the price, 2\.9% of what the payer spends$/m,
      /^price 1000 sats \(\$0\.000400\): fee is 1\.2% of the price, 1\.2% of what the payer spends$/m,
      /^price 4000 sats \(\$0\.001600\): fee is 0\.3% of the price, 0\.3% of what the payer spends$/m,
    ],
    transactions: 0,
  },
  // The funded payment is mined: valid, with its block and confirmations, and its one 4,321-sat P2PKH output.
  'verify-beef-with-spv': {
    stdout: [new RegExp(`^valid: ${TXID}\\nmined in block \\d+, \\d+ confirmations?$`, 'm'), /^ {2}#0: 4321 sats, script 76a914[0-9a-f]{34}\.\.\.$/m],
    transactions: 0,
  },
  // Mined in a block, then 5 more: 6 confirmations, enough.
  'local-header-chain-tracker': { stdout: [/^\{"included":true,"confirmations":6\}$/m], transactions: 0 },
  // v1, or v2 when the page already ran it as the step before the lookup (the wallet then holds v1 and updates it).
  'register-and-submit-to-topic': { stdout: [new RegExp(`^registered acme/summariser v[12] in ${TXID}:0$`, 'm')], transactions: 1 },
  'lookup-and-verify-registration': {
    stdout: [new RegExp(`^acme/summariser v1 registered in ${TXID}:0\\nweights match the registered hash$`, 'm')],
    transactions: 0,
  },
  // The grant and its revocation.
  'consent-token': {
    stdout: [
      new RegExp(`^granted research as token ${TXID}\\.0\\nread for research: allowed$`, 'm'),
      /^read for marketing\.products: refused \(purpose marketing\.products not granted\)$/m,
      new RegExp(`^revoked in (${TXID})\\nread for research: refused \\(consent revoked in \\1\\)$`, 'm'),
    ],
    transactions: 2,
  },
  'anchor-record-version': {
    stdout: [
      new RegExp(`^v1 anchored in ${TXID}, not yet mined\\nv2 anchored in ${TXID}, not yet mined\\nhistory verified$`, 'm'),
      /^with an edited addendum: v2 content does not match its commitment$/m,
    ],
    transactions: 2,
  },
  'pay-and-attest-job': { stdout: [new RegExp(`^paid 25000 sats for job-2025-114 in ${TXID}; attestation signed by ${KEY}$`, 'm')], transactions: 1 },
  // The client's payment for job-7.
  'verify-job-attestation': {
    stdout: [
      /^receipt, just after the job: payment is not mined yet$/m,
      /^with a second receipt for the same payment: payment is not mined yet; disputed: another attestation cites this payment$/m,
      /^timeliness edited to 5: attester signature is invalid; payment is not mined yet$/m,
    ],
    transactions: 1,
  },
  'issue-decision-receipt': { stdout: [new RegExp(`^receipt [0-9a-f]{32}: decline, anchored in ${TXID}$`, 'm')], transactions: 1 },
  // The lender's anchor of the receipt's hash.
  'verify-decision-receipt': {
    stdout: [
      /^my receipt: verified$/m,
      /^had my application said 25 months of trading: the scored record changed my application: tradingMonths$/m,
      /^if the registry lists other weights: model weights are not the registered version$/m,
      /^if another policy was in force: policy is not the registered version$/m,
      /^not checked: the lender's certificate, the anchor's block time against issuedAt/m,
    ],
    transactions: 1,
  },
  'commission-lot': { stdout: [new RegExp(`^lot G-114 is token ${TXID}\\.0 \\(lot hash [0-9a-f]{64}\\)$`, 'm')], transactions: 1 },
  // One transaction spends G-114 into P-5521 (output 0) and P-5522 (output 1).
  'transform-lots': {
    stdout: [
      new RegExp(`^\\{"txid":"(${TXID})","lots":\\[\\{"lotNumber":"P-5521","lotHash":"[0-9a-f]{64}","salt":"[0-9a-f]{32}","outpoint":"\\1\\.0"\\},`, 'm'),
      new RegExp(`\\{"lotNumber":"P-5522","lotHash":"[0-9a-f]{64}","salt":"[0-9a-f]{32}","outpoint":"${TXID}\\.1"\\}\\]\\}$`, 'm'),
      new RegExp(`^delivered P-5521 as ${TXID}\\.0 with its BEEF in P-5521\\.delivery\\.json$`, 'm'),
    ],
    transactions: 1,
  },
  // P-5521 and, one level up, the commissioned lot G-114 it came from.
  'trace-lot': {
    stdout: [
      /^lot [0-9a-f]{12}\u2026 GTIN 00012345678912, 200-400kg, token [0-9a-f]{12}\u2026:0\n {2}lot /m,
      /^ {2}lot [0-9a-f]{12}\u2026 GTIN 00012345678905, 500-1000kg, token [0-9a-f]{12}\u2026:0$/m,
      /^not checked: who minted each lot\./m,
    ],
    transactions: 0,
  },
  // sha256('image bytes 0'), the contents of photo-1.jpg, signed by the page's wallet.
  'sign-provenance-record': {
    stdout: [
      /^ {2}"type": "provenance-record\/v1",\n {2}"contentHash": "sha256:c3d8875b330a81c570b5bc2d41a521f5e0e1156c55ebc4949cad38355346629b",$/m,
      /^ {2}"manifestHash": null,\n {2}"parents": \[\],$/m,
      new RegExp(`^ {2}"signer": "${KEY}",\\n {2}"signature": "30[0-9a-f]+"$`, 'm'),
    ],
    transactions: 0,
  },
  // The tagged Merkle root of the three records in records.json.
  'anchor-provenance-batch': {
    stdout: [new RegExp(`^anchored 3 records under a3910808c09977e78fe7dcbb4112521e70b359e6cc8b54f0c7ad374318214ee7 in ${TXID}$`, 'm')],
    transactions: 1,
  },
  // photo-2.jpg's record, signed by the key in records.json; photo-1.jpg does not fit its bundle.
  'verify-timestamp-proof': {
    stdout: [
      /^unchanged, signed by 02fc6592bcfb537725ef89d20a364f14f338ad438056b24a008fa6c3dfc482f5cb, anchored no later than block \d+$/m,
      /^photo-1\.jpg against the same bundle: asset bytes do not match the signed content hash$/m,
    ],
    transactions: 0,
  },
  // The mint and the transfer.
  'pushdrop-token-transfer': {
    stdout: [new RegExp(`^minted voucher-42 in ${TXID}$`, 'm'), /^transferred voucher-42 as output 0 of \d+ bytes of Atomic BEEF$/m],
    transactions: 2,
  },
  // Two registrations; only version 1, which spends nothing, is admitted.
  'model-registry-topic-manager': {
    stdout: [
      /^version 1, nothing spent: \{ outputsToAdmit: \[ 0 \], coinsToRetain: \[\] \}$/m,
      /^version 2, version 1 not spent: \{ outputsToAdmit: \[\], coinsToRetain: \[\] \}$/m,
    ],
    transactions: 2,
  },
  'pay-per-article-split': { stdout: [/^Grid storage, explained\.$/m], transactions: 1 },
  // The reader's payment (the publisher's broadcast of it is the same transaction).
  'verify-received-payment': {
    stdout: [new RegExp(`^accepted payment ${TXID}$`, 'm'), /^asked for 701 sats to the author: Author share missing$/m],
    transactions: 1,
  },
  // Not mined yet, so the stamp has no proof to check.
  'timestamp-anchor-service': { stdout: [new RegExp(`^anchored model-card\\.md in ${TXID}\\nproof complete: false$`, 'm')], transactions: 1 },
  'paid-ai-api-server': { stdout: [new RegExp(`^AI API on http://localhost:3000 as ${KEY}$`, 'm')], transactions: 0 },
  // 81 characters: the base 50 satoshis plus 20 for the first started 1,000, paid once.
  'paid-ai-api-client': {
    stdout: [new RegExp(`^\\{"summary":"Grid batteries shift solar power into the evening\\.","paid":70,"paymentTxid":"${TXID}","requestId":"[^"]+"\\}$`, 'm')],
    transactions: 1,
  },
  // Cap 200 a request, budget 150: 70 paid, 270 refused, 70 paid (140 spent), 70 refused.
  'spending-cap-wallet': {
    stdout: [
      new RegExp(`^70 sats: paid in ${TXID}\\n270 sats: Refused: 270 satoshis is over the 200-satoshi cap per request\\n70 sats: paid in ${TXID}$`, 'm'),
      /^70 sats: Refused: the 150-satoshi budget has 10 left$/m,
    ],
    transactions: 2,
  },
  'wallet-sign-in-server': { stdout: [/^sign-in server on http:\/\/localhost:8081, allowing http:\/\/localhost:4321$/m], transactions: 0 },
  'wallet-sign-in-client': {
    stdout: [new RegExp(`^before sign-in: nobody\\nsigned in as (${KEY})\\nthe server says: \\1\\nafter sign-out: nobody$`, 'm')],
    transactions: 0,
  },
  // The provider proves a certificate from the trusted certifier; only then is the summary sent.
  'auth-fetch-require-certificate': { stdout: [/^server is Northside Clinic \(RC-1234\)\n200 \{"stored":"visit-2025-03-04"\}$/m], transactions: 0 },
  'brc121-paid-endpoint': { stdout: [/^BRC-121 server on http:\/\/localhost:3000$/m], transactions: 0 },
  // The article's price, 120 satoshis, is under the 500-satoshi limit: paid once.
  'brc121-client': { stdout: [/^200 Grid storage, explained: batteries move solar power into the evening peak\.$/m], transactions: 1 },
};

/** The facts `stdout` and the accepted transactions break, in words (empty: all hold). */
export function brokenFacts(id: string, stdout: string, transactions: number): string[] {
  const facts = EXAMPLE_FACTS[id];
  if (facts === undefined) return [`${id}: no facts listed in tests/support/example-facts.ts`];
  return [
    ...facts.stdout.filter((re) => !re.test(stdout)).map((re) => `${id}: stdout does not match ${String(re)}`),
    ...(facts.transactions === undefined || facts.transactions === transactions
      ? []
      : [`${id}: ${transactions} transactions accepted, not ${facts.transactions}`]),
  ];
}
