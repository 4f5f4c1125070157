import type { AiFocus, BsvFeature, BusinessCategory, RevenueModel, TargetMarket } from '../options.ts';

/**
 * The offline engine's phrase book: what each option value means for a business. The book's
 * chapters supply the idea itself (seeds, key points); these phrases adapt it to the controls.
 */

type Concrete<T extends string> = Exclude<T, 'all'>;

export interface CategoryWords {
  sector: string;
  customers: string;
  /** Serviceable organisations or people in a first market, [low, high]. */
  serviceable: [number, number];
  /** Words that make a seed fit this category. */
  keywords: RegExp;
}

export const CATEGORY: Record<Concrete<BusinessCategory>, CategoryWords> = {
  fintech: {
    sector: 'financial services',
    customers: 'payment providers, neobanks and online merchants',
    serviceable: [6_000, 20_000],
    keywords: /pay|bank|merchant|remit|cash|loan|credit|fee|invoice|settle/i,
  },
  healthcare: {
    sector: 'healthcare',
    customers: 'hospitals, clinic groups and health-data users',
    serviceable: [3_000, 9_000],
    keywords: /patient|clinic|health|hospital|diagnos|medical|consent/i,
  },
  gaming: {
    sector: 'games and interactive media',
    customers: 'independent studios and their players',
    serviceable: [8_000, 25_000],
    keywords: /game|player|item|reward|tip|creator/i,
  },
  'supply-chain': {
    sector: 'supply chains',
    customers: 'brands, manufacturers and logistics partners',
    serviceable: [5_000, 15_000],
    keywords: /supply|lot|shipment|origin|recall|cold chain|batch|product/i,
  },
  'social-media': {
    sector: 'social media and online communities',
    customers: 'community operators, creators and their audiences',
    serviceable: [10_000, 40_000],
    keywords: /post|creator|social|feed|community|forum|reputation|tip/i,
  },
  education: {
    sector: 'education and training',
    customers: 'course providers, schools and learners',
    serviceable: [4_000, 12_000],
    keywords: /learn|course|student|teach|skill|certif|developer/i,
  },
  energy: {
    sector: 'energy',
    customers: 'utilities, grid operators and energy buyers',
    serviceable: [1_500, 5_000],
    keywords: /energy|grid|meter|carbon|load|power|sensor/i,
  },
  'real-estate': {
    sector: 'real estate',
    customers: 'property managers, brokers and tenants',
    serviceable: [7_000, 22_000],
    keywords: /property|title|deed|lease|record|document|escrow|registry/i,
  },
  agriculture: {
    sector: 'agriculture and food',
    customers: 'growers, cooperatives and food buyers',
    serviceable: [4_000, 14_000],
    keywords: /farm|crop|grower|food|origin|harvest|cold chain|sensor/i,
  },
  manufacturing: {
    sector: 'manufacturing',
    customers: 'manufacturers and their component suppliers',
    serviceable: [3_000, 10_000],
    keywords: /manufactur|factory|component|part|lot|machine|device|sensor/i,
  },
  'identity-attribution-authentication': {
    sector: 'identity and authentication',
    customers: 'platforms that sign people and agents in',
    serviceable: [5_000, 18_000],
    keywords: /identity|certificate|credential|sign-in|login|age|attribut|authent|wallet/i,
  },
  'it-networking-security': {
    sector: 'IT, networking and security',
    customers: 'engineering teams and security operations',
    serviceable: [8_000, 30_000],
    keywords: /server|api|endpoint|audit|security|log|gateway|network|model/i,
  },
  'transportation-logistics': {
    sector: 'transportation and logistics',
    customers: 'carriers, fleets and shippers',
    serviceable: [3_000, 11_000],
    keywords: /shipment|fleet|carrier|delivery|logistic|device|sensor|route/i,
  },
  governance: {
    sector: 'governance',
    customers: 'membership organisations, councils and public bodies',
    serviceable: [2_000, 8_000],
    keywords: /ballot|vote|member|mandate|decision|deliberat|council|public/i,
  },
  'intellectual-property-legal': {
    sector: 'intellectual property and legal services',
    customers: 'law firms, creators and rights holders',
    serviceable: [4_000, 13_000],
    keywords: /draft|proof|evidence|rights|licen|author|timestamp|existence|legal/i,
  },
};

