import type { GenerateRequest } from './schema.ts';

/** The generator settings a page starts with (docs/spec.md section 3). Re-exported by schema.ts. */
export const DEFAULT_SETTINGS: GenerateRequest = {
  businessCategory: 'all',
  targetMarket: 'all',
  aiFocus: 'all',
  revenueModel: 'all',
  bsvFeature: 'all',
  innovationLevel: 5,
  useAnthropic: true,
};
