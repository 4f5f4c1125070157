/**
 * Two-turn conversations for the book assistant, written by a helper who read
 * only the chapters: FOLLOW_UPS lean on the question before ("how much did they lose?"); SWITCHES
 * ask something new ("The docs mention BRC-69. What is that?"), which must not be pulled back to
 * the old subject. `npm run bench` prints both. Measured before the change to follow-ups
 * (33/40 and 29/30, 10 passages of the old subject in the new answers), then used to choose it.
 */
export interface Conversation {
  first: string;
  then: string;
  /** The chapters that answer the second question (given the first). */
  chapters: readonly string[];
  /** What the opening of an answer that answers the second question contains. */
  fact?: RegExp;
}

export const FOLLOW_UPS: readonly Conversation[] = [
  // chapter-00
  {
    first: 'Why does the book focus on BSV and not some other blockchain?',
    then: 'And how much does one payment cost there?',
    chapters: ['chapter-00', 'chapter-03', 'chapter-19'],
    fact: /a typical 226-byte payment costs 23 satoshis/i,
  },
  {
    first: 'I am a developer and want to build something this month. Which chapters should I read first?',
    then: 'and if I am more of a sceptic?',
    chapters: ['chapter-00'],
    fact: /If you are a sceptic, start with Chapter 19/i,
  },
  // chapter-01
  {
    first: "What is the liar's dividend?",
    then: "Why can't detection tools just solve it?",
    chapters: ['chapter-01', 'chapter-15'],
    fact: /Detectors and generators improve against each other/i,
  },
  {
    first: 'What happened in the Arup deepfake video call?',
    then: 'how much did they lose?',
    chapters: ['chapter-01'],
    fact: /transferring roughly US\$25 million/i,
  },
  // chapter-02
  {
    first: 'How big is a block header?',
    then: 'So how much storage for a year of them?',
    chapters: ['chapter-02', 'chapter-06', 'chapter-18'],
    fact: /around 4\.2 megabytes per year/i,
  },
  {
    first: 'What is BRC-42 key derivation?',
    then: 'If one of the derived private keys leaks, is my master key still safe?',
    chapters: ['chapter-02'],
    fact: /subtracting the offset yields the master private key/i,
  },
  // chapter-03
  {
    first: 'What is Teranode?',
    then: 'Has it really done a million transactions per second, or is that only a design goal?',
    chapters: ['chapter-03', 'chapter-18', 'chapter-00', 'chapter-21'],
    fact: /average of 1\.04 million transactions per second/i,
  },
  {
    first: 'Is there a maximum block size on BSV?',
    then: 'who decide it then, if not the protocol?',
    chapters: ['chapter-03', 'chapter-18'],
    fact: /each miner configures the largest block it is willing to produce/i,
  },
  // chapter-04
  {
    first: 'How does upvaluing work in Branchline?',
    then: 'What stops someone from faking one by paying their own key?',
    chapters: ['chapter-04'],
    fact: /counts an upvalue only when the author.s wallet/i,
  },
  {
    first: 'Can Branchline posts be minted as NFTs?',
    then: 'Does buying one give me the copyright?',
    chapters: ['chapter-04'],
    fact: /does not, by itself, transfer copyright/i,
  },
  // chapter-05
  {
    first: 'What mistakes do AI assistants typically make in BSV transaction code?',
    then: 'How do I avoid the floating-point one?',
    chapters: ['chapter-05'],
    fact: /parse user input into integer satoshis once/i,
  },
  {
    first: 'Is it OK to let an agentic coding tool run commands on my dev machine?',
    then: 'and if it has to broadcast transactions during development?',
    chapters: ['chapter-05'],
    fact: /give it a wallet with a small, capped balance/i,
  },
  // chapter-06
  {
    first: 'What is BEEF?',
    then: 'What does the Atomic version add to it?',
    chapters: ['chapter-06'],
    fact: /adds a header naming a single subject transaction/i,
  },
  {
    first: 'Does SPV prove that a payment will not be double spent?',
    then: 'so what I should do for a big payment?',
    chapters: ['chapter-06'],
    fact: /for large ones you wait for a block/i,
  },
  // chapter-07
  {
    first: 'What is denial of wallet?',
    then: 'How does charging per request help against it?',
    chapters: ['chapter-07'],
    fact: /each new identity still has to pay for each request/i,
  },
  {
    first: 'What should an audit entry for an AI inference contain?',
    then: 'what about the input and output themselves, why only hashes?',
    chapters: ['chapter-07', 'chapter-14'],
    fact: /lets you delete the content when the law requires it/i,
  },
  // chapter-08
  {
    first: 'How does passwordless sign-in with a BRC-100 wallet work?',
    then: 'Can a phishing site still trick me into signing?',
    chapters: ['chapter-08'],
    fact: /Phishing is reduced, not abolished/i,
  },
  {
    first: 'What are BRC-52 identity certificates?',
    then: 'can they be revoked?',
    chapters: ['chapter-08', 'chapter-10'],
    fact: /to revoke it, the certifier spends the output/i,
  },
  // chapter-09
  {
    first: 'Should patient records be put on a public blockchain?',
    then: 'Not even if they are encrypted?',
    chapters: ['chapter-09'],
    fact: /Encryption that is strong today may not be strong in thirty years/i,
  },
  {
    first: 'How does a patient grant consent with a token in the healthcare chapter?',
    then: 'and if the patient change their mind later?',
    chapters: ['chapter-09'],
    fact: /When the patient revokes, their wallet spends the token/i,
  },
  // chapter-10
  {
    first: 'How does portable reputation work in the digital sovereignty chapter?',
    then: "Couldn't people just write fake reviews for themselves?",
    chapters: ['chapter-10'],
    fact: /tie each attestation to an event that could not have been faked cheaply/i,
  },
  {
    first: 'Can an AI agent have an identity of its own?',
    then: 'what happens if it misbehaves?',
    chapters: ['chapter-10'],
    fact: /the principal spends the revocation outpoint/i,
  },
  // chapter-11
  {
    first: 'What is a decision receipt?',
    then: 'Could the operator hold one back and alter it before it is anchored?',
    chapters: ['chapter-11'],
    fact: /batching interval bounds how long an operator could hold a receipt back/i,
  },
  {
    first: 'What is BRC-122?',
    then: 'What about its status, final or still a draft?',
    chapters: ['chapter-11'],
    fact: /Treat it as a proposal rather than a settled standard/i,
  },
  // chapter-12
  {
    first: 'How are lots of goods modelled on the ledger in the supply chain chapter?',
    then: 'what if a packing plant mixes lettuce from two growers?',
    chapters: ['chapter-12'],
    fact: /the transaction spends both growers. tokens/i,
  },
  // chapter-13
  {
    first: 'What are hour-matched energy certificates?',
    then: 'why is that better than matching over the whole year?',
    chapters: ['chapter-13'],
    fact: /surplus in one hour cannot cover a deficit in another/i,
  },
  // chapter-14
  {
    first: 'How does commit-reveal voting work?',
    then: 'What if a voter never reveals?',
    chapters: ['chapter-14'],
    fact: /A voter who fails to reveal is simply not counted/i,
  },
  // chapter-15
  {
    first: 'What does anchoring a photo hash on chain prove?',
    then: 'But does it prove the photo is real?',
    chapters: ['chapter-15'],
    fact: /it certainly does not prove the content is true/i,
  },
  {
    first: 'What happens to provenance when a social platform recompresses an image?',
    then: 'So should images without a signature be treated as fake?',
    chapters: ['chapter-15'],
    fact: /must never imply that unsigned equals fake/i,
  },
  // chapter-16
  {
    first: 'Why did micropayments fail in the 1990s?',
    then: "What's different about the mental cost now?",
    chapters: ['chapter-16'],
    fact: /the payer is software/i,
  },
  {
    first: 'How does the HTTP 402 payment flow work?',
    then: 'and refund, how it works if the payment is final?',
    chapters: ['chapter-16'],
    fact: /refunds are new payments in the other direction/i,
  },
  // chapter-17
  {
    first: 'How much does it cost on average to send a remittance?',
    then: 'which region is the most expensive to send to?',
    chapters: ['chapter-17'],
    fact: /sending money to Sub-Saharan Africa costs more/i,
  },
  // chapter-18
  {
    first: 'What are Teranode subtrees?',
    then: 'why does that help with very large blocks?',
    chapters: ['chapter-18', 'chapter-03'],
    fact: /Large blocks stop being a propagation problem/i,
  },
  {
    first: "What was wrong with Bitcoin's original pay-to-IP feature?",
    then: 'How does the BSV stack avoid that problem today?',
    chapters: ['chapter-18'],
    fact: /both sides of an HTTP exchange sign their requests and responses/i,
  },
  // chapter-19
  {
    first: 'What is the Lightning Network?',
    then: 'How big would blocks need to be for everyone in the world to use it?',
    chapters: ['chapter-19'],
    fact: /blocks of around 133 megabytes/i,
  },
  {
    first: 'What happened during the 2021 BSV chain reorganisations?',
    then: 'how did the exchanges respond?',
    chapters: ['chapter-19', 'chapter-03'],
    fact: /responded by requiring more confirmations/i,
  },
  // chapter-20
  { first: 'What happened to Twetch?', then: 'did users lose their collectibles?', chapters: ['chapter-20'], fact: /unable to redeem the collectibles/i },
  {
    first: 'What is WhatsOnChain?',
    then: "Isn't it risky that everyone depends on it?",
    chapters: ['chapter-20'],
    fact: /plumbing that everyone depends on is also a concentration risk/i,
  },
  // chapter-21
  { first: 'What is LARS?', then: 'and CARS?', chapters: ['chapter-21'], fact: /CARS, the Cloud Automated Runtime System/i },
  {
    first: 'How much BSV should I put in my wallet for development?',
    then: 'this is enough for how many transactions?',
    chapters: ['chapter-21'],
    fact: /enough for over four hundred thousand such transactions/i,
  },
];