export interface MarketWords {
  /** "for mid-sized businesses" */
  phrase: string;
  /** What one year-one account is. */
  accountNoun: string;
  /** Accounts at the end of year one, [low, high]. */
  accounts: [number, number];
  /** Paid actions per account per day, [low, high]. */
  perAccountDaily: [number, number];
  frontend: string;
  infrastructure: string;
  pain: string;
  nameSuffixes: string[];
  support: string;
}

export const MARKET: Record<Concrete<TargetMarket>, MarketWords> = {
  b2b: {
    phrase: 'businesses that integrate it into their own products',
    accountNoun: 'business customers',
    accounts: [40, 150],
    perAccountDaily: [2_000, 12_000],
    frontend: 'Operator console (Astro + React) with API keys replaced by wallet-authenticated sessions',
    infrastructure: 'Serverless functions behind a CDN, per-tenant rate limits, regional data residency for customer records',
    pain: "Integrating with partners means months of custom work, shared passwords and manual reconciliation of each side's logs.",
    nameSuffixes: ['Cloud', 'Platform', 'Pro'],
    support: 'Customer success and integration support for business accounts',
  },
  b2c: {
    phrase: 'consumers who use it directly from a phone or browser',
    accountNoun: 'active users',
    accounts: [20_000, 90_000],
    perAccountDaily: [3, 20],
    frontend: 'Mobile-first progressive web app with BRC-100 wallet connect and one-tap approvals',
    infrastructure: 'Edge-cached static front end, serverless API, push notifications, privacy-first analytics',
    pain: 'Consumers are asked to trust apps with their data and card details and get nothing they can verify in return.',
    nameSuffixes: ['App', 'Plus', 'Go'],
    support: 'Wallet onboarding and in-app support for consumers',
  },
  b2g: {
    phrase: 'public agencies that must show their work to citizens and auditors',
    accountNoun: 'public agencies',
    accounts: [4, 15],
    perAccountDaily: [20_000, 120_000],
    frontend: 'Accessible (WCAG 2.2 AA) case-worker portal and a public verification page for citizens',
    infrastructure: 'Government-grade hosting region, audit exports, single sign-on for staff, separate verification endpoint for the public',
    pain: 'Agencies must prove to auditors and citizens that records were not altered, yet their logs live in systems only they can edit.',
    nameSuffixes: ['Civic', 'Public'],
    support: 'Procurement, security certification and accessibility audits for public-sector buyers',
  },
  p2p: {
    phrase: 'people who deal with each other directly, without a platform in the middle',
    accountNoun: 'active peers',
    accounts: [10_000, 60_000],
    perAccountDaily: [2, 15],
    frontend: 'Peer-to-peer web app where each person signs with their own wallet; no central account database',
    infrastructure: 'Thin relay and discovery service, overlay lookups, messages end-to-end encrypted between peers',
    pain: 'People who deal directly with strangers have no way to check reputation or settle small amounts without a platform taking a cut.',
    nameSuffixes: ['Network', 'Circle', 'Direct'],
    support: 'Community moderation and dispute guides for peers',
  },
  b2b2c: {
    phrase: 'partner businesses that offer it to their own customers under their brand',
    accountNoun: 'partner businesses',
    accounts: [15, 50],
    perAccountDaily: [1_500, 9_000],
    frontend: 'White-label widgets and SDK for partners, plus an end-user web view that works inside partner apps',
    infrastructure: 'Multi-tenant API with per-partner keys and branding, serverless scaling, webhooks to partner systems',
    pain: 'Businesses want to offer verifiable features to their customers but cannot build wallets, payments and audit trails themselves.',
    nameSuffixes: ['Connect', 'Embedded'],
    support: "Partner onboarding, co-marketing and second-line support for partners' customers",
  },
  marketplace: {
    phrase: 'a two-sided marketplace of providers and buyers',
    accountNoun: 'active sellers',
    accounts: [1_500, 6_000],
    perAccountDaily: [20, 150],
    frontend: 'Marketplace web app with listings, search and wallet checkout for buyers and a seller dashboard',
    infrastructure: 'Search index, serverless API, overlay topic for listings, CDN for listing media',
    pain: "Marketplaces take a large cut, hold funds for days and own every seller's reputation, so sellers cannot leave.",
    nameSuffixes: ['Exchange', 'Market'],
    support: 'Seller verification, dispute handling and marketplace trust and safety',
  },
};

export interface AiWords {
  featureTitle: string;
  sentence: string;
  architecture: string;
  cost: string;
  keywords: RegExp;
}

