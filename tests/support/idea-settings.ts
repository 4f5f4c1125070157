import { DEFAULT_SETTINGS, type GenerateRequest } from '../../src/domain/ideas/schema.ts';

/**
 * Fixed generator settings for the variety checks of the offline engine (100 generations each):
 * everything "all", a narrow low-innovation B2B setting, and a narrow high-innovation B2C one.
 * Shared by tests/unit/offline-engine.test.ts and `npm run bench:ideas`.
 */
export const VARIETY_SETTINGS: GenerateRequest[] = [
  DEFAULT_SETTINGS,
  {
    ...DEFAULT_SETTINGS,
    businessCategory: 'healthcare',
    targetMarket: 'b2b',
    aiFocus: 'nlp',
    revenueModel: 'subscription',
    bsvFeature: 'timestamping',
    innovationLevel: 3,
  },
  {
    ...DEFAULT_SETTINGS,
    businessCategory: 'gaming',
    targetMarket: 'b2c',
    aiFocus: 'generative-ai',
    revenueModel: 'micropayments',
    bsvFeature: 'tokenisation',
    innovationLevel: 9,
  },
];
