import { PrivateKey, type Transaction } from '@bsv/sdk';
import type { FakeChain } from './fake-chain.ts';
import type { ServiceName } from './services.ts';

/**
 * What an example is given when it runs outside its own test: in the in-page runner
 * (src/runner/sandbox.ts) and with `npm run example -- <id>`. One place for every example: the
 * examples listed here are the runnable ones (checked by tests/examples/in-page-runner.test.ts and
 * tests/e2e/runner.spec.ts); one marked `local` cannot run in the page and says why. An example not
 * listed still gets a Run button and runs with nothing given (it may print its usage). Values may name keys with `{{name.wif}}`,
 * `{{name.address}}`, `{{name.publicKey}}` and, for a funded key, `{{name.funding}}` (the hex of a
 * mined transaction paying `keys[name]` satoshis to the key's testnet address, output 0),
 * `{{name.txid}}`, `{{name.beef}}` (its BEEF hex) and `{{name.bump}}` (its Merkle path hex); and
 * `{{chain.headers}}`, the chain's recent block headers as JSON `[{ height, merkleRoot }]`;
 * `{{serverWallet.identityKey}}`, the identity key of the wallet a server example is given
 * (WALLET_URL http://wallet.server.test); `{{wallet.identityKey}}`, the page wallet's; and the values a service names (src/sandbox/services.ts).
 */
export interface RunSpec {
  /** Keys made for the run: name -> satoshis funded on the fake chain (0: a key with no coins). */
  keys?: Record<string, number>;
  env?: Record<string, string>;
  args?: string[];
  /** Files written to the working directory before each run. */
  files?: Record<string, string>;
  /** Examples (servers) this one talks to: the runner runs them first, once until Reset. */
  requires?: string[];
  /**
   * Values this run gives the runs after it, read from what it prints: template name -> a regular
   * expression whose first group is the value (`{{registration.v1Outpoint}}` from register's output).
   */
  gives?: Record<string, string>;
  /** Blocks mined after the keys are funded (confirmations for a proof). */
  mine?: number;
  /**
   * Stand-ins for the other party's site: host -> `METHOD /path` -> the answer (JSON, or text), as
   * the example's Node test serves it. Templates are filled in.
   */
  routes?: Record<string, Record<string, { json?: unknown; text?: string; status?: number }>>;
  /** Services (src/sandbox/services.ts) that answer for a host: a companion project's real server code. */
  hosts?: Record<string, ServiceName>;
  /**
   * For an example that is a module (it exports functions and runs nothing itself): a short
   * program, run instead, that imports the example as `./<fileName>` and calls it.
   */
  main?: string;
}

