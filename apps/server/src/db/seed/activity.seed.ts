import type { DbOrTx } from '../database';
import { chatMessages, failureCauses } from '../schema';
import { DEMO_COINS, type DemoCoin, demoAddress } from './catalog.seed';
import type { DemoMerchant } from './merchants.seed';
import type { Random } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const GENERIC_FAILURES = [
  'Insufficient fee',
  'Address not found on chain',
  'Node timeout',
  'Double spend detected',
  'Transaction stuck in mempool',
  'RPC connection refused',
  'Fee estimation failed',
  'Insufficient balance in hot wallet',
  'Dust amount rejected',
  'Confirmations stalled at 0',
  'Invalid address checksum',
  'Chain reorganisation detected',
  'Wallet locked',
  'Node out of sync',
];
/** Failures that only make sense on some chains. */
const CHAIN_FAILURES: Readonly<Record<string, readonly string[]>> = {
  evm: ['Nonce too low', 'Gas price too low', 'Out of gas', 'Token allowance exceeded'],
  XRP: ['Invalid destination tag', 'Account not activated (reserve not met)'],
  XLM: ['Memo missing', 'Account not activated (reserve not met)'],
  TRX: ['Insufficient energy', 'Bandwidth exhausted'],
  SOL: ['Blockhash not found', 'Account rent not paid'],
};
const FAILURE_NOTES = [
  'Rebroadcast with higher fee',
  'Checked with node operator, restart scheduled',
  'Merchant informed',
  'Waiting for upstream fix',
  'Manually credited after review',
  'Known issue, see incident log',
  'Funds moved from cold storage',
  'Customer asked to resend',
];

const failureTexts = (coin: DemoCoin): readonly string[] => {
  const specific = coin.address?.prefix === '0x' ? CHAIN_FAILURES.evm : CHAIN_FAILURES[coin.shortName];
  return specific ? [...GENERIC_FAILURES, ...specific, ...specific] : GENERIC_FAILURES;
};

/** Failures for on-chain coins; delisted coins fail more often, which is partly why they were delisted. */
const FAILURE_COINS = DEMO_COINS.filter((c) => c.address !== null).map(
  (c) => [c, c.isOnline ? 1 + Math.sqrt(c.weight) : 2] as const,
);

/** A realistic failure for a random on-chain coin, used by the seed and the simulator alike. */
export function demoFailure(rng: Random): { altCoinId: number; failure: string; address: string } {
  const coin = rng.weighted(FAILURE_COINS);
  return {
    altCoinId: coin.id,
    failure: rng.pick(failureTexts(coin)),
    address: demoAddress(rng, coin.address),
  };
}

export type FailureCauseRow = typeof failureCauses.$inferInsert & {
  altCoinId: number;
  createdOn: Date;
  sticky: number;
};

/**
 * About 150 failure causes over the period, a few within the last 2 days (the dashboard's 'new' dot);
 * `count` changes how many (the benchmark's 100,000).
 */
export function buildFailureCauses(rng: Random, now: Date, days: number, count = 150): FailureCauseRow[] {
  const nowMs = now.getTime();
  const times: number[] = [];
  for (let i = 0; i < 6; i++) times.push(nowMs - rng.int(5 * MINUTE, 2 * DAY - HOUR));
  while (times.length < count) times.push(nowMs - rng.int(5 * MINUTE, days * DAY));
  times.sort((a, b) => a - b);
  return times.map((created) => {
    const hasNotes = rng.chance(0.35);
    const updated = hasNotes
      ? created + Math.floor(rng.next() * Math.min(3 * DAY, nowMs - created))
      : created;
    return {
      ...demoFailure(rng),
      notes: hasNotes ? rng.pick(FAILURE_NOTES) : null,
      sticky: rng.chance(0.07) ? 1 : 0,
      createdOn: new Date(created),
      updatedOn: new Date(updated),
    };
  });
}

export async function seedFailureCauses(db: DbOrTx, rows: readonly FailureCauseRow[]): Promise<number> {
  if (rows.length > 0) await db.insert(failureCauses).values([...rows]);
  return rows.length;
}

