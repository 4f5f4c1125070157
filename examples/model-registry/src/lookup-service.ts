import type { Registration } from './topic-manager.ts'

// The ls_modelreg lookup service (BRC-24): it indexes what tm_modelreg admitted and answers
// queries with outpoints. It is where global rules live that one transaction cannot see: a model ID
// belongs to the lineage of its first version 1, so a later "version 1" by someone else is kept
// (it is a valid token) but never returned as the current registration.
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
  /** true: only the current registration; false or absent: the model's whole history, oldest first. */
  current?: boolean
}

export class QueryError extends Error {}

export function parseQuery (query: unknown): ModelQuery {
  if (typeof query !== 'object' || query === null) throw new QueryError('query must be an object')
  const { modelId, current } = query as Record<string, unknown>
  if (typeof modelId !== 'string' || !/^[a-z0-9][a-z0-9._/-]{2,99}$/.test(modelId)) throw new QueryError('modelId is missing or malformed')
  if (current !== undefined && typeof current !== 'boolean') throw new QueryError('current must be a boolean')
  return current === undefined ? { modelId } : { modelId, current }
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
    this.records.set(outpoint, { ...reg, txid, outputIndex, spent: false, lineage, admittedAt: this.counter++ })
  }

  outputSpent (outpoint: string): void {
    const record = this.records.get(outpoint)
    if (record !== undefined) record.spent = true
  }

  lookup (query: ModelQuery): RegistrationRecord[] {
    const lineage = this.firstLineage.get(query.modelId)
    const history = [...this.records.values()]
      .filter(r => r.modelId === query.modelId && r.lineage === lineage)
      .sort((a, b) => a.admittedAt - b.admittedAt)
    return query.current === true ? history.filter(r => !r.spent).slice(-1) : history
  }
}