export const SWITCHES: readonly Conversation[] = [
  // ~10: the second question names a term or acronym
  { first: 'How do I stop a 402 payment from being replayed?', then: 'The docs mention BRC-69. What is that?', chapters: ['chapter-10'] },
  { first: 'How much does a typical BSV payment cost?', then: 'What does SLAP stand for?', chapters: ['chapter-06', 'chapter-18'] },
  { first: 'How would I prove a vaccine shipment stayed cold?', then: 'What is GASP in the overlay engine?', chapters: ['chapter-06'] },
  { first: 'Why did Twetch shut down?', then: 'What is a STEAK in overlay services?', chapters: ['chapter-06'] },
  { first: 'How does Branchline split an upvalue along a branch?', then: 'What is OTDA?', chapters: ['chapter-03', 'chapter-19'] },
  { first: 'What does the EU AI Act require for logging?', then: "What's EnergyTag?", chapters: ['chapter-13'] },
  { first: 'How do I keep personal data off chain?', then: 'Someone mentioned EPCIS. What is it?', chapters: ['chapter-12'] },
  { first: 'Who certifies the certifiers in BRC-52?', then: 'What does BUMP stand for?', chapters: ['chapter-06', 'chapter-02'] },
  { first: 'What should I do in the first month of the 90-day plan?', then: 'I keep seeing ARIA mentioned. What is it?', chapters: ['chapter-11'] },
  { first: 'Can a token enforce royalties on resale?', then: 'What does C2PA mean?', chapters: ['chapter-15', 'chapter-01'] },

  // ~10: ordinary new questions
  { first: 'How do consent tokens get revoked?', then: 'How does Teranode scale horizontally?', chapters: ['chapter-18', 'chapter-03'] },
  { first: "What is the liar's dividend?", then: 'How are transaction fees set on BSV?', chapters: ['chapter-03'] },
  { first: 'How big is a Merkle proof for a million transactions?', then: 'What does the FDA Food Traceability Rule require?', chapters: ['chapter-12'] },
  { first: 'What is a PushDrop token?', then: 'How do AI models take part in Branchline conversations?', chapters: ['chapter-04'] },
  { first: 'How does SPV work?', then: 'What did the High Court decide about Craig Wright?', chapters: ['chapter-20', 'chapter-19'] },
  { first: 'What should a decision receipt contain?', then: 'How does the Lightning Network work?', chapters: ['chapter-19'] },
  { first: 'What is vibe coding?', then: 'How can AI summarise public consultations without quietly dropping minority views?', chapters: ['chapter-14'] },
  { first: 'What batching interval should I use for sensor anchors?', then: 'Why did M-Pesa succeed in Kenya?', chapters: ['chapter-17'] },
  { first: 'How does HandCash work?', then: 'What are the four symptoms of the trust crisis?', chapters: ['chapter-01'] },
  { first: 'How do I mint a post as a token?', then: 'How can an AI decision log be made tamper-evident?', chapters: ['chapter-14', 'chapter-07'] },

  // ~10: longer second questions with a bit of the reader's situation
  {
    first: 'What is BEEF?',
    then: 'I run a small rural hospital and we cannot afford a licence for an expensive pathology model. Is there a way to pay per case instead?',
    chapters: ['chapter-09', 'chapter-16'],
  },
  {
    first: 'What does Chronicle restore?',
    then: 'I am a freelance translator and my marketplace account was just suspended. How could I keep my reputation if I move to another platform?',
    chapters: ['chapter-10'],
  },
  {
    first: 'How does a wine shop check age with a certificate?',
    then: 'My team wants an AI coding agent to run our integration tests, which broadcast real transactions. How do we do that without risking our funds?',
    chapters: ['chapter-05'],
  },
  {
    first: 'How many hashes are in a Merkle path for 41,250 ballots?',
    then: 'We sell single-origin coffee and keep losing margin to cheaper blends sold under the same claim. How could our buyers verify the origin before paying the premium?',
    chapters: ['chapter-12'],
  },
  {
    first: 'What does a topic manager do?',
    then: 'Our factory says it runs on 100% renewable power because we buy annual certificates, but the auditors ask about our night shifts. What does the book suggest?',
    chapters: ['chapter-13'],
  },
  {
    first: 'What is the x402 specification?',
    then: 'I am building an app for workers who send money home to their families. Which parts of the transfer cost can a ledger actually remove, and which stay?',
    chapters: ['chapter-17'],
  },
  {
    first: 'What is Arcade?',
    then: 'We are a newsroom and a doctored copy of one of our photos is going viral. How can we show which version is really ours?',
    chapters: ['chapter-15'],
  },
  {
    first: 'How are lookup services discovered?',
    then: 'I run an AI summarisation API and scrapers with free-tier accounts keep running up my GPU bill. What would the book have me do?',
    chapters: ['chapter-07'],
  },
  {
    first: 'Why is pay-to-script-hash not supported on BSV?',
    then: 'Honestly I think small blocks are safer because anyone can run a full node. Does the book take that argument seriously anywhere?',
    chapters: ['chapter-19'],
  },
  {
    first: 'How much does a hash anchor cost?',
    then: 'I am on my own, with no BSV experience, and I want a product live in three months. Where should I begin?',
    chapters: ['chapter-21'],
  },
];
