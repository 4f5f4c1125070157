import type { AiFocus, BsvFeature, RevenueModel, TargetMarket } from '../options.ts';

/**
 * The offline engine's phrase book: what each control means for a concept. Every phrase takes the
 * concept's own nouns (its data, its on-chain record, its buyers), so no sentence is shared by
 * ideas about different concepts; the concepts themselves live in ./offline-library/.
 */

type Concrete<T extends string> = Exclude<T, 'all'>;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The nouns of one composed idea, passed to every phrase. */
export interface PhraseContext {
  /** Who pays, plural ("clinic groups", "patients of clinic groups"). */
  who: string;
  /** The buyer organisations of the concept, plural. */
  buyers: string;
  /** The people at the end of the chain, plural. */
  people: string;
  /** The tools the buyers already run. */
  system: string;
  record: string;
  records: string;
  action: string;
  actions: string;
  /** What the AI works on. */
  data: string;
  subject: string;
}

export interface MarketWords {
  frontend: (c: PhraseContext) => string;
  infrastructure: (c: PhraseContext) => string;
  support: (c: PhraseContext) => string;
  /** How the offer reaches the people who pay, one sentence. */
  channel: (c: PhraseContext) => string;
}

export const MARKET: Record<Concrete<TargetMarket>, MarketWords> = {
  b2b: {
    frontend: (c) => `Operator console (Astro + React) where ${c.buyers} manage ${c.records}, signed in with their wallets`,
    infrastructure: (c) => `Serverless functions behind a CDN with per-tenant limits and regional data residency for ${c.buyers}`,
    support: (c) => `Integration engineers who connect the first ${c.buyers} to their ${c.system}`,
    channel: (c) => `Sales go direct to ${c.buyers}, starting with a paid pilot in one team.`,
  },
  b2c: {
    frontend: (c) => `Mobile-first progressive web app for ${c.people}, with BRC-100 wallet connect and one-tap approvals`,
    infrastructure: (c) => `Edge-cached front end, serverless API and push notifications for ${c.people}`,
    support: (c) => `In-app wallet onboarding and support for ${c.people}`,
    channel: (c) => `It reaches ${c.people} through the ${c.buyers} they already deal with, who point them to the app.`,
  },
  b2g: {
    frontend: (c) => `Accessible (WCAG 2.2 AA) case-worker portal for ${c.who} and a public page where anyone can verify ${c.records}`,
    infrastructure: (c) => `Government-grade hosting region, staff single sign-on and a separate public endpoint for checking ${c.records}`,
    support: (c) => `Procurement, security certification and accessibility audits for ${c.who}`,
    channel: (c) => `It is sold to ${c.who} through framework agreements, after a funded pilot.`,
  },
  p2p: {
    frontend: (c) => `Peer-to-peer web app where ${c.people} sign with their own wallets; no central account database`,
    infrastructure: (c) => `Thin relay and overlay lookups only, with messages between ${c.people} encrypted end to end`,
    support: (c) => `Community guides and dispute help for ${c.people} dealing with each other`,
    channel: (c) => `It spreads from person to person: each of the ${c.people} who uses it invites the other side of the deal.`,
  },
  b2b2c: {
    frontend: (c) => `White-label widgets and an SDK that ${c.buyers} embed for their ${c.people}`,
    infrastructure: (c) => `Multi-tenant API with per-partner branding and webhooks into the ${c.system} of each partner`,
    support: (c) => `Partner onboarding for ${c.buyers} and second-line support for their ${c.people}`,
    channel: (c) => `The ${c.buyers} offer it to their ${c.people} under their own brand, and the company bills the partner.`,
  },
  marketplace: {
    frontend: (c) => `Marketplace web app where ${c.buyers} list their offers and ${c.people} check ${c.records} before buying`,
    infrastructure: (c) => `Search index, serverless API and an overlay topic that lists ${c.records} for the marketplace`,
    support: (c) => `Seller verification and dispute handling between ${c.buyers} and ${c.people}`,
    channel: (c) => `It opens as a marketplace between ${c.buyers} and ${c.people}, and earns when they trade.`,
  },
};

