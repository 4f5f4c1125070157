import {
  Transaction,
  PushDrop,
  Signature,
  PublicKey,
  Utils,
  type AdmittanceInstructions,
  type LockingScript
} from '@bsv/sdk'

// Admittance rules for a "tm_modelreg" topic (BRC-22). Each registration is a
// PushDrop token with fields: modelId, sha256(weights), sha256(card), version,
// signature. The overlay engine calls this with the submitted BEEF and the
// indices of inputs that spend outputs this topic admitted earlier.
export const TOPIC = 'tm_modelreg'

export interface Registration {
  modelId: string
  version: number
  weightsHash: string // hex
  cardHash: string // hex
  publisherKey: string // the key that locks the token (derived per model, BRC-42)
}

export function parseRegistration (fields: number[][], lockingKey: PublicKey): Registration | undefined {
  if (fields.length !== 5) return undefined
  const [idBytes = [], weights = [], card = [], versionBytes = [], sigBytes = []] = fields
  if (weights.length !== 32 || card.length !== 32) return undefined
  const modelId = Utils.toUTF8(idBytes)
  const versionText = Utils.toUTF8(versionBytes)
  const version = Number(versionText)
  if (!/^[a-z0-9][a-z0-9._/-]{2,99}$/.test(modelId)) return undefined
  if (!/^[1-9]\d{0,8}$/.test(versionText)) return undefined
  // The publisher signed the concatenated data fields with the key that locks the token.
  const signed = [...idBytes, ...weights, ...card, ...versionBytes]
  try {
    if (!lockingKey.verify(signed, Signature.fromDER(sigBytes))) return undefined
  } catch {
    return undefined
  }
  return { modelId, version, weightsHash: Utils.toHex(weights), cardHash: Utils.toHex(card), publisherKey: lockingKey.toString() }
}

/** The registration an output carries, or undefined for any other output. */
export function decodeRegistration (script: LockingScript): Registration | undefined {
  try {
    const { fields, lockingPublicKey } = PushDrop.decode(script)
    return parseRegistration(fields, lockingPublicKey)
  } catch {
    return undefined // not a PushDrop output
  }
}

export async function identifyAdmissibleOutputs (
  beef: number[],
  previousCoins: number[]
): Promise<AdmittanceInstructions> {
  const tx = Transaction.fromBEEF(beef)
  // The engine verifies the BEEF with SPV before calling us; a standalone
  // deployment should call `await tx.verify(chainTracker)` here.

  // Versions held by the registrations this transaction spends, by identifier and key: a version
  // belongs to one publisher's line, so spending your own registration cannot admit a replayed copy
  // of someone else's (their signed fields are public once published).
  const line = (reg: Registration): string => `${reg.modelId} ${reg.publisherKey}`
  const spentVersions = new Map<string, number>()
  for (const inputIndex of previousCoins) {
    const input = tx.inputs[inputIndex]
    const prev = input?.sourceTransaction?.outputs[input.sourceOutputIndex]
    const reg = prev === undefined ? undefined : decodeRegistration(prev.lockingScript)
    if (reg !== undefined) spentVersions.set(line(reg), reg.version)
  }

  // One registration per transaction, at output 0: otherwise one version could be spent into two
  // next versions with different weights, and the publisher could show different buyers either line.
  const outputsToAdmit: number[] = []
  const first = tx.outputs[0]
  const reg = first === undefined ? undefined : decodeRegistration(first.lockingScript)
  if (reg !== undefined) {
    const previous = spentVersions.get(line(reg))
    // New models start at version 1; an update spends the previous registration of the same
    // key (so only its holder can make one) and increases the version by exactly one.
    if ((previous === undefined && reg.version === 1) || previous === reg.version - 1) outputsToAdmit.push(0)
  }

  // Keep superseded registrations so lookups can return a model's full history.
  return { outputsToAdmit, coinsToRetain: previousCoins }
}
