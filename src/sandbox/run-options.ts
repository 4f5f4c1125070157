import { PrivateKey, type Transaction } from '@bsv/sdk';
import type { FakeChain } from './fake-chain.ts';

/**
 * What an example is given when it runs outside its own test: in the in-page runner
 * (src/runner/sandbox.ts) and with `npm run example -- <id>`. One place for every example: the
 * examples listed here are the runnable ones (checked by tests/examples/in-page-runner.test.ts and
 * tests/e2e/runner.spec.ts); one marked `local` cannot run in the page and says why. An example not
 * listed still gets a Run button and runs with nothing given (it may print its usage). Values may name keys with `{{name.wif}}`,
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
  /** Examples (servers) this one talks to: the runner runs them first, once until Reset. */
  requires?: string[];
  /** Blocks mined after the keys are funded (confirmations for a proof). */
  mine?: number;
  /**
   * Stand-ins for the other party's site: host -> `METHOD /path` -> the answer (JSON, or text), as
   * the example's Node test serves it. Templates are filled in.
   */
  routes?: Record<string, Record<string, { json?: unknown; text?: string; status?: number }>>;
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
  'consent-token': {
    keys: { holder: 0 },
    env: { HOLDER_WIF: '{{holder.wif}}' },
    files: { 'consent.json': '{"resourceType":"Consent","status":"active","decision":"permit","provision":{"purpose":[{"code":"research.imaging"}]}}' },
    args: ['consent.json', 'research.imaging'],
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
    main: `import { P2PKH, PrivateKey, ProtoWallet, PublicKey, Transaction, Utils, WalletClient, WhatsOnChain } from '@bsv/sdk'
import { attestationBytes, revealPayment, verifyAttestation } from './verify-attestation.ts'

// The client pays the worker for job-7 and signs a receipt naming the payment (as pay-and-attest-job does).
const client = new WalletClient('auto', 'jobs.example-market.org')
const worker = new ProtoWallet(PrivateKey.fromWif('{{worker.wif}}'))
const verifier = new ProtoWallet(PrivateKey.fromWif('{{verifier.wif}}'))
const workerKey = '{{worker.publicKey}}'
const { publicKey: paymentKey } = await client.getPublicKey({ protocolID: [2, 'job payment'], keyID: 'job-7', counterparty: workerKey })
const { txid, tx } = await client.createAction({
  description: 'Pay for job-7',
  outputs: [{ lockingScript: new P2PKH().lock(PublicKey.fromString(paymentKey).toHash()).toHex(), satoshis: 25000, outputDescription: 'Payment' }],
  options: { randomizeOutputs: false }
})
if (txid === undefined || tx === undefined) throw new Error('the wallet made no payment')
const { publicKey: attester } = await client.getPublicKey({ identityKey: true })
const unsigned = {
  type: 'job-attestation.v1' as const, subject: workerKey, attester, payment: { txid, vout: 0 }, jobId: 'job-7',
  amountBand: '100-500 USD', completedAt: '2025-04-02', scores: { quality: 5, timeliness: 4, communication: 5 }, commentHash: '00'.repeat(32)
}
const { signature } = await client.createSignature({ data: attestationBytes(unsigned), protocolID: [2, 'job attestation'], keyID: txid + '.0', counterparty: 'anyone' })
const attestation = { ...unsigned, signature: Utils.toHex(signature) }

// The worker reveals this one payment's key linkage to the verifier, who checks the whole bundle.
const { publicKey: verifierKey } = await verifier.getPublicKey({ identityKey: true })
const bundle = { attestation, paymentBeef: Transaction.fromAtomicBEEF(tx).toHexBEEF(), revelation: await revealPayment(worker, attestation, verifierKey) }
const counted = new Set<string>()
const tracker = new WhatsOnChain('test')
console.log('receipt:', (await verifyAttestation(verifier, bundle, counted, tracker)).join('; ') || 'verified')
console.log('the same payment again:', (await verifyAttestation(verifier, bundle, counted, tracker)).join('; '))
const edited = { ...bundle, attestation: { ...attestation, scores: { quality: 5, timeliness: 5, communication: 5 } } }
console.log('timeliness edited to 5:', (await verifyAttestation(verifier, edited, new Set(), tracker)).join('; '))
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
import { canonical, verifyReceipt } from './verify-receipt.ts'

// The lender's receipt service (as issue-decision-receipt does it): sign a receipt, anchor its hash.
const lender = new WalletClient('auto', 'lending.example-bank.com')
const application = { business: 'Harbour Bakery Ltd', postcode: 'BS1 4DJ', tradingMonths: 19 }
const decisionId = Utils.toHex(Random(16))
const salt = Random(32)
const { publicKey: operator } = await lender.getPublicKey({ identityKey: true })
const { publicKey: subjectKey } = await lender.getPublicKey({ protocolID: [2, 'decision subject'], keyID: decisionId, counterparty: '{{applicant.publicKey}}' })
const unsigned = {
  type: 'decision-receipt.v1', decisionId, subjectKey, operator,
  model: { name: 'sme-credit', weightsHash: 'a41b'.repeat(16), registryTxid: '7c0e'.repeat(16) },
  policy: { name: 'sme-lending-policy', version: '2025-02', hash: '5be2'.repeat(16) },
  inputCommitment: Utils.toHex(Hash.sha256([...salt, ...Utils.toArray(canonical(application), 'utf8')])),
  output: { decision: 'decline', score: 0.41, threshold: 0.55 },
  reasons: ['trading history under 24 months'], humanInvolvement: 'none', issuedAt: new Date().toISOString()
}
const { signature } = await lender.createSignature({ data: Utils.toArray(canonical(unsigned), 'utf8'), protocolID: [2, 'decision receipt'], keyID: decisionId, counterparty: 'anyone' })
const receipt = { ...unsigned, signature: Utils.toHex(signature) }
const script = new Script().writeOpCode(OP.OP_FALSE).writeOpCode(OP.OP_RETURN)
  .writeBin(Utils.toArray('decision.receipt.v1', 'utf8')).writeBin(Hash.sha256(Utils.toArray(canonical(receipt), 'utf8')))
const { txid, tx } = await lender.createAction({ description: 'Anchor a decision receipt', outputs: [{ lockingScript: script.toHex(), satoshis: 0, outputDescription: 'Receipt hash' }] })
if (txid === undefined || tx === undefined) throw new Error('the receipt was not anchored')
const issued = { receipt, salt: Utils.toHex(salt), anchor: { txid, beef: Transaction.fromAtomicBEEF(tx).toHexBEEF() } }

// The applicant checks it with her own wallet and her own copy of the application.
const applicant = new ProtoWallet(PrivateKey.fromWif('{{applicant.wif}}'))
const expected = { operatorKey: operator, registeredWeights: 'a41b'.repeat(16) }
const tracker = new WhatsOnChain('test')
const check = async (input: unknown, e = expected): Promise<string> => {
  const { problems } = await verifyReceipt(applicant, issued, input, e, tracker)
  return problems.length === 0 ? 'verified' : problems.join('; ')
}
console.log('my receipt:', await check(application))
console.log('with my corrected trading history:', await check({ ...application, tradingMonths: 25 }))
console.log('if the registry lists other weights:', await check(application, { ...expected, registeredWeights: '00'.repeat(32) }))
`,
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
  'paid-ai-api-server': { local: 'it starts an Express server with the BSV auth and payment middleware' },
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
  'brc121-paid-endpoint': { env: { PORT: '3000', WALLET_URL: 'http://wallet.server.test' } },
  'brc121-client': { requires: ['brc121-paid-endpoint'], args: ['http://localhost:3000/articles/grid-storage', '500'] },
};

export function isLocalOnly(options: RunSpec | LocalOnly | undefined): options is LocalOnly {
  return options !== undefined && 'local' in options;
}

export interface ResolvedRun {
  env: Record<string, string>;
  args: string[];
  files: Record<string, string>;
  main: string | undefined;
  routes: Record<string, Record<string, { status: number; body: string; contentType: string }>>;
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