export const AI: Record<Concrete<AiFocus>, AiWords> = {
  'machine-learning': {
    featureTitle: 'Learning from verified history',
    sentence: 'Machine-learning models are trained only on records whose provenance can be proven, and every model version is committed before use.',
    architecture: 'Gradient-boosted and neural models (Python, ONNX runtime for serving), with model versions hashed and registered before deployment',
    cost: 'Model training and serving: scheduled retraining on verified data, CPU inference for most requests',
    keywords: /model|train|learn|score|drift|predict/i,
  },
  nlp: {
    featureTitle: 'Plain-language understanding',
    sentence: 'Language models read and summarise documents, explain results in plain words and flag requests that go beyond what was agreed.',
    architecture: "Hosted large language model with retrieval over the customer's own documents; prompts and outputs hashed for the audit trail",
    cost: 'Language-model tokens: summaries cached per document, long documents chunked and processed once',
    keywords: /language|summar|text|document|explain|read|plain/i,
  },
  'computer-vision': {
    featureTitle: 'Image and video analysis',
    sentence: 'Computer-vision models inspect images and video at the source, and each capture is hashed before analysis so its origin can be proven.',
    architecture: 'Vision models (object detection and classification) served on GPU workers, with input image hashes bound to each result',
    cost: 'GPU inference for images and video, batched and run close to where captures are made',
    keywords: /image|camera|photo|video|scan|visual|imaging|capture/i,
  },
  'predictive-analytics': {
    featureTitle: 'Forecasts and early warnings',
    sentence: 'Predictive models forecast demand, risk or failure from the verified event stream and warn people before problems happen.',
    architecture: 'Time-series forecasting and anomaly detection (gradient-boosted models and Prophet-style baselines) over the event stream',
    cost: 'Forecasting jobs on a schedule plus streaming anomaly checks on each new event',
    keywords: /forecast|predict|risk|anomal|early|trend|demand/i,
  },
  'recommendation-engines': {
    featureTitle: 'Recommendations people can trust',
    sentence: 'A recommendation engine ranks content, offers or partners from verified signals such as paid interactions, which are hard to fake at scale.',
    architecture: 'Two-stage recommender (candidate retrieval with embeddings, then a ranking model) using paid interactions as trusted signals',
    cost: 'Embedding generation and nightly ranking-model updates',
    keywords: /recommend|rank|feed|match|discover|suggest|tip/i,
  },
  'autonomous-agents': {
    featureTitle: 'Agents with budgets and identities',
    sentence: 'Autonomous agents act for their owners within a spending limit, identify themselves with certificates and pay per action.',
    architecture: 'Agent runtime with tool calling, per-agent wallet keys, spending policies enforced before every payment',
    cost: "Agent runtime and model calls, capped per agent by its owner's budget",
    keywords: /agent|autonom|machine-to-machine|budget|mandate|delegat/i,
  },
  'generative-ai': {
    featureTitle: 'Generated content with provenance',
    sentence: 'Generative models draft content, images or code, and every output is signed and hashed so anyone can check where it came from.',
    architecture: 'Hosted generative models (text and image) behind a gateway that signs each output and records model version and prompt hash',
    cost: 'Generation tokens and image renders, priced through to users per request',
    keywords: /generat|draft|content|creat|write|art|copilot/i,
  },
  'reinforcement-learning': {
    featureTitle: 'Policies that improve with feedback',
    sentence:
      'Reinforcement-learning policies tune prices, routing or scheduling from real outcomes, with every policy version and reward log committed for review.',
    architecture: 'Offline reinforcement learning on logged outcomes, policy versions registered and rolled out behind a safety filter',
    cost: 'Simulation and policy training runs, plus shadow evaluation before each rollout',
    keywords: /optimi|route|schedul|pric|tune|feedback|load/i,
  },
};

export interface BsvWords {
  featureTitle: string;
  sentence: string;
  architecture: string;
  advantage: string;
  pain: string;
  /** The paid unit: "anchored record". */
  unit: string;
  database: string;
  keywords: RegExp;
}