export interface AiWords {
  featureTitle: string;
  /** One sentence about the AI's role, for the summary. */
  sentence: (c: PhraseContext) => string;
  /** How the AI and the ledger work together. */
  detail: (c: PhraseContext) => string;
  /** The AI feature's description. */
  feature: (c: PhraseContext) => string;
  architecture: string;
  cost: string;
}

export const AI: Record<Concrete<AiFocus>, AiWords> = {
  'machine-learning': {
    featureTitle: 'Models trained on verified history',
    sentence: (c) => `Machine-learning models trained on ${c.data} score each case, and every model version is committed before it is used.`,
    detail: (c) => `Models learn only from ${c.data} whose origin can be proven, so a poisoned or edited record is caught before training.`,
    feature: (c) => `Scores for each ${c.action} come from a committed model version trained on ${c.data}, so any score can be explained later.`,
    architecture: 'Gradient-boosted and neural models served with ONNX runtime, each version hashed and registered before deployment',
    cost: 'Model training and CPU inference',
  },
  nlp: {
    featureTitle: 'Plain-language understanding',
    sentence: (c) => `Language models read ${c.data}, summarise them in plain words and flag anything outside what was agreed.`,
    detail: (c) => `A language model works through ${c.data} and every prompt and answer is hashed into the record, so its part can be audited.`,
    feature: (c) => `Each ${c.action} comes with a plain-language summary drawn from ${c.data}, with the passages it relied on.`,
    architecture: "Hosted large language model with retrieval over the customer's own documents; prompts and outputs hashed for the audit trail",
    cost: 'Language-model tokens, with summaries cached per document',
  },
  'computer-vision': {
    featureTitle: 'Image and video checks',
    sentence: (c) => `Computer-vision models inspect the images behind ${c.data}, and each image is hashed before analysis so its origin can be proven.`,
    detail: (c) => `Vision models run close to where images are captured for ${c.data}, and each result is bound to the hash of the image it came from.`,
    feature: (c) => `Photos and scans attached to each ${c.record} are checked by a vision model, and the image hash travels with the result.`,
    architecture: 'Object detection and classification models on GPU workers, each result bound to its input image hash',
    cost: 'GPU inference for images, batched close to capture',
  },
  'predictive-analytics': {
    featureTitle: 'Forecasts and early warnings',
    sentence: (c) => `Forecasting models learn from ${c.data} and warn ${c.who} before problems show up.`,
    detail: (c) => `Forecasts run on the verified stream of ${c.records}, so an early warning can be traced back to the events that caused it.`,
    feature: (c) => `Early warnings drawn from ${c.data} reach the right person before a ${c.record} goes wrong.`,
    architecture: 'Time-series forecasting and anomaly detection (gradient-boosted models with seasonal baselines) over the event stream',
    cost: 'Scheduled forecasting jobs and streaming anomaly checks',
  },
  'recommendation-engines': {
    featureTitle: 'Recommendations from paid signals',
    sentence: (c) => `A recommendation engine ranks options from ${c.data}, using paid and signed signals that bots cannot fake cheaply.`,
    detail: (c) => `The recommender treats each paid ${c.action} as a vote that costs money to fake, which keeps rankings honest.`,
    feature: (c) => `Suggestions for ${c.who} are ranked from ${c.data}, and each one says which signals it rests on.`,
    architecture: 'Two-stage recommender: embedding retrieval, then a ranking model trained on paid interactions',
    cost: 'Embedding generation and nightly ranking-model updates',
  },
  'autonomous-agents': {
    featureTitle: 'Agents with budgets and identities',
    sentence: (c) => `Autonomous agents act on ${c.data} for their owners, within a spending limit, signing each action with their own key.`,
    detail: (c) => `Each agent holds a certificate naming its owner and pays per ${c.action}, so services know who is behind every request.`,
    feature: (c) => `Agents handle routine ${c.actions} on their own and hand anything above their limit to a person.`,
    architecture: 'Agent runtime with tool calling, a wallet key per agent and spending policies checked before every payment',
    cost: "Agent runtime and model calls, capped per agent by its owner's budget",
  },
  'generative-ai': {
    featureTitle: 'Generated drafts with provenance',
    sentence: (c) => `Generative models draft documents from ${c.data}, and every output is signed and hashed so its origin can be checked.`,
    detail: (c) => `Every generated draft records the model version and a hash of its inputs next to the ${c.record} it belongs to.`,
    feature: (c) => `Drafts produced from ${c.data} arrive signed, with the model and inputs that produced them.`,
    architecture: 'Hosted generative models behind a gateway that signs each output and records model version and prompt hash',
    cost: 'Generation tokens, priced through to users per request',
  },
  'reinforcement-learning': {
    featureTitle: 'Policies that learn from outcomes',
    sentence: (c) => `Reinforcement-learning policies tune decisions from outcomes recorded in ${c.data}, and each policy version is committed before rollout.`,
    detail: (c) => `Policies are trained offline on logged outcomes of ${c.actions} and rolled out behind a safety filter, with their versions anchored.`,
    feature: (c) => `Prices, timing or routing for each ${c.action} improve with results, inside limits ${c.who} set.`,
    architecture: 'Offline reinforcement learning on logged outcomes, policy versions registered and rolled out behind a safety filter',
    cost: 'Simulation, policy training and shadow evaluation before rollouts',
  },
};

