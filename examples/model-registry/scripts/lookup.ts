import {
  LookupResolver,
  ProtoWallet,
  Transaction,
  PushDrop,
  Signature,
  Utils,
  WhatsOnChain,
  Hash
} from '@bsv/sdk'
import { readFile } from 'node:fs/promises'

// Usage: PUBLISHER_IDENTITY_KEY=<key> lookup <modelId> <weights-file>
// Find the current registration of a model through the ls_modelreg lookup
// service (BRC-24), verify the answer with SPV, and compare the weights hash.
// OVERLAY_NETWORK: testnet (default; hosts found through SLAP), mainnet, or local (http://localhost:8080).
// PUBLISHER_IDENTITY_KEY: the publisher's identity key as you know it (from its certificate, Chapter 8):
// anyone can register any model ID under a key of their own.
const [modelId, weightsPath] = process.argv.slice(2)
const publisher = process.env.PUBLISHER_IDENTITY_KEY
if (modelId === undefined || weightsPath === undefined || publisher === undefined) {
  throw new Error('usage: PUBLISHER_IDENTITY_KEY=<key> lookup <modelId> <weights-file>')
}
// The key the publisher's registrations of this model are locked to, recomputed from its identity key.
const { publicKey: expectedKey } = await new ProtoWallet('anyone').getPublicKey({
  protocolID: [1, 'model registry'], keyID: modelId, counterparty: publisher
})
const preset = process.env.OVERLAY_NETWORK ?? 'testnet'
if (preset !== 'testnet' && preset !== 'mainnet' && preset !== 'local') throw new Error('OVERLAY_NETWORK must be testnet, mainnet or local')

// No host is trusted for validity: every answer is checked against block headers.
const resolver = new LookupResolver({ networkPreset: preset })
const chainTracker = new WhatsOnChain(preset === 'mainnet' ? 'main' : 'test')
// Ask for this publisher's line of the model ID: someone else may have registered the ID first.
const answer = await resolver.query({ service: 'ls_modelreg', query: { modelId, publisherKey: expectedKey, current: true } }, 10_000)
if (answer.type !== 'output-list' || answer.outputs.length === 0) {
  throw new Error(`No registration found for ${modelId}`)
}

const localHash = Utils.toHex(Hash.sha256(Array.from(await readFile(weightsPath))))
// Every verified registration by the publisher, from every host that answered: a host that missed
// an update still returns the older version, so only the highest version counts as current.
const verified: Array<{ version: number, hash: string }> = []
for (const item of answer.outputs) {
  const tx = Transaction.fromBEEF(item.beef)
  // The lookup host could be wrong or dishonest: verify before believing.
  // (SPV proves the registration exists; that it is still the current one is the host's word.)
  let valid = false
  try { valid = await tx.verify(chainTracker) } catch { /* invalid */ }
  if (!valid) {
    console.warn(`skipping unverifiable answer ${tx.id('hex')}`)
    continue
  }
  const output = tx.outputs[item.outputIndex]
  if (output === undefined) continue
  const { fields, lockingPublicKey } = PushDrop.decode(output.lockingScript)
  const [id = [], weights = [], card = [], versionBytes = [], sig = []] = fields
  if (fields.length !== 5 || Utils.toUTF8(id) !== modelId) continue
  if (lockingPublicKey.toString() !== expectedKey) {
    console.log(`skipping a registration of ${modelId} by another key in ${tx.id('hex')}:${item.outputIndex}`)
    continue
  }
  // The publisher's signature over the data fields, by the key that locks the token.
  let signed = false
  try { signed = lockingPublicKey.verify([...id, ...weights, ...card, ...versionBytes], Signature.fromDER(sig)) } catch { /* malformed */ }
  if (!signed) continue

  const version = Number(Utils.toUTF8(versionBytes))
  if (!Number.isSafeInteger(version) || version < 1) continue
  verified.push({ version, hash: Utils.toHex(weights) })
  console.log(`${modelId} v${version} registered in ${tx.id('hex')}:${item.outputIndex}`)
}
const current = verified.reduce<{ version: number, hash: string } | undefined>((a, b) => (a === undefined || b.version > a.version ? b : a), undefined)
if (current === undefined) {
  console.log(`no verified registration of ${modelId} by this publisher`)
  process.exitCode = 1
} else if (current.hash === localHash) {
  console.log('weights match the registered hash')
} else {
  const older = verified.find(r => r.hash === localHash)
  console.log(older === undefined
    ? `MISMATCH: registered ${current.hash}, local file ${localHash}`
    : `MISMATCH: the local file is v${older.version}, not the current v${current.version}`)
  process.exitCode = 1
}