export const BSV: Record<Concrete<BsvFeature>, BsvWords> = {
  microtransactions: {
    featureTitle: 'Pay-per-action micropayments',
    sentence: 'Payments of a few satoshis settle per action, so pricing can follow real use instead of monthly bundles.',
    architecture: 'BRC-100 wallet payments verified by SPV (BEEF), broadcast through ARC; payment-required responses for metered endpoints',
    advantage: 'Sub-cent prices per action are viable because BSV fees are a fraction of the payment, where card fees would take the whole margin',
    pain: 'Card and invoice payments cost too much for small amounts, so useful services are bundled into subscriptions people do not want.',
    unit: 'paid action',
    database: "PostgreSQL for accounts and usage, with each payment's transaction id and SPV proof stored alongside",
    keywords: /pay|micro|satoshi|meter|per call|per query|tip|charge/i,
  },
  'data-storage': {
    featureTitle: 'Permanent, verifiable records',
    sentence: 'Small records and hashes of large ones are written on chain, so they stay retrievable and provably unchanged.',
    architecture: 'OP_FALSE OP_RETURN outputs for records and hashes, with large payloads in ordinary storage addressed by their hash',
    advantage: 'Records outlive the company that wrote them and can be checked against the chain by anyone',
    pain: "Important records live in one company's database and disappear or change when that company changes its mind.",
    unit: 'stored record',
    database: 'Object storage for full documents keyed by content hash, PostgreSQL index of record ids and transaction ids',
    keywords: /store|record|permanent|archive|file|document|locker/i,
  },
  'smart-contracts': {
    featureTitle: 'Script-enforced agreements',
    sentence:
      'Bitcoin Script locks funds or rights to conditions such as multi-signature approval or a time lock, enforced by the network rather than by the operator.',
    architecture: 'sCrypt/Bitcoin Script contracts (multi-signature, hash and time locks) built with @bsv/sdk, state tracked by an overlay service',
    advantage: 'Agreements are enforced by Script, so neither side has to trust the operator to release funds or rights',
    pain: 'Escrow and conditional payments depend on an intermediary who can delay, freeze or misuse the funds.',
    unit: 'contract execution',
    database: 'PostgreSQL for contract metadata and parties, overlay index of live contract outputs',
    keywords: /escrow|contract|script|bond|condition|lock|settle/i,
  },
  timestamping: {
    featureTitle: 'Tamper-evident timestamps',
    sentence: 'Hashes of events are anchored in batched Merkle commitments, giving each event a time and a proof that it has not changed since.',
    architecture:
      'Events hashed with a random salt, batched into Merkle trees each minute, roots written in OP_FALSE OP_RETURN; proofs delivered as BUMP + SPV',
    advantage: 'Every record carries a timestamped commitment that anyone can verify by SPV without trusting our servers',
    pain: 'Audit logs that the operator can edit prove nothing to an outside party when something goes wrong.',
    unit: 'anchored record',
    database: 'Append-only event store (PostgreSQL) with salts and Merkle paths kept off chain next to each record',
    keywords: /timestamp|anchor|commit|hash|proof|audit|log|witness|existence/i,
  },
  identity: {
    featureTitle: 'Wallet identity and certificates',
    sentence: 'People, organisations and agents sign in with their wallets and prove attributes with certificates that reveal only what is needed.',
    architecture: 'BRC-103/104 mutual authentication over HTTPS, BRC-52 certificates with selective disclosure and revocation outpoints',
    advantage: 'No passwords or copies of identity documents are stored, so there is nothing to breach and nothing to re-verify',
    pain: 'Every service re-checks the same identity documents and stores copies of them, multiplying the damage of each breach.',
    unit: 'verification',
    database: 'PostgreSQL keyed by identity public keys; no passwords and no document copies stored',
    keywords: /identity|certificate|credential|sign|wallet|authent|age|badge|passport|profile/i,
  },
  scalability: {
    featureTitle: 'On-chain at full volume',
    sentence: 'Every event gets its own transaction because BSV blocks are not capped, so the design does not depend on batching or a second layer.',
    architecture: 'High-throughput transaction pipeline (@bsv/sdk, ARC broadcast with callbacks), horizontally scaled signing workers, Teranode-ready',
    advantage: 'The design keeps one transaction per event at volumes that would congest capped chains',
    pain: 'Systems that need a ledger entry per event cannot afford it on chains with small blocks and fee spikes.',
    unit: 'transaction',
    database: 'Partitioned PostgreSQL (or ClickHouse for analytics) tracking transaction status per event',
    keywords: /scale|volume|throughput|sensor|device|stream|high/i,
  },
  regulatory: {
    featureTitle: 'Compliance evidence on demand',
    sentence: 'Identified, auditable transactions and retained evidence make it straightforward to answer regulators and auditors.',
    architecture: 'Identified transactions with certificate-bound keys, compliance rules checked before broadcast, evidence packs exported with SPV proofs',
    advantage: 'Auditors get proofs they can verify themselves instead of screenshots and exported spreadsheets',
    pain: 'Compliance reporting is a manual scramble through logs that regulators have to take on trust.',
    unit: 'compliance check',
    database: 'PostgreSQL with retention policies per jurisdiction, evidence packs in write-once object storage',
    keywords: /regulat|compliance|audit|legal|law|policy|evidence/i,
  },
  tokenisation: {
    featureTitle: 'Tokens for rights and assets',
    sentence: 'Rights, vouchers or assets are issued as tokens that can be transferred, checked and revoked by spending them.',
    architecture: 'PushDrop tokens tracked by an overlay topic; transfers as BEEF transactions verified by SPV; revocation by spending the token',
    advantage: 'Holders can check and transfer a right themselves, and revocation is instant because spending the token ends it',
    pain: 'Rights, vouchers and permissions sit in closed databases, so holders cannot transfer or check them without the issuer.',
    unit: 'token transfer',
    database: 'Overlay index of live token outputs plus PostgreSQL for issuer metadata',
    keywords: /token|voucher|right|consent|credit|asset|ticket|nft/i,
  },
};