/** How the in-page runner runs each example of the book: every one runs in the page (issue 42), so each has an entry. */
export const RUN_OPTIONS: Readonly<Record<string, RunSpec>> = {
  // These run as printed, with nothing given.
  'sign-and-verify-record': {},
  'record-version-batch': {},
  'consent-grant': {},
  'reputation-attestation': {},
  'encrypted-vault': {},
  'decision-receipt': {},
  'audit-sample': {},
  'hourly-matching': {},
  'signed-meter-readings': {},
  'remittance-quote': { env: { BSV_USD: '50' } },
  'travel-rule-record': {},
  'fee-comparison': {},
  'gateway-anchor-planner': {},
  'offline-anchor-queue': {
    keys: { gateway: 5_000 },
    main: `import { PrivateKey, Transaction } from '@bsv/sdk'
import { closeBatch, flush } from './offline-anchor-queue.ts'

// Offline: two batches queued with their local time ranges. Then the link returns.
await closeBatch(['2026-11-24T02:00:00Z 4.1', '2026-11-24T02:01:00Z 4.3'])
await closeBatch(['2026-11-24T02:02:00Z 4.2'])
const anchored = await flush(PrivateKey.fromWif('{{gateway.wif}}'), Transaction.fromHex('{{gateway.funding}}'), 0, 'https://testnet.arc.gorillapool.io')
for (const b of anchored) console.log(\`\${b.from} to \${b.to}: \${b.txid ?? 'not anchored'}\`)
`,
  },
  'block-capacity': {},
  'certificate-selective-disclosure': {
    keys: { revocation: 1_000 },
    env: { REVOCATION_WIF: '{{revocation.wif}}', REVOCATION_FUNDING: '{{revocation.funding}}' },
  },
  'ai-decision-audit-log': {},
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
  'ballot-commitment': {
    keys: { service: 2_000 },
    main: `import { P2PKH, PrivateKey, ProtoWallet, PushDrop, Random, Transaction, Utils, WalletClient, type WalletInterface } from '@bsv/sdk'
import { castBallot } from './ballot-commitment.ts'

// The ballot service issues this member one voting token for the motion: a PushDrop output locked
// to a key derived from the member's identity key and the service's, paid from the service's coins.
const ELECTION = 'coop-agm-2025/motion-3'
const member = new WalletClient('auto', 'ballots.example-coop.org')
const serviceKey = PrivateKey.fromWif('{{service.wif}}')
const { publicKey: memberKey } = await member.getPublicKey({ identityKey: true })
const service = new PushDrop(new ProtoWallet(serviceKey) as unknown as WalletInterface)
const issue = new Transaction()
issue.addInput({ sourceTransaction: Transaction.fromHexBEEF('{{service.beef}}'), sourceOutputIndex: 0, unlockingScriptTemplate: new P2PKH().unlock(serviceKey) })
issue.addOutput({ lockingScript: await service.lock([Utils.toArray(ELECTION, 'utf8'), Random(32)], [2, 'coop voting token'], ELECTION, memberKey), satoshis: 1 })
issue.addOutput({ lockingScript: new P2PKH().lock(serviceKey.toAddress('testnet')), change: true })
await issue.fee()
await issue.sign()
await member.internalizeAction({
  tx: issue.toAtomicBEEF(),
  description: 'Receive voting token',
  outputs: [{ outputIndex: 0, protocol: 'basket insertion', insertionRemittance: { basket: 'voting tokens', tags: [ELECTION], customInstructions: JSON.stringify({ issuerKey: serviceKey.toPublicKey().toString() }) } }]
})

// The member votes no, as  ballot-commitment no  does; a second ballot finds no token.
const { txid, commitment } = await castBallot(member, 'no')
console.log(\`Commitment \${commitment} anchored in \${txid}\`)
try {
  await castBallot(member, 'yes')
} catch (err) {
  console.log('a second ballot:', (err as Error).message)
}
`,
  },
  'anchor-audit-batch': { keys: { audit: 10_000 }, env: { AUDIT_FUNDING_WIF: '{{audit.wif}}', FUNDING_TX_HEX: '{{audit.funding}}' } },
  'payment-unit-economics': { env: { BSV_USD: '40' } },
  'verify-beef-with-spv': { keys: { payment: 4321 }, files: { 'payment.beef.hex': '{{payment.beef}}' }, args: ['payment.beef.hex', '{{payment.txid}}'] },
  'local-header-chain-tracker': {
    keys: { payment: 1000 },
    mine: 5,
    files: { 'headers.json': '{{chain.headers}}' },
    env: { HEADERS_JSON: 'headers.json' },
    args: ['{{payment.bump}}', '{{payment.funding}}'],
  },
  'register-and-submit-to-topic': {
    env: { OVERLAY_NETWORK: 'local' },
    // What the publisher publishes with the model's name, for the lookup after it.
    gives: { 'registration.v1Outpoint': "^version 1 outpoint ([0-9a-f]{64}\\.0): publish it with the model's name" },
    files: { 'weights-v1.bin': 'weights, first training run', 'card.md': '# Model card' },
    args: ['acme/summariser', 'weights-v1.bin', 'card.md'],
    // The SDK's 'local' overlay preset: examples/model-registry's overlay host on localhost:8080.
    hosts: { 'localhost:8080': 'model-registry-overlay' },
  },
  'lookup-and-verify-registration': {
    requires: ['register-and-submit-to-topic'],
    // The publisher is the page's wallet, which registered the model in the step before.
    env: { OVERLAY_NETWORK: 'local', PUBLISHER_IDENTITY_KEY: '{{wallet.identityKey}}', PUBLISHER_V1_OUTPOINT: '{{registration.v1Outpoint}}' },
    files: { 'weights-v1.bin': 'weights, first training run', 'weights-v2.bin': 'weights, fine-tuned' },
    args: ['acme/summariser', 'weights-v1.bin'],
    hosts: { 'localhost:8080': 'model-registry-overlay' },
  },
  'consent-token': {
    keys: { holder: 0 },
    env: { HOLDER_WIF: '{{holder.wif}}' },
    files: { 'consent.json': '{"resourceType":"Consent","status":"active","decision":"permit","provision":{"purpose":[{"code":"research.imaging"}]}}' },
    args: ['consent.json', 'research'],
  },
  'anchor-record-version': {
    main: `import { Utils, WalletClient, WhatsOnChain } from '@bsv/sdk'
import { anchorVersion, verifyHistory } from './record-version.ts'

// A discharge summary and its addendum, each anchored as the next link of the record's hash chain.
const wallet = new WalletClient('auto', 'records.example-hospital.org')
const v1 = Utils.toArray('{"summary":"Discharged home, review in 6 weeks"}', 'utf8')
const v2 = Utils.toArray('{"summary":"Discharged home, review in 6 weeks","addendum":"Potassium 3.1, repeat in 1 week"}', 'utf8')
const history: Awaited<ReturnType<typeof anchorVersion>>[] = []
history.push(await anchorVersion(wallet, history, 'discharge-881', v1))
history.push(await anchorVersion(wallet, history, 'discharge-881', v2))
const tracker = new WhatsOnChain('test')
const { lines, problems } = await verifyHistory([v1, v2], history, tracker)
console.log([...lines, problems.length === 0 ? 'history verified' : problems.join('; ')].join('\\n'))
const edited = Utils.toArray('{"summary":"Discharged home, review in 6 weeks","addendum":"Potassium 3.4, repeat in 1 week"}', 'utf8')
console.log('with an edited addendum:', (await verifyHistory([v1, edited], history, tracker)).problems.join('; '))
`,
  },
  'pay-and-attest-job': {
    keys: { worker: 0 },
    args: ['{{worker.publicKey}}', 'job-2025-114', '25000', '100-500 USD', '5,4,5', 'Careful legal translation'],
  },
  'verify-job-attestation': {
    keys: { worker: 0, verifier: 0 },
    main: `import { P2PKH, PrivateKey, ProtoWallet, PublicKey, Random, Transaction, Utils, WalletClient, WhatsOnChain } from '@bsv/sdk'
import { attestationBytes, countCitations, payerCommitment, revealPayment, verifyAttestation } from './verify-attestation.ts'

// The client pays the worker for job-7, naming itself by a salted hash, and signs a receipt naming the payment (as pay-and-attest-job does).
const client = new WalletClient('auto', 'jobs.example-market.org')
const worker = new ProtoWallet(PrivateKey.fromWif('{{worker.wif}}'))
const verifier = new ProtoWallet(PrivateKey.fromWif('{{verifier.wif}}'))
const workerKey = '{{worker.publicKey}}'
const { publicKey: paymentKey } = await client.getPublicKey({ protocolID: [2, 'job payment'], keyID: 'job-7', counterparty: workerKey })
const { publicKey: attester } = await client.getPublicKey({ identityKey: true })
const payerSalt = Random(32)
const { txid, tx } = await client.createAction({
  description: 'Pay for job-7',
  outputs: [
    { lockingScript: new P2PKH().lock(PublicKey.fromString(paymentKey).toHash()).toHex(), satoshis: 25000, outputDescription: 'Payment' },
    { lockingScript: payerCommitment(payerSalt, attester, 'job-7'), satoshis: 0, outputDescription: 'Names the payer, salted' }
  ],
  options: { randomizeOutputs: false }
})
if (txid === undefined || tx === undefined) throw new Error('the wallet made no payment')
const unsigned = {
  type: 'job-attestation.v1' as const, subject: workerKey, attester, payment: { txid, vout: 0 }, jobId: 'job-7',
  amountBand: '100-500 USD', completedAt: '2025-04-02', scores: { quality: 5, timeliness: 4, communication: 5 }, commentHash: '00'.repeat(32)
}
const { signature } = await client.createSignature({ data: attestationBytes(unsigned), protocolID: [2, 'job attestation'], keyID: txid + '.0', counterparty: 'anyone' })
const attestation = { ...unsigned, signature: Utils.toHex(signature) }

// The worker reveals this one payment's key linkage to the verifier, who checks the whole bundle.
const { publicKey: verifierKey } = await verifier.getPublicKey({ identityKey: true })
const bundle = { attestation, paymentBeef: Transaction.fromAtomicBEEF(tx).toHexBEEF(), payerSalt: Utils.toHex(payerSalt), revelation: await revealPayment(worker, attestation, verifierKey) }
const tracker = new WhatsOnChain('test')
// Just after the job the payment is not yet in a block, so the receipt does not count yet; once it is
// mined, the worker fetches it with its Merkle path and the same check passes (the chapter's Node test does).
console.log('receipt, just after the job:', (await verifyAttestation(verifier, bundle, await countCitations([bundle]), tracker)).join('; ') || 'verified')
// Anyone who saw the payment can sign a second receipt citing it: with two, the job is disputed.
const harsher = { ...unsigned, scores: { quality: 1, timeliness: 1, communication: 1 } }
const { signature: signature2 } = await client.createSignature({ data: attestationBytes(harsher), protocolID: [2, 'job attestation'], keyID: txid + '.0', counterparty: 'anyone' })
const second = { ...bundle, attestation: { ...harsher, signature: Utils.toHex(signature2) } }
console.log('with a second receipt for the same payment:', (await verifyAttestation(verifier, bundle, await countCitations([bundle, second]), tracker)).join('; '))
const edited = { ...bundle, attestation: { ...attestation, scores: { quality: 5, timeliness: 5, communication: 5 } } }
console.log('timeliness edited to 5:', (await verifyAttestation(verifier, edited, await countCitations([edited]), tracker)).join('; '))
`,
  },
  'issue-decision-receipt': {
    keys: { applicant: 0 },
    files: {
      'application.json': '{"business":"Harbour Bakery Ltd","postcode":"BS1 4DJ","tradingMonths":19,"monthlyRevenue":[8200,11900,6400,13100]}',
      'decision.json': JSON.stringify({
        model: { name: 'sme-credit', weightsHash: 'a41b'.repeat(16), registryTxid: '7c0e'.repeat(16) },
        policy: { name: 'sme-lending-policy', version: '2025-02', hash: '5be2'.repeat(16) },
        output: { decision: 'decline', score: 0.41, threshold: 0.55 },
        reasons: ['cash-flow volatility above policy limit', 'trading history under 24 months'],
        humanInvolvement: 'none',
      }),
    },
    args: ['{{applicant.publicKey}}', 'application.json', 'decision.json'],
  },
  'verify-decision-receipt': {
    keys: { applicant: 0 },
    main: `import { Hash, OP, PrivateKey, ProtoWallet, Random, Script, Transaction, Utils, WalletClient, WhatsOnChain } from '@bsv/sdk'
import { canonical, NOT_CHECKED, verifyReceipt } from './verify-receipt.ts'

// The lender's receipt service (as issue-decision-receipt does it): sign a receipt, anchor its hash.
const lender = new WalletClient('auto', 'lending.example-bank.com')
const application = { business: 'Harbour Bakery Ltd', postcode: 'BS1 4DJ', tradingMonths: 19 }
// What the model scored: her application and the bureau data the lender added to it.
const scored = { application, lenderData: { bureau: { missedPayments: 2 } } }
const decisionId = Utils.toHex(Random(16))
const salt = Random(32)
const { publicKey: operator } = await lender.getPublicKey({ identityKey: true })
const { publicKey: subjectKey } = await lender.getPublicKey({ protocolID: [2, 'decision subject'], keyID: decisionId, counterparty: '{{applicant.publicKey}}' })
const unsigned = {
  type: 'decision-receipt.v1', decisionId, subjectKey, operator,
  model: { name: 'sme-credit', weightsHash: 'a41b'.repeat(16), registryTxid: '7c0e'.repeat(16) },
  policy: { name: 'sme-lending-policy', version: '2025-02', hash: '5be2'.repeat(16) },
  inputCommitment: Utils.toHex(Hash.sha256([...salt, ...Utils.toArray(canonical(scored), 'utf8')])),
  output: { decision: 'decline', score: 0.41, threshold: 0.55 },
  reasons: ['trading history under 24 months'], humanInvolvement: 'none', issuedAt: new Date().toISOString()
}
const { signature } = await lender.createSignature({ data: Utils.toArray(canonical(unsigned), 'utf8'), protocolID: [2, 'decision receipt'], keyID: decisionId, counterparty: 'anyone' })
const receipt = { ...unsigned, signature: Utils.toHex(signature) }
const script = new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN)
  .writeBin(Utils.toArray('decision.receipt.v1', 'utf8')).writeBin(Hash.sha256(Utils.toArray(canonical(receipt), 'utf8')))
const { txid, tx } = await lender.createAction({ description: 'Anchor a decision receipt', outputs: [{ lockingScript: script.toHex(), satoshis: 0, outputDescription: 'Receipt hash' }] })
if (txid === undefined || tx === undefined) throw new Error('the receipt was not anchored')
const issued = { receipt, scored, salt: Utils.toHex(salt), anchor: { txid, beef: Transaction.fromAtomicBEEF(tx).toHexBEEF() } }

// The applicant checks it with her own wallet and her own copy of the application.
const applicant = new ProtoWallet(PrivateKey.fromWif('{{applicant.wif}}'))
const expected = { operatorKey: operator, registeredWeights: 'a41b'.repeat(16), registeredPolicy: '5be2'.repeat(16) }
const tracker = new WhatsOnChain('test')
const check = async (input: unknown, e = expected): Promise<string> => {
  const { problems } = await verifyReceipt(applicant, issued, input, e, tracker)
  return problems.length === 0 ? 'verified' : problems.join('; ')
}
console.log('my receipt:', await check(application))
console.log('had my application said 25 months of trading:', await check({ ...application, tradingMonths: 25 }))
console.log('if the registry lists other weights:', await check(application, { ...expected, registeredWeights: '00'.repeat(32) }))
console.log('if another policy was in force:', await check(application, { ...expected, registeredPolicy: '00'.repeat(32) }))
console.log(NOT_CHECKED)
`,
  },
  'commission-lot': { args: ['00012345678905', 'G-114', '500-1000kg', 'field 7', '740', 'kg'] },
  'transform-lots': {
    requires: ['commission-lot'],
    main: `import { readFile, writeFile } from 'node:fs/promises'
import { Transaction, WalletClient } from '@bsv/sdk'
import { transformLots } from './transform-lots.ts'

// commission-lot ran first: its wallet holds the G-114 token, and G-114.event.json has its lot hash.
// The packing plant (the same wallet here) packs lot G-114 into two lots, as
//   transform-lots <G-114's lot hash> 'packing plant' 00012345678912:P-5521:200-400kg:310:kg 00012345678912:P-5522:200-400kg:290:kg
const { event } = JSON.parse(await readFile('G-114.event.json', 'utf8')) as { event: { lotHash: string } }
const wallet = new WalletClient('auto', 'packing-plant.example')
const result = await transformLots(wallet, [event.lotHash], [
  { gtin: '00012345678912', lotNumber: 'P-5521', quantity: 310, unit: 'kg', quantityBand: '200-400kg' },
  { gtin: '00012345678912', lotNumber: 'P-5522', quantity: 290, unit: 'kg', quantityBand: '200-400kg' }
], 'packing plant')
console.log(JSON.stringify({ txid: result.txid, lots: result.lots }))

// The plant delivers lot P-5521 with its history: the token's outpoint and its transaction as BEEF.
const [p5521] = result.lots
if (p5521 === undefined) throw new Error('no output lot')
const { BEEF } = await wallet.listOutputs({ basket: 'lots', tags: [p5521.lotHash], include: 'entire transactions' })
if (BEEF === undefined) throw new Error('the wallet gave no BEEF')
await writeFile('P-5521.delivery.json', JSON.stringify({ outpoint: p5521.outpoint, beef: Transaction.fromBEEF(BEEF, result.txid).toHexBEEF() }))
console.log('delivered P-5521 as', p5521.outpoint, 'with its BEEF in P-5521.delivery.json')
`,
  },
  'trace-lot': {
    requires: ['commission-lot', 'transform-lots'],
    main: `import { readFile } from 'node:fs/promises'
import { WhatsOnChain } from '@bsv/sdk'
import { NOT_CHECKED, printTree, traceBack } from './trace-lot.ts'

// transform-lots ran first and delivered lot P-5521: its token's outpoint and the BEEF that carries it.
// The buyer traces it back, as  trace-lot <beef-hex-file> <txid> <vout>  does.
const { outpoint, beef } = JSON.parse(await readFile('P-5521.delivery.json', 'utf8')) as { outpoint: string, beef: string }
const [txid = '', vout = '0'] = outpoint.split('.')
const tree = await traceBack(beef, txid, Number(vout), new WhatsOnChain('test'))
console.log(printTree(tree).join('\\n'))
console.log(NOT_CHECKED)
`,
  },
  'sign-provenance-record': { files: { 'photo-1.jpg': 'image bytes 0' }, args: ['photo-1.jpg'] },
  'anchor-provenance-batch': {
    // Three photos and their records, as sign-provenance-record signs them (here by a newsroom's wallet).
    files: {
      'photo-1.jpg': 'image bytes 0',
      'photo-2.jpg': 'image bytes 1',
      'photo-3.jpg': 'image bytes 2',
      'records.json': JSON.stringify(
        [
          {
            type: 'provenance-record/v1',
            contentHash: 'sha256:c3d8875b330a81c570b5bc2d41a521f5e0e1156c55ebc4949cad38355346629b',
            manifestHash: null,
            parents: [],
            signer: '02fc6592bcfb537725ef89d20a364f14f338ad438056b24a008fa6c3dfc482f5cb',
            signature:
              '30440220135f798a76e8291145e214aca0d0a314cb24004dd8ea6e5b0501c67fcad997660220109072f5a6ea0ad279b03ca36335ee823381523ee1d77e5ac0f6ae5ebe3ad7a8',
          },
          {
            type: 'provenance-record/v1',
            contentHash: 'sha256:90f946addabfeaf7fd639590d284e68f0798baecc3b5a37bc0a86761a2023205',
            manifestHash: null,
            parents: [],
            signer: '02fc6592bcfb537725ef89d20a364f14f338ad438056b24a008fa6c3dfc482f5cb',
            signature:
              '304502210097eb8214abfba0908c4e1326f8020d36745bb6b36e22d177684f6ee901f1eb4902201930c9d48c661cc8fcd788a1c4b125aa7caf90bd4048ccb2bd1e412a987010ed',
          },
          {
            type: 'provenance-record/v1',
            contentHash: 'sha256:d2f7e00c0711ab5c14e6d60ebad78592fc0e9514657d4a11a67285da2abf9170',
            manifestHash: null,
            parents: [],
            signer: '02fc6592bcfb537725ef89d20a364f14f338ad438056b24a008fa6c3dfc482f5cb',
            signature:
              '304402202b0fd5296b2d7c5d521e0b75503ce39c695eb0ce0c5a2d8044582863b06fe7ae02206c7454f1e18930055b68dd304fd5e8760fc3196a4c2ef3789476a07ecffbf22c',
          },
        ],
        null,
        2,
      ),
    },
    args: ['anchor', 'records.json'],
  },
  'verify-timestamp-proof': {
    requires: ['anchor-provenance-batch'],
    mine: 1,
    main: `import { readFile } from 'node:fs/promises'
import { MerklePath, Transaction, Utils, WhatsOnChain } from '@bsv/sdk'
import { verifyProof } from './verify-proof.ts'

// anchor-provenance-batch ran first (anchor records.json) and a block has been mined since. Step 5,
// as  anchor-batch collect records.json.batch.json  does it: the anchor's Merkle path from ARC makes
// each record's proof bundle; here photo-2.jpg's.
type Batch = { txid: string, atomicBeef: string, recordJsons: string[], paths: Array<Array<{ sibling: string, side: 'left' | 'right' }>> }
const batch = JSON.parse(await readFile('records.json.batch.json', 'utf8')) as Batch
const status = await (await fetch(\`https://testnet.arc.gorillapool.io/v1/tx/\${batch.txid}\`)).json() as { merklePath?: string }
if ((status.merklePath ?? '') === '') throw new Error('the anchor is not mined yet')
const anchor = Transaction.fromAtomicBEEF(Utils.toArray(batch.atomicBeef, 'hex'))
anchor.merklePath = MerklePath.fromHex(status.merklePath ?? '')
const bundle = { record: JSON.parse(batch.recordJsons[1] ?? '{}'), batchPath: batch.paths[1] ?? [], anchor: { txid: batch.txid, outputIndex: 0, beef: anchor.toHexBEEF() } }

// The reader's check ('Verifying in the browser'), as  verify-proof photo-2.jpg <bundle>  does it.
const tracker = new WhatsOnChain('test')
const result = await verifyProof(Array.from(await readFile('photo-2.jpg')), bundle, tracker)
console.log(result.ok ? \`unchanged, signed by \${bundle.record.signer}, anchored no later than block \${result.blockHeight ?? '?'}\` : result.problems.join('\\n'))
console.log('photo-1.jpg against the same bundle:', (await verifyProof(Array.from(await readFile('photo-1.jpg')), bundle, tracker)).problems.join('; '))
`,
  },
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
  'model-registry-topic-manager': {
    main: `import { Hash, PushDrop, Transaction, Utils, WalletClient } from '@bsv/sdk'
import { identifyAdmissibleOutputs } from './topic-manager.ts'

// A publisher registers version 1 of a model as a signed PushDrop token; the topic manager decides.
const wallet = new WalletClient('auto', 'models.example.com')
const register = async (version: string): Promise<number[]> => {
  const fields = [Utils.toArray('acme/summariser', 'utf8'), Hash.sha256(Utils.toArray('weights', 'utf8')), Hash.sha256(Utils.toArray('card', 'utf8')), Utils.toArray(version, 'utf8')]
  const lock = await new PushDrop(wallet).lock(fields, [2, 'model registry'], 'acme/summariser', 'self', true, true)
  const { tx } = await wallet.createAction({ description: 'Register a model', outputs: [{ lockingScript: lock.toHex(), satoshis: 1, outputDescription: 'Registration' }] })
  if (tx === undefined) throw new Error('the wallet made no transaction')
  return Transaction.fromAtomicBEEF(tx).toBEEF()
}
console.log('version 1, nothing spent:', await identifyAdmissibleOutputs(await register('1'), []))
console.log('version 2, version 1 not spent:', await identifyAdmissibleOutputs(await register('2'), []))
`,
  },
  'pay-per-article-split': {
    keys: { author: 0, publisher: 0 },
    routes: {
      'news.example.org': {
        'GET /api/quote/2025-06-01-grid-storage': {
          json: {
            articleId: '2025-06-01-grid-storage',
            quoteId: 'q-7f3c9a41d2b86e05',
            authorAddress: '{{author.address}}',
            publisherAddress: '{{publisher.address}}',
            authorSatoshis: 700,
            publisherSatoshis: 300,
          },
        },
        'POST /api/unlock/2025-06-01-grid-storage': { text: 'Grid storage, explained.' },
      },
    },
  },
  'verify-received-payment': {
    keys: { author: 0, publisher: 0 },
    main: `import { OP, P2PKH, Script, Utils, WalletClient } from '@bsv/sdk'
import { acceptPayment } from './verify-payment.ts'

// A reader's wallet pays for article a-1; the publisher checks the payment before unlocking it.
const memo = new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN)
  .writeBin(Utils.toArray('article.unlock.v1', 'utf8')).writeBin(Utils.toArray('a-1', 'utf8'))
const { tx } = await new WalletClient('auto', 'news.example.org').createAction({
  description: 'Unlock one article',
  outputs: [
    { lockingScript: new P2PKH().lock('{{author.address}}').toHex(), satoshis: 700, outputDescription: 'Author share' },
    { lockingScript: new P2PKH().lock('{{publisher.address}}').toHex(), satoshis: 300, outputDescription: 'Publisher share' },
    { lockingScript: memo.toHex(), satoshis: 0, outputDescription: 'Article memo' }
  ]
})
if (tx === undefined) throw new Error('the wallet made no transaction')
const expected = { articleId: 'a-1', authorAddress: '{{author.address}}', publisherAddress: '{{publisher.address}}', authorSatoshis: 700, publisherSatoshis: 300 }
console.log('accepted payment', await acceptPayment(tx, expected))
try {
  await acceptPayment(tx, { ...expected, authorSatoshis: 701 })
} catch (e) {
  console.log('asked for 701 sats to the author:', (e as Error).message)
}
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
  // Express with the BSV auth and payment middleware: in the page, src/sandbox/express-lite.ts serves it on the simulated network.
  'paid-ai-api-server': { env: { PORT: '3000', WALLET_URL: 'http://wallet.server.test' } },
  'paid-ai-api-client': {
    requires: ['paid-ai-api-server'],
    env: { AI_API_URL: 'http://localhost:3000', AI_PROVIDER_KEY: '{{serverWallet.identityKey}}' },
    args: ['Grid batteries shift solar power into the evening. They also stabilise frequency.'],
  },
  'spending-cap-wallet': {
    keys: { provider: 0 },
    main: `import { P2PKH, WalletClient } from '@bsv/sdk'
import { withSpendingCap } from './spending-cap-wallet.ts'

// An automated client's wallet, capped at 200 satoshis a request and 150 in all. It is asked to pay
// the prices the AI API quotes: 70 sats for a short text, 270 for a 10,400-character one, then 70 twice.
const wallet = withSpendingCap(new WalletClient('auto', 'batch-summariser.example'), 200, 150)
for (const satoshis of [70, 270, 70, 70]) {
  try {
    const { txid } = await wallet.createAction({
      description: 'Pay for a summary',
      outputs: [{ lockingScript: new P2PKH().lock('{{provider.address}}').toHex(), satoshis, outputDescription: 'Payment' }]
    })
    console.log(\`\${satoshis} sats: paid in \${txid ?? '?'}\`)
  } catch (err) {
    console.log(\`\${satoshis} sats: \${(err as Error).message}\`)
  }
}
`,
  },
  'wallet-sign-in-server': { keys: { server: 0 }, env: { SERVER_WIF: '{{server.wif}}', PORT: '8081', APP_ORIGIN: 'http://localhost:4321' } },
  'wallet-sign-in-client': {
    requires: ['wallet-sign-in-server'],
    main: `import { signIn, whoAmI, signOut } from './sign-in-client.ts'

// wallet-sign-in-server listens on localhost:8081 (in the page: on its fake network).
const api = 'http://localhost:8081'
console.log('before sign-in:', (await whoAmI(api)) ?? 'nobody')
console.log('signed in as', await signIn(api))
console.log('the server says:', await whoAmI(api))
await signOut(api)
console.log('after sign-out:', (await whoAmI(api)) ?? 'nobody')
`,
  },
  'verify-published-tally': {
    // Your own commitment, as your ballot-commitment run saved it, and the path the ballot service
    // returned; the tally is published at the example's default TALLY_URL.
    files: { 'my-ballot-reveal.json': '{{coopBallot.reveal}}', 'my-ballot-receipt.json': '{{coopBallot.receipt}}' },
    // The organiser's key, as its rules published it before the vote.
    env: { AUTHORITY_KEY: '{{coopBallot.authorityKey}}' },
    hosts: { 'ballots.example-coop.org': 'coop-ballots' },
  },
  'auth-fetch-require-certificate': {
    env: { CARE_CERTIFIER_KEY: '{{careCertifier.publicKey}}', CARE_PROVIDER_CERT_TYPE: '{{careCertificate.type}}' },
    hosts: { 'provider.example': 'care-provider' },
  },
  'brc121-paid-endpoint': { env: { PORT: '3000', WALLET_URL: 'http://wallet.server.test' } },
  'brc121-client': { requires: ['brc121-paid-endpoint'], args: ['http://localhost:3000/articles/grid-storage', '500'] },
};

export interface ResolvedRun {
  env: Record<string, string>;
  args: string[];
  files: Record<string, string>;
  main: string | undefined;
  routes: Record<string, Record<string, { status: number; body: string; contentType: string }>>;
}

/** The values a finished run gives the runs after it (its spec's `gives`), read from its stdout. */
export function givenBy(spec: RunSpec, stdout: string): [string, string][] {
  return Object.entries(spec.gives ?? {}).flatMap(([name, pattern]) => {
    const value = new RegExp(pattern, 'm').exec(stdout)?.[1];
    return value === undefined ? [] : [[name, value] as [string, string]];
  });
}

/**
 * Makes and funds the spec's keys on `chain` and fills in the templates; `given` holds values the
 * run's world already has (`serverWallet.identityKey`, a service's keys, what earlier runs `gives`).
 */
export function resolveRunSpec(spec: RunSpec, chain: FakeChain, given: ReadonlyMap<string, string> = new Map()): ResolvedRun {
  const values = new Map<string, string>(given);
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
  const routes = Object.fromEntries(
    Object.entries(spec.routes ?? {}).map(([host, paths]) => [
      host,
      Object.fromEntries(
        Object.entries(paths).map(([route, answer]) => [
          route,
          {
            status: answer.status ?? 200,
            body: fill(answer.text ?? JSON.stringify(answer.json)),
            contentType: answer.text === undefined ? 'application/json' : 'text/plain; charset=utf-8',
          },
        ]),
      ),
    ]),
  );
  return { env: map(spec.env), args: (spec.args ?? []).map(fill), files: map(spec.files), main: spec.main === undefined ? undefined : fill(spec.main), routes };
}