const MERCHANT_OPENERS = [
  'Hi, a customer says he paid but the order still shows waiting. Can you check?',
  'Hello, when will my payout of last week arrive?',
  'Can you enable USDT on TRC20 for my shop?',
  'My KYC was rejected, what document is missing?',
  'We see an underpaid transaction, how do we refund the customer?',
  'Is there a way to change my payout schema to the bank address book?',
  'Our WooCommerce plugin shows an API key error since this morning.',
  'Hi! Could you raise our MaxLTR limit?',
  'A customer paid twice for the same invoice, what now?',
  'The checkout page is slow to load the QR code today.',
];
const STAFF_REPLIES = [
  'Hi, thanks for reaching out. Let me check that for you.',
  'I see the transaction; it is waiting for 2 more confirmations.',
  'The payout is scheduled and should arrive within one business day.',
  'Done, it is enabled now. Please refresh your dashboard.',
  'Could you send us the transaction ID (starting with T)?',
  'We need a proof of address not older than 3 months.',
  'I have forwarded this to our technical team.',
  'You can refund from the transaction detail page, or we do it for you.',
];
const MERCHANT_FOLLOW_UPS = [
  'Thanks, that was quick!',
  'Here it is: the customer reference is ORD-583920.',
  'OK, I will wait. Please keep me posted.',
  'Still not arrived, can you look again?',
  'Great, works now.',
  'I uploaded the document just now.',
  'Any update on this?',
];

/** Something a merchant might write to support, for the seed and the simulator. */
export function demoMerchantMessage(rng: Random): string {
  return rng.chance(0.6) ? rng.pick(MERCHANT_OPENERS) : rng.pick(MERCHANT_FOLLOW_UPS);
}

/** Support conversations with about 15 merchants; several end with an unanswered merchant message. */
export async function seedChat(
  db: DbOrTx,
  rng: Random,
  list: readonly DemoMerchant[],
  now: Date,
): Promise<number> {
  const nowMs = now.getTime();
  const established = list.filter((m) => m.row.registeredOn.getTime() < nowMs - 3 * DAY);
  const contacts = rng.shuffle(established).slice(0, 15);
  const rows: Array<typeof chatMessages.$inferInsert & { createdOn: Date }> = [];
  contacts.forEach((merchant, index) => {
    // The first few contacts wrote recently and have had no answer yet: the unread badge.
    const isUnanswered = index < 5;
    let at = nowMs - (isUnanswered ? rng.int(10 * MINUTE, 20 * HOUR) : rng.int(1 * DAY, 30 * DAY));
    const length = rng.int(2, 7);
    const messages: Array<{ direction: 'IN' | 'OUT'; message: string }> = [
      { direction: 'IN', message: rng.pick(MERCHANT_OPENERS) },
    ];
    for (let i = 1; i < length; i++) {
      const direction = i % 2 === 1 ? 'OUT' : 'IN';
      messages.push({
        direction,
        message: rng.pick(direction === 'OUT' ? STAFF_REPLIES : MERCHANT_FOLLOW_UPS),
      });
    }
    if (isUnanswered && messages[messages.length - 1]?.direction === 'OUT') {
      messages.push({ direction: 'IN', message: rng.pick(MERCHANT_FOLLOW_UPS) });
    }
    if (!isUnanswered && messages[messages.length - 1]?.direction === 'IN' && rng.chance(0.7)) {
      messages.push({ direction: 'OUT', message: rng.pick(STAFF_REPLIES) });
    }
    // Count back from the last message so the conversation ends at `at` and never in the future.
    const gaps = messages.map(() => rng.int(MINUTE, 3 * HOUR));
    at -= gaps.reduce((sum, g) => sum + g, 0);
    messages.forEach((m, i) => {
      at += gaps[i] ?? MINUTE;
      rows.push({
        merchantId: merchant.id,
        // OUT messages belong to a staff member; staff accounts are seeded after this, so none is named.
        staffId: null,
        direction: m.direction,
        message: m.message,
        createdOn: new Date(Math.min(at, nowMs)),
      });
    });
  });
  // Ids follow time, so 'last read message id' marks work across contacts.
  rows.sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
  if (rows.length > 0) await db.insert(chatMessages).values(rows);
  return rows.length;
}