export interface RevenueWords {
  summary: string;
  streams: (pay: string, unit: string) => string[];
  featureTitle: string;
  /** Smallest charge, in satoshis, [low, high]. */
  minSats: [number, number];
}

export const REVENUE: Record<Concrete<RevenueModel>, RevenueWords> = {
  micropayments: {
    summary: 'per action through micropayments',
    streams: (pay, unit) => [
      `Micropayments of ${pay} per ${unit}, settled instantly`,
      'Volume tiers for heavy users, still settled per action',
      'Optional tips and priority processing paid per request',
    ],
    featureTitle: 'Pay as you go in satoshis',
    minSats: [5, 60],
  },
  subscription: {
    summary: 'through subscriptions with metered overage',
    streams: (pay, unit) => [
      "Monthly subscription tiers, paid from the customer's wallet each month",
      `Metered overage of ${pay} per ${unit} beyond the plan`,
      'Annual plans with support and service-level guarantees',
    ],
    featureTitle: 'Plans with metered overage',
    minSats: [20, 150],
  },
  'transaction-fees': {
    summary: 'by taking a small fee on each transaction it handles',
    streams: (pay, unit) => [
      `A fee of 0.5% of each transaction, at least ${pay} per ${unit}`,
      'Faster settlement and higher limits for a premium fee',
      'Integration fees for partners embedding the service',
    ],
    featureTitle: 'A small fee per transaction',
    minSats: [25, 200],
  },
  'data-monetization': {
    summary: 'by selling access to consented, verifiable data',
    streams: (pay, unit) => [
      `Paid queries on consented, de-identified data at ${pay} per ${unit}`,
      'A revenue share paid to the people whose data is used',
      'Verified data feeds for analytics customers',
    ],
    featureTitle: 'Consented data, paid per query',
    minSats: [100, 800],
  },
  'marketplace-commission': {
    summary: 'through a commission on marketplace sales',
    streams: (pay, unit) => [
      `A 5% commission on each sale, at least ${pay} per ${unit}`,
      'Promoted listings paid per impression in satoshis',
      'Verification badges for sellers',
    ],
    featureTitle: 'Commission only when a sale happens',
    minSats: [50, 300],
  },
  freemium: {
    summary: 'with a free tier and paid upgrades',
    streams: (pay, unit) => [
      'A free tier with a monthly allowance',
      `Paid usage beyond the allowance at ${pay} per ${unit}`,
      'Pro features (team accounts, exports, API access) as a monthly upgrade',
    ],
    featureTitle: 'Free to start, paid to grow',
    minSats: [10, 100],
  },
  'usage-based': {
    summary: 'on usage, metered per request',
    streams: (pay, unit) => [
      `Usage-based pricing of ${pay} per ${unit}, billed as it happens`,
      'Committed-use discounts for large customers',
      'Premium processing (faster, dedicated capacity) at a higher rate',
    ],
    featureTitle: 'Metered usage, settled as it happens',
    minSats: [20, 250],
  },
};

/** How bold the idea is, from the innovation slider. */
export function innovationWords(level: number): { adjective: string; stance: string } {
  if (level <= 3) return { adjective: 'practical', stance: 'It uses proven components and can be sold as an upgrade to tools customers already use.' };
  if (level <= 7) return { adjective: 'ambitious', stance: 'It combines proven components in a way incumbents cannot easily copy.' };
  return {
    adjective: 'moonshot',
    stance: 'It bets on a new market structure that only becomes possible when every action can be paid for and proven on chain.',
  };
}
