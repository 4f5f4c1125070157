import type { Registration } from './topic-manager.ts'

// The ls_modelreg lookup service (BRC-24): it indexes what tm_modelreg admitted and answers
// queries with outpoints. It is where global rules live that one transaction cannot see: a model ID
// and publisher key belong to the lineage of their first version 1, so a later "version 1" by the
// same key (a copy) is kept but never returned as the current registration. A query that names the
// publisher's key gets that publisher's lineage, however many others registered the ID first; one
// that does not gets the lineage of the ID's first registration, whoever made it.
export const SERVICE = 'ls_modelreg'

export interface RegistrationRecord extends Registration {
  txid: string
  outputIndex: number
  spent: boolean
  /** Outpoint of the version 1 this registration descends from. */
  lineage: string
  admittedAt: number
}

export interface ModelQuery {
  modelId: string
  /** The key that locks the publisher's registrations (hex), derived from its identity key. */
  publisherKey?: string
  /** true: only the current registration; false or absent: the model's whole history, oldest first. */
  current?: boolean
}

export class QueryError extends Error {}

export function parseQuery (query: unknown): ModelQuery {
  if (typeof query !== 'object' || query === null) throw new QueryError('query must be an object')
  const { modelId, current, publisherKey } = query as Record<string, unknown>
  if (typeof modelId !== 'string' || !/^[a-z0-9][a-z0-9._/-]{2,99}$/.test(modelId)) throw new QueryError('modelId is missing or malformed')
  if (current !== undefined && typeof current !== 'boolean') throw new QueryError('current must be a boolean')
  if (publisherKey !== undefined && (typeof publisherKey !== 'string' || !/^0[23][0-9a-f]{64}$/.test(publisherKey))) throw new QueryError('publisherKey must be a compressed public key in hex')
  return { modelId, ...(publisherKey === undefined ? {} : { publisherKey }), ...(current === undefined ? {} : { current }) }
}

export class ModelRegistryLookup {
  private readonly records = new Map<string, RegistrationRecord>()
  private readonly firstLineage = new Map<string, string>()
  private counter = 0

  /** Called for each admitted output, with the registrations its transaction spent. */
  outputAdded (txid: string, outputIndex: number, reg: Registration, spentOutpoints: string[]): void {
    const outpoint = `${txid}.${outputIndex}`
    if (this.records.has(outpoint)) return
    const parent = spentOutpoints.map(o => this.records.get(o)).find(r => r?.modelId === reg.modelId && r.version === reg.version - 1)
    const lineage = parent?.lineage ?? outpoint
    if (!this.firstLineage.has(reg.modelId)) this.firstLineage.set(reg.modelId, lineage)
    const byKey = `${reg.modelId} ${reg.publisherKey}`
    if (!this.firstLineage.has(byKey)) this.firstLineage.set(byKey, lineage)
    this.records.set(outpoint, { ...reg, txid, outputIndex, spent: false, lineage, admittedAt: this.counter++ })
  }

  outputSpent (outpoint: string): void {
    const record = this.records.get(outpoint)
    if (record !== undefined) record.spent = true
  }

  lookup (query: ModelQuery): RegistrationRecord[] {
    const lineage = this.firstLineage.get(query.publisherKey === undefined ? query.modelId : `${query.modelId} ${query.publisherKey}`)
    const history = [...this.records.values()]
      .filter(r => r.modelId === query.modelId && r.lineage === lineage)
      .sort((a, b) => a.admittedAt - b.admittedAt)
    return query.current === true ? history.filter(r => !r.spent).slice(-1) : history
  }
}
