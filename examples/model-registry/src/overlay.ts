import { Transaction, type ChainTracker, type LookupAnswer, type STEAK } from '@bsv/sdk'
import { TOPIC, decodeRegistration, identifyAdmissibleOutputs } from './topic-manager.ts'
import { SERVICE, ModelRegistryLookup, QueryError, parseQuery } from './lookup-service.ts'

// The overlay host's state for one topic and one lookup service, apart from HTTP (overlay-server.ts
// serves it on Node; the book's in-page runner serves the same class in the browser). Every
// submission is checked with SPV before the topic manager sees it. State is kept in memory: a
// production host (for example @bsv/overlay with a database) persists it and syncs with other
// hosts (GASP).

export class HttpError extends Error {
  readonly status: number
  constructor (status: number, message: string) { super(message); this.status = status }
}

interface Admitted { beef: number[], spent: boolean }

export class ModelRegistryOverlay {
  private readonly admitted = new Map<string, Admitted>()
  private readonly steaks = new Map<string, STEAK>()
  readonly lookupService = new ModelRegistryLookup()
  private readonly chainTracker: ChainTracker

  constructor (chainTracker: ChainTracker) {
    this.chainTracker = chainTracker
  }

  async submit (beef: number[], topics: string[]): Promise<STEAK> {
    if (!topics.includes(TOPIC)) return {}
    let tx: Transaction
    try {
      tx = Transaction.fromBEEF(beef)
    } catch {
      throw new HttpError(400, 'body is not a BEEF')
    }
    const txid = tx.id('hex')
    const known = this.steaks.get(txid)
    if (known !== undefined) return known // resubmission: same answer
    let reason = 'invalid'
    try {
      if (await tx.verify(this.chainTracker)) reason = ''
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err)
    }
    if (reason !== '') throw new HttpError(400, `transaction failed SPV verification: ${reason}`)

    const previousCoins: number[] = []
    const spentOutpoints: string[] = []
    tx.inputs.forEach((input, index) => {
      const outpoint = `${input.sourceTXID ?? input.sourceTransaction?.id('hex') ?? ''}.${input.sourceOutputIndex}`
      const coin = this.admitted.get(outpoint)
      if (coin !== undefined && !coin.spent) {
        previousCoins.push(index)
        spentOutpoints.push(outpoint)
      }
    })
    const instructions = await identifyAdmissibleOutputs(beef, previousCoins)
    const storedBeef = tx.toBEEF()
    for (const index of instructions.outputsToAdmit) {
      const output = tx.outputs[index]
      const reg = output === undefined ? undefined : decodeRegistration(output.lockingScript)
      if (reg === undefined) continue
      this.admitted.set(`${txid}.${index}`, { beef: storedBeef, spent: false })
      this.lookupService.outputAdded(txid, index, reg, spentOutpoints)
    }
    // Spent registrations are retained (coinsToRetain) as history, marked spent.
    for (const outpoint of spentOutpoints) {
      const coin = this.admitted.get(outpoint)
      if (coin !== undefined) coin.spent = true
      this.lookupService.outputSpent(outpoint)
    }
    const steak: STEAK = { [TOPIC]: instructions }
    this.steaks.set(txid, steak)
    return steak
  }

  lookup (service: unknown, query: unknown): LookupAnswer {
    if (service !== SERVICE) throw new HttpError(400, `unknown lookup service ${String(service)}`)
    let parsed
    try {
      parsed = parseQuery(query)
    } catch (err) {
      throw new HttpError(400, err instanceof QueryError ? err.message : 'bad query')
    }
    return {
      type: 'output-list',
      outputs: this.lookupService.lookup(parsed).map(r => ({
        beef: this.admitted.get(`${r.txid}.${r.outputIndex}`)?.beef ?? [],
        outputIndex: r.outputIndex
      }))
    }
  }
}