export interface BsvWords {
  featureTitle: string;
  /** How the chain carries the concept's records. */
  detail: (c: PhraseContext) => string;
  feature: (c: PhraseContext) => string;
  pain: (c: PhraseContext) => string;
  advantage: (c: PhraseContext) => string;
  architecture: string;
  database: string;
  /** True when the chain sees one batched anchor a minute rather than one transaction per action. */
  batched: boolean;
}

export const BSV: Record<Concrete<BsvFeature>, BsvWords> = {
  microtransactions: {
    featureTitle: 'Pay per action in satoshis',
    detail: (c) => `Each ${c.action} is paid with a few satoshis, verified by SPV before the work is done, and the payment doubles as the receipt.`,
    feature: (c) => `A ${c.action} costs a fixed number of satoshis, paid from a BRC-100 wallet with no card, account or minimum.`,
    pain: (c) => `Card fees make a single ${c.action} too small to charge for, so ${c.who} are pushed into bundles and subscriptions.`,
    advantage: (c) => `Charging per ${c.action} works because the network fee is a small fraction of the price, where card fees would exceed it`,
    architecture: 'BRC-100 wallet payments verified by SPV (BEEF) and broadcast through ARC; HTTP 402 responses for metered endpoints',
    database: "PostgreSQL for accounts and usage, with each payment's transaction id and proof",
    batched: false,
  },
  'data-storage': {
    featureTitle: 'Records that outlive the operator',
    detail: (c) => `Small ${c.records} are written on chain in full and large ones by hash, so they stay retrievable and provably unchanged.`,
    feature: (c) => `Every ${c.record} can be fetched and checked from the chain by ${c.who}, even if this service disappears.`,
    pain: (c) => `A ${c.record} kept in one vendor's database disappears or changes when that vendor changes its mind, and ${c.buyers} cannot stop it.`,
    advantage: (c) => `Each ${c.record} outlives the company that wrote it and can be checked by anyone against the chain`,
    architecture: 'OP_FALSE OP_RETURN outputs for small records and hashes of large ones, with payloads in storage addressed by hash',
    database: 'Object storage keyed by content hash and a PostgreSQL index of transaction ids',
    batched: true,
  },
  'smart-contracts': {
    featureTitle: 'Agreements enforced by Script',
    detail: (c) => `Each ${c.record} is a Bitcoin Script output whose release conditions (signatures, hashes, time locks) the network enforces.`,
    feature: (c) => `Funds or rights behind a ${c.record} release to ${c.who} only when the agreed signatures or deadlines are met.`,
    pain: (c) => `Whoever holds the money behind a ${c.record} today can delay, freeze or misuse it, and ${c.buyers} can only complain.`,
    advantage: (c) => `Neither side has to trust an intermediary with a ${c.record}: Script releases it on the agreed conditions`,
    architecture: 'Bitcoin Script contracts (multi-signature, hash and time locks) built with @bsv/sdk, state tracked by an overlay service',
    database: 'PostgreSQL for contract parties and terms, overlay index of live contract outputs',
    batched: false,
  },
  timestamping: {
    featureTitle: 'Tamper-evident timestamps',
    detail: (c) =>
      `Salted hashes of each ${c.record} are batched into a Merkle tree every minute and the root is anchored, so each one gets a time and a proof.`,
    feature: (c) => `Every ${c.record} carries a Merkle proof of when it existed, which ${c.who} verify by SPV without asking us.`,
    pain: (c) => `A ${c.record} that its operator can edit proves nothing to ${c.buyers} or their auditors when something goes wrong.`,
    advantage: (c) => `Every ${c.record} carries a timestamped proof that ${c.who} can verify without trusting the operator`,
    architecture: 'Salted hashes batched into Merkle trees each minute, roots in OP_FALSE OP_RETURN outputs, proofs as BUMP plus SPV',
    database: 'Append-only event store (PostgreSQL) keeping salts and Merkle paths next to each record',
    batched: true,
  },
  identity: {
    featureTitle: 'Wallet identity and certificates',
    detail: (c) =>
      `People and organisations behind each ${c.record} sign with wallet keys and prove attributes with certificates that reveal only what is needed.`,
    feature: (c) => `Whoever creates or checks a ${c.record} signs in with a wallet and shows only the certificate fields the check needs.`,
    pain: (c) => `Each of the ${c.buyers} that handles a ${c.record} re-checks the same documents and stores copies of them, multiplying breaches.`,
    advantage: (c) => `No passwords or document copies behind any ${c.record}, so there is nothing to breach and nothing to re-verify`,
    architecture: 'BRC-103/104 mutual authentication, BRC-52 certificates with selective disclosure and revocation outpoints',
    database: 'PostgreSQL keyed by identity public keys, with no passwords and no document copies',
    // Checks read certificates and overlays; only their receipts are anchored, once a minute.
    batched: true,
  },
  scalability: {
    featureTitle: 'One transaction per event',
    detail: (c) => `Every ${c.record} gets its own transaction, because BSV blocks are not capped and fees stay a fraction of a cent at volume.`,
    feature: (c) => `Each ${c.record} is its own transaction, so ${c.who} can prove it on its own by SPV without trusting a batch operator.`,
    pain: (c) => `${capitalise(c.buyers)} need a ledger entry per ${c.record}, which chains with small blocks and fee spikes cannot carry affordably.`,
    advantage: (c) => `One transaction per ${c.record} at full volume, which capped chains could not carry at this price`,
    architecture: 'High-throughput pipeline with @bsv/sdk, ARC broadcast with callbacks and horizontally scaled signing workers',
    database: 'Partitioned PostgreSQL tracking transaction status per event',
    batched: false,
  },
  regulatory: {
    featureTitle: 'Compliance evidence on demand',
    detail: (c) => `Each ${c.record} is an identified, signed transaction, and evidence packs with SPV proofs answer a regulator in minutes.`,
    feature: (c) => `An auditor of ${c.who} receives an evidence pack for any ${c.record} and verifies it independently.`,
    pain: (c) => `Proving to a regulator what happened to a ${c.record} means a manual scramble through the logs of ${c.buyers}, taken on trust.`,
    advantage: (c) => `Auditors verify each ${c.record} themselves instead of relying on screenshots and exported spreadsheets`,
    architecture: 'Identified transactions with certificate-bound keys, compliance rules checked before broadcast, evidence packs with SPV proofs',
    database: 'PostgreSQL with retention rules per jurisdiction and write-once storage for evidence packs',
    batched: false,
  },
  tokenisation: {
    featureTitle: 'Rights as tokens',
    detail: (c) => `Each ${c.record} is a PushDrop token tracked by an overlay; transferring or revoking it means spending it, verified by SPV.`,
    feature: (c) => `${capitalise(c.who)} check, transfer or revoke a ${c.record} themselves, and a spent one can never be used again.`,
    pain: (c) => `A ${c.record} sits in the issuer's closed database, so ${c.people} and ${c.buyers} cannot check or transfer it without asking.`,
    advantage: (c) => `Holders of a ${c.record} check and transfer it themselves, and spending it ends it at once`,
    architecture: 'PushDrop tokens on an overlay topic, transfers as BEEF transactions verified by SPV, revocation by spending',
    database: 'Overlay index of live token outputs plus PostgreSQL for issuer metadata',
    batched: false,
  },
};

