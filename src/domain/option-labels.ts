/**
 * The generator's option values (docs/spec.md section 3), with the labels shown in the dropdowns.
 * Zod-free on purpose: islands import the labels without pulling zod into the browser bundle;
 * options.ts re-exports everything here beside the zod schemas.
 */
export const OPTION_LABELS = {
  businessCategory: {
    all: 'All categories',
    fintech: 'Fintech',
    healthcare: 'Healthcare',
    gaming: 'Gaming',
    'supply-chain': 'Supply chain',
    'social-media': 'Social media',
    education: 'Education',
    energy: 'Energy',
    'real-estate': 'Real estate',
    agriculture: 'Agriculture',
    manufacturing: 'Manufacturing',
    'identity-attribution-authentication': 'Identity, attribution and authentication',
    'it-networking-security': 'IT, networking and security',
    'transportation-logistics': 'Transportation and logistics',
    governance: 'Governance',
    'intellectual-property-legal': 'Intellectual property and legal',
  },
  targetMarket: {
    all: 'All markets',
    b2b: 'Business to business (B2B)',
    b2c: 'Business to consumer (B2C)',
    b2g: 'Business to government (B2G)',
    p2p: 'Peer to peer (P2P)',
    b2b2c: 'Business to business to consumer (B2B2C)',
    marketplace: 'Marketplace',
  },
  aiFocus: {
    all: 'All AI approaches',
    'machine-learning': 'Machine learning',
    nlp: 'Natural language processing',
    'computer-vision': 'Computer vision',
    'predictive-analytics': 'Predictive analytics',
    'recommendation-engines': 'Recommendation engines',
    'autonomous-agents': 'Autonomous agents',
    'generative-ai': 'Generative AI',
    'reinforcement-learning': 'Reinforcement learning',
  },
  revenueModel: {
    all: 'All revenue models',
    micropayments: 'Micropayments',
    subscription: 'Subscription',
    'transaction-fees': 'Transaction fees',
    'data-monetization': 'Data monetization',
    'marketplace-commission': 'Marketplace commission',
    freemium: 'Freemium',
    'usage-based': 'Usage-based',
  },
  bsvFeature: {
    all: 'All BSV features',
    microtransactions: 'Microtransactions',
    'data-storage': 'Data storage',
    'smart-contracts': 'Smart contracts',
    timestamping: 'Timestamping',
    identity: 'Identity',
    scalability: 'Scalability',
    regulatory: 'Regulatory compliance',
    tokenisation: 'Tokenisation',
  },
} as const;

export type OptionField = keyof typeof OPTION_LABELS;
export const OPTION_FIELDS = Object.keys(OPTION_LABELS) as OptionField[];

/** The readable label of an option value, or the value itself when it is unknown. */
export function optionLabel(field: OptionField, value: string): string {
  const labels: Record<string, string> = OPTION_LABELS[field];
  return Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;
}
