import { randomUUID } from 'node:crypto';
import type { GeneratedIdea, IdeaRecord, InspiredBy } from '../../src/domain/ideas/schema.ts';

/** A complete generated idea, as the generator stores it (generatedIdeaSchema plus inspiredBy). */
export function sampleIdea(name = 'Verifiable Harvest Ledger'): GeneratedIdea & { inspiredBy: InspiredBy } {
  return {
    businessName: name,
    executiveSummary: `${name} lets farm cooperatives sell produce with a tamper-evident origin record, paid per lookup in fractions of a cent.`,
    painPointsSolved: ['Buyers cannot verify where produce comes from', 'Certification audits are slow and costly'],
    marketAnalysis: 'Traceability software is a growing market driven by food-safety regulation and consumer demand for provenance.',
    businessModel: {
      quickStats: { minPayment: '$0.001', targetTPS: '5,000', marketSize: '$20B', launchTime: '6 months' },
      revenueStreams: ['Per-lookup micropayments', 'Cooperative onboarding fees'],
      costStructure: ['Cloud hosting', 'Field sensor kits'],
    },
    technologySynergies: {
      internet: 'Open web APIs let any retailer query a batch by its QR code.',
      ai: 'Computer vision grades produce photos and flags anomalies in sensor data.',
      bsv: 'Each batch event is timestamped on chain and verified with SPV.',
    },
    coreFeatures: [{ title: 'Batch passport', description: 'A QR code per batch linking to its on-chain history.' }],
    implementationRoadmap: [
      { phase: 'Pilot', timeline: 'Months 1-3', tasks: ['Sign two cooperatives', 'Ship sensor kits'] },
      { phase: 'Launch', timeline: 'Months 4-6', tasks: ['Open the retailer API'] },
    ],
    marketDifferentiation: {
      competitiveAdvantages: ['Proof anyone can verify without trusting us', 'Costs a fraction of a cent per record'],
      technicalArchitecture: {
        frontend: 'Astro and React',
        backend: 'Serverless functions',
        aiEngine: 'Vision model behind a queue',
        blockchain: 'BSV with SPV proofs',
        database: 'Key-value blobs',
        infrastructure: 'CDN edge',
      },
    },
    inspiredBy: [
      { id: 'chapter-12', title: 'Chapter 12: Supply Chain' },
      { id: 'chapter-06', title: 'Chapter 6: Overlay Networks and SPV' },
    ],
  };
}

/** A stored record around `sampleIdea`, with a fresh id. */
export function sampleRecord(overrides: Partial<IdeaRecord> = {}, name?: string): IdeaRecord {
  const idea = sampleIdea(name);
  return {
    id: randomUUID(),
    businessName: idea.businessName,
    generatedIdea: idea,
    parameters: {
      businessCategory: 'agriculture',
      targetMarket: 'b2b',
      aiFocus: 'computer-vision',
      revenueModel: 'micropayments',
      bsvFeature: 'timestamping',
      innovationLevel: 7,
    },
    createdAt: new Date().toISOString(),
    engine: 'offline',
    model: 'offline-book-engine',
    ...overrides,
  };
}
