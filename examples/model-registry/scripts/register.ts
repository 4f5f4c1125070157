import {
  WalletClient,
  PushDrop,
  Transaction,
  TopicBroadcaster,
  Hash,
  Utils,
  isBroadcastFailure,
  HTTPSOverlayBroadcastFacilitator,
  type AtomicBEEF,
  type BEEF,
  type LockingScript,
  type STEAK,
  type TaggedBEEF,
  type WalletProtocol
} from '@bsv/sdk'
import { readFile } from 'node:fs/promises'

// Usage: register <modelId> <weights-file> <model-card-file>
// Publishes version 1 of a model registration or, when this wallet holds the current one,
// spends it into the next version; then submits the transaction to the tm_modelreg topic.
// OVERLAY_NETWORK: testnet (default; hosts found through SHIP), mainnet, or local (one host on
// http://localhost:8080, such as this project's overlay server). OVERLAY_HOSTS (testnet, mainnet):
// the comma-separated URLs of the hosts that must each acknowledge the registration.
const [modelId, weightsPath, cardPath] = process.argv.slice(2)
if (modelId === undefined || weightsPath === undefined || cardPath === undefined) {
  throw new Error('usage: register <modelId> <weights> <card>')
}
const preset = process.env.OVERLAY_NETWORK ?? 'testnet'
if (preset !== 'testnet' && preset !== 'mainnet' && preset !== 'local') throw new Error('OVERLAY_NETWORK must be testnet, mainnet or local')
// By default TopicBroadcaster counts one host's acknowledgement as success, and that host could drop
// the registration: name every independent host you rely on, and each must acknowledge it.
const hosts = preset === 'local' ? ['http://localhost:8080'] : (process.env.OVERLAY_HOSTS ?? '').split(',').filter(h => h !== '')
if (hosts.length === 0) throw new Error('Set OVERLAY_HOSTS to the hosts that must each acknowledge (comma-separated URLs)')
const sha256File = async (p: string): Promise<number[]> => Hash.sha256(Array.from(await readFile(p)))

const PROTOCOL: WalletProtocol = [1, 'model registry']
const BASKET = 'model registrations'
// The user's BRC-100 wallet holds the keys; this script never sees them.
const wallet = new WalletClient('auto', 'modelreg.example')
const pushdrop = new PushDrop(wallet)

// Do we hold the current registration? Then this is an update that spends it.
const { outputs, BEEF } = await wallet.listOutputs({ basket: BASKET, tags: [modelId], include: 'entire transactions' })
let version = 1
let current: { outpoint: string, script: LockingScript, beef: BEEF } | undefined
if (outputs[0] !== undefined && BEEF !== undefined) {
  const { outpoint } = outputs[0]
  const [txid = '', vout = ''] = outpoint.split('.')
  const script = Transaction.fromBEEF(BEEF, txid).outputs[Number(vout)]?.lockingScript
  if (script === undefined) throw new Error('Current registration missing from the BEEF')
  current = { outpoint, script, beef: BEEF }
  version = Number(Utils.toUTF8(PushDrop.decode(script).fields[3] ?? [])) + 1
}

const fields: number[][] = [
  Utils.toArray(modelId, 'utf8'),
  await sha256File(weightsPath),
  await sha256File(cardPath),
  Utils.toArray(String(version), 'utf8')
]
// PushDrop appends the wallet's signature over the fields and locks the token to a key derived
// for this protocol and model (BRC-42/43) with counterparty 'anyone': anyone who knows the
// publisher's identity key can recompute it (forSelf: true keeps its private half the wallet's).
const lockingScript = await pushdrop.lock(fields, PROTOCOL, modelId, 'anyone', true)
const output = {
  lockingScript: lockingScript.toHex(),
  satoshis: 1,
  outputDescription: 'Model registration token',
  basket: BASKET,
  tags: [modelId]
}

let atomicBeef: AtomicBEEF | undefined
if (current === undefined) {
  ({ tx: atomicBeef } = await wallet.createAction({
    description: 'Register model weights', outputs: [output], options: { randomizeOutputs: false }
  }))
} else {
  const { signableTransaction } = await wallet.createAction({
    description: 'Update model registration',
    inputBEEF: current.beef,
    inputs: [{ outpoint: current.outpoint, inputDescription: 'Previous registration', unlockingScriptLength: 73 }],
    outputs: [output],
    options: { randomizeOutputs: false }
  })
  if (signableTransaction === undefined) throw new Error('Expected a transaction to sign')
  const unlocker = pushdrop.unlock(PROTOCOL, modelId, 'anyone', 'all', false, 1, current.script)
  const unlockingScript = await unlocker.sign(Transaction.fromAtomicBEEF(signableTransaction.tx), 0)
  ;({ tx: atomicBeef } = await wallet.signAction({
    reference: signableTransaction.reference,
    spends: { 0: { unlockingScript: unlockingScript.toHex() } }
  }))
}
if (atomicBeef === undefined) throw new Error('Wallet did not return the signed transaction')

const tx = Transaction.fromAtomicBEEF(atomicBeef)
// Find the hosts for the topic (SHIP, or localhost in local mode) and submit the BEEF to them,
// noting each host that admits the registration.
const admittedBy = new Set<string>()
const http = new HTTPSOverlayBroadcastFacilitator(undefined, preset === 'local')
const facilitator = {
  send: async (host: string, tagged: TaggedBEEF): Promise<STEAK> => {
    const steak = await http.send(host, tagged)
    if (steak.tm_modelreg?.outputsToAdmit.includes(0) === true) admittedBy.add(host)
    return steak
  }
}
const broadcaster = new TopicBroadcaster(['tm_modelreg'], {
  networkPreset: preset,
  facilitator,
  requireAcknowledgmentFromAnyHostForTopics: 'all',
  requireAcknowledgmentFromSpecificHostsForTopics: Object.fromEntries(hosts.map(h => [h, ['tm_modelreg']]))
})
const result = await broadcaster.broadcast(tx)
if (isBroadcastFailure(result)) {
  // The wallet has broadcast the transaction and holds its output: running this script again would
  // build the next version, which a host without this one cannot admit. So resend this same
  // transaction, only to the named hosts that did not admit it (a reference host that already holds
  // it answers a repeat with an empty STEAK, which counts as no acknowledgment).
  for (const host of hosts.filter(h => !admittedBy.has(h))) {
    await facilitator.send(host, { beef: tx.toBEEF(), topics: ['tm_modelreg'] }).catch(() => undefined)
  }
  const missing = hosts.filter(h => !admittedBy.has(h))
  if (missing.length > 0) {
    throw new Error(`Overlay rejected the registration: ${result.description} Not admitted by ${missing.join(', ')}: resubmit ${tx.id('hex')} to them; do not register again`)
  }
}
console.log(`registered ${modelId} v${version} in ${tx.id('hex')}:0`)
// The line of versions starts here. Publish this outpoint with the model's name: a buyer who follows
// only the line from it cannot be shown a second line started under the same ID and key.
if (version === 1) console.log(`version 1 outpoint ${tx.id('hex')}.0: publish it with the model's name; buyers pass it to lookup as PUBLISHER_V1_OUTPOINT`)
// Buyers need this key (with the version 1 outpoint) to tell your registrations from an impostor's.
const { publicKey: identityKey } = await wallet.getPublicKey({ identityKey: true })
console.log(`publisher identity key ${identityKey}: buyers pass it to lookup as PUBLISHER_IDENTITY_KEY`)
