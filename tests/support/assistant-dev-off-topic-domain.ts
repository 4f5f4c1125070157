/**
 * A development set for "not covered" (decision 022): questions in the book's own vocabulary about
 * subjects the book does not treat (prices and investing, exchanges, home mining, hardware wallets,
 * taxes, other chains' products). Written by the lead before the scope list and tuned on; the
 * sealed set (assistant-sealed-off-topic.ts) decides.
 */
export const DEV_OFF_TOPIC_DOMAIN: readonly string[] = [
  'What will the price of BSV be next year?',
  'Is BSV a good investment right now?',
  'Why did the BSV price drop last week?',
  'What is the market cap of BSV today?',
  'Which exchange has the lowest fees for buying BSV?',
  'How do I withdraw BSV from Binance to my wallet?',
  'Is BSV listed on Coinbase?',
  'Which crypto exchange should I use in the UK?',
  'Can I mine BSV at home with my gaming PC?',
  'Which ASIC miner is most profitable for BSV?',
  'How much electricity does a home mining rig use?',
  'Is solo mining BSV worth it for a hobbyist?',
  'Does a Ledger hardware wallet support BSV?',
  'Which hardware wallet is best for storing BSV?',
  'How do I set up a Trezor?',
  'Is cold storage safer than keeping coins on an exchange?',
  'How are crypto gains taxed in the UK?',
  'Do I pay capital gains tax when I spend BSV?',
  'How do I report BSV on my tax return?',
  'Is staking income taxable?',
  'What is the best DeFi yield farm right now?',
  'How do I buy an NFT on OpenSea?',
  'Should I sell my Bitcoin and buy BSV?',
  'How do I short BSV on a futures exchange?',
];