/** What a price per action buys in each revenue model; USD per action, [low, high]. */
export interface RevenueWords {
  featureTitle: string;
  usdPerAction: [number, number];
  streams: (n: { price: string; perCustomerMonth: string; c: PhraseContext }) => string[];
}

export const REVENUE: Record<Concrete<RevenueModel>, RevenueWords> = {
  micropayments: {
    featureTitle: 'Pay as you go in satoshis',
    usdPerAction: [0.0005, 0.01],
    streams: ({ price, c }) => [
      `Micropayments of ${price} per ${c.action}, settled instantly`,
      `Priority handling of urgent ${c.actions} at twice the base price`,
      `Bulk prepaid credit for the busiest ${c.who}, still spent per ${c.action}`,
    ],
  },
  subscription: {
    featureTitle: 'Plans with metered overage',
    usdPerAction: [0.001, 0.02],
    streams: ({ price, perCustomerMonth, c }) => [
      `Monthly plans priced at expected use, about ${perCustomerMonth} for a typical customer among the ${c.who}`,
      `Metered overage of ${price} per ${c.action} beyond the plan`,
      `Annual plans with support and service levels for larger ${c.who}`,
    ],
  },
  'transaction-fees': {
    featureTitle: 'A small fee per transaction',
    usdPerAction: [0.005, 0.05],
    streams: ({ price, c }) => [
      `A fee of ${price} on each ${c.action} the service handles`,
      `Faster settlement of ${c.actions} for a premium fee`,
      `Integration fees when partners embed ${c.subject.toLowerCase()} handling`,
    ],
  },
  'data-monetization': {
    featureTitle: 'Consented data, paid per query',
    usdPerAction: [0.01, 0.2],
    streams: ({ price, c }) => [
      `Paid queries on consented, de-identified ${c.records} at ${price} per query`,
      `A revenue share paid to the ${c.people} whose ${c.records} a query uses`,
      `Verified data feeds of ${c.subject.toLowerCase()} statistics for analysts`,
    ],
  },
  'marketplace-commission': {
    featureTitle: 'Commission only when a deal happens',
    usdPerAction: [0.02, 0.3],
    streams: ({ price, c }) => [
      `A commission of ${price} on each ${c.action} closed through the marketplace`,
      `Promoted listings for ${c.buyers}, paid per impression in satoshis`,
      `Verification badges for sellers whose ${c.records} check out`,
    ],
  },
  freemium: {
    featureTitle: 'Free to start, paid to grow',
    usdPerAction: [0.001, 0.02],
    streams: ({ price, c }) => [
      `A free monthly allowance of ${c.actions}`,
      `Paid use beyond the allowance at ${price} per ${c.action}`,
      `Team accounts, exports and API access for ${c.who} as a monthly upgrade`,
    ],
  },
  'usage-based': {
    featureTitle: 'Metered usage, settled as it happens',
    usdPerAction: [0.001, 0.03],
    streams: ({ price, c }) => [
      `Usage-based pricing of ${price} per ${c.action}, billed as it happens`,
      `Committed-use discounts for the largest ${c.who}`,
      `Dedicated capacity for ${c.actions} at a higher rate`,
    ],
  },
};
