import type { TransactionStatus } from '@bo/contract';
import type { Db } from '../database';
import { buildFailureCauses, seedChat, seedFailureCauses } from './activity.seed';
import { seedCatalog } from './catalog.seed';
import { seedCoins } from './coins.seed';
import { buildMerchants, seedKyc, seedMerchants } from './merchants.seed';
import { stuckConversions } from './offline-pool.seed';
import { seedPayouts } from './payouts.seed';
import { seedPools } from './pools.seed';
import { deriveDemoProviderPayments } from './providers.seed';
import { createRandom } from './random';
import { seedTransactions } from './transactions.seed';
import { seedVTokens } from './vtokens.seed';

export interface SeedOptions {
  /** The same seed gives the same data set, row for row. */
  seed: number;
  /** How many days of transactions before `now`. */
  days: number;
  /** Average transactions (T and P) per day; weekdays get more, weekends fewer. */
  txPerDay: number;
  /** The moment the data set ends; rows are dated relative to it. */
  now: Date;
}

export interface SeedSummary {
  altCoins: number;
  rates: number;
  exchanges: number;
  paymentProviders: number;
  merchants: number;
  kycSubmissions: number;
  /** T rows. */
  transactions: number;
  /** P rows. */
  payouts: number;
  byStatus: Record<TransactionStatus, number>;
  failureCauses: number;
  chatMessages: number;
  notifications: number;
}

const MERCHANT_COUNT = 120;

/**
 * Fills an empty database with the demo data set of DESIGN §3: catalogue, merchants with KYC, months of
 * transactions and payouts in every status, failure causes, support chat and notifications. Only for an
 * empty database (the caller checks); staff, roles and permissions are seeded elsewhere.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(options.days) || options.days < 1)
    throw new RangeError('days must be a positive integer');
  if (!Number.isFinite(options.txPerDay) || options.txPerDay < 1)
    throw new RangeError('txPerDay must be at least 1');
  const root = createRandom(options.seed);
  // One stream per part, so a change in how one part draws leaves the others as they were.
  const merchantRng = root.fork('merchants');
  const kycRng = root.fork('kyc');
  const transactionRng = root.fork('transactions');
  const failureRng = root.fork('failures');
  const chatRng = root.fork('chat');
  const stuckRng = root.fork('offline-pool');
  const poolsRng = root.fork('pools');
  const { now, days, txPerDay } = options;

  // One transaction: all or nothing, and PGlite writes much faster inside one.
  return db.transaction(async (tx) => {
    const catalog = await seedCatalog(tx, now);
    const merchantList = buildMerchants(merchantRng, MERCHANT_COUNT, now, days);
    await seedMerchants(tx, merchantList);
    const kycSubmissions = await seedKyc(tx, kycRng, merchantList, now);
    // Failures first: the conversions they left open belong in the transactions (the offline pool).
    const failureRows = buildFailureCauses(failureRng, now, days);
    const failureCauses = await seedFailureCauses(tx, failureRows);
    const result = await seedTransactions(tx, transactionRng, merchantList, {
      now,
      days,
      txPerDay,
      stuck: { conversions: stuckConversions(stuckRng, failureRows, now), rng: stuckRng },
    });
    await deriveDemoProviderPayments(tx);
    await seedVTokens(tx, now);
    const chatMessages = await seedChat(tx, chatRng, merchantList, now);
    await seedPools(tx, poolsRng, now);
    const coinHistory = await seedCoins(tx, now, days);
    await seedPayouts(tx);
    return {
      ...catalog,
      merchants: merchantList.length,
      kycSubmissions,
      transactions: result.transactions + coinHistory.payments,
      payouts: result.payouts,
      byStatus: result.byStatus,
      failureCauses,
      chatMessages,
      notifications: result.notifications,
    };
  });
}
