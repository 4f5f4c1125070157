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

// Usage: PUBLISHER_IDENTITY_KEY=<key> PUBLISHER_V1_OUTPOINT=<txid.0> lookup <modelId> <weights-file>
// Ask each of the publisher's ls_modelreg hosts (BRC-24) for the model's registrations, verify every
// answer with SPV, follow the line of versions from the published version 1 and compare the
// weights hash with the current version's.
// OVERLAY_NETWORK: testnet (default), mainnet, or local (http://localhost:8080).
// LOOKUP_HOSTS: the comma-separated URLs of the hosts the publisher names (local: localhost:8080).
// PUBLISHER_IDENTITY_KEY: the publisher's identity key as you know it (from its certificate, Chapter 8):
// anyone can register any model ID under a key of their own.
// PUBLISHER_V1_OUTPOINT: the version 1 outpoint the publisher published with the model's name.
const [modelId, weightsPath] = process.argv.slice(2)
const publisher = process.env.PUBLISHER_IDENTITY_KEY
const v1Outpoint = process.env.PUBLISHER_V1_OUTPOINT?.replace(':', '.')
if (modelId === undefined || weightsPath === undefined || publisher === undefined || v1Outpoint === undefined) {
  throw new Error('usage: PUBLISHER_IDENTITY_KEY=<key> PUBLISHER_V1_OUTPOINT=<txid.0> lookup <modelId> <weights-file>')
}
const network = process.env.OVERLAY_NETWORK ?? 'testnet'
if (network !== 'testnet' && network !== 'mainnet' && network !== 'local') throw new Error('OVERLAY_NETWORK must be testnet, mainnet or local')
const preset = network
const hosts = (process.env.LOOKUP_HOSTS ?? (preset === 'local' ? 'http://localhost:8080' : '')).split(',').filter(h => h !== '')
if (hosts.length === 0) throw new Error('Set LOOKUP_HOSTS to the hosts the publisher names (comma-separated URLs)')
// The key the publisher's registrations of this model are locked to, recomputed from its identity key.
const { publicKey: expectedKey } = await new ProtoWallet('anyone').getPublicKey({
  protocolID: [1, 'model registry'], keyID: modelId, counterparty: publisher
})
// No host is trusted for validity: every answer is checked against block headers.
const chainTracker = new WhatsOnChain(preset === 'mainnet' ? 'main' : 'test')

interface Version { version: number, hash: string, outpoint: string, spends: string[] }

// One host's registrations of the model by the publisher, each verified: SPV, the locking key, the signature.
async function registrations (host: string): Promise<Version[]> {
  // One resolver per host: given several, a resolver returns 80 ms after the first answer with outputs.
  const resolver = new LookupResolver({ networkPreset: preset, hostOverrides: { ls_modelreg: [host] } })
  // The whole history of the publisher's line, not only what the host calls current.
  const answer = await resolver.query({ service: 'ls_modelreg', query: { modelId, publisherKey: expectedKey } }, 10_000)
  const found: Version[] = []
  for (const item of answer.type === 'output-list' ? answer.outputs : []) {
    const tx = Transaction.fromBEEF(item.beef)
    const outpoint = `${tx.id('hex')}.${item.outputIndex}`
    // SPV proves the registration exists; whether it is still current is each host's word.
    let valid = false
    try { valid = await tx.verify(chainTracker) } catch { /* invalid */ }
    if (!valid) {
      console.warn(`skipping unverifiable answer ${outpoint} from ${host}`)
      continue
    }
    const output = tx.outputs[item.outputIndex]
    if (output === undefined) continue
    let decoded: ReturnType<typeof PushDrop.decode>
    try { decoded = PushDrop.decode(output.lockingScript) } catch { continue }
    const { fields, lockingPublicKey } = decoded
    const [id = [], weights = [], card = [], versionBytes = [], sig = []] = fields
    if (fields.length !== 5 || Utils.toUTF8(id) !== modelId) continue
    if (lockingPublicKey.toString() !== expectedKey) {
      console.log(`skipping a registration of ${modelId} by another key in ${outpoint.replace('.', ':')}`)
      continue
    }
    // The publisher's signature over the data fields, by the key that locks the token.
    let signed = false
    try { signed = lockingPublicKey.verify([...id, ...weights, ...card, ...versionBytes], Signature.fromDER(sig)) } catch { /* malformed */ }
    const version = Number(Utils.toUTF8(versionBytes))
    if (!signed || !Number.isSafeInteger(version) || version < 1) continue
    const spends = tx.inputs.map(i => `${i.sourceTXID ?? i.sourceTransaction?.id('hex') ?? ''}.${i.sourceOutputIndex}`)
    found.push({ version, hash: Utils.toHex(weights), outpoint, spends })
  }
  return found
}

// The line from the published version 1: each next version counts only if its transaction spends
// the registration before it, so a second line, or a copy of an old version, is never followed.
function lineFromPublished (versions: Version[]): Version[] {
  const line: Version[] = []
  let next = versions.find(v => v.version === 1 && v.outpoint === v1Outpoint)
  while (next !== undefined) {
    const last: Version = next
    line.push(last)
    next = versions.find(v => v.version === last.version + 1 && v.spends.includes(last.outpoint))
  }
  return line
}

// Every host the publisher names must answer with the line; a host that missed an update returns an
// older version, so the highest version any of them returns is the current one.
let current: Version | undefined
const seen: Version[] = []
let everyHost = true
for (const host of hosts) {
  let line: Version[] = []
  try {
    line = lineFromPublished(await registrations(host))
  } catch (e) {
    console.log(`${host} did not answer: ${e instanceof Error ? e.message : String(e)}`)
  }
  const last = line.at(-1)
  if (last === undefined) {
    console.log(`${host}: no registration of ${modelId} on the line from ${v1Outpoint}`)
    everyHost = false
    continue
  }
  console.log(`${modelId} v${last.version} registered in ${last.outpoint.replace('.', ':')}`)
  seen.push(...line)
  if (current === undefined || last.version > current.version) current = last
}
const localHash = Utils.toHex(Hash.sha256(Array.from(await readFile(weightsPath))))
if (current === undefined || !everyHost) {
  console.log(`not every host the publisher names returned its line of ${modelId}: no verdict`)
  process.exitCode = 1
} else if (current.hash === localHash) {
  console.log('weights match the registered hash')
} else {
  const older = seen.find(v => v.hash === localHash)
  console.log(older === undefined
    ? `MISMATCH: registered ${current.hash}, local file ${localHash}`
    : `MISMATCH: the local file is v${older.version}, not the current v${current.version}`)
  process.exitCode = 1
}
