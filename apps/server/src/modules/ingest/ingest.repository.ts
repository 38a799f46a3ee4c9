import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import {
  altCoins,
  chatMessages,
  failureCauses,
  merchants,
  notifications,
  rates,
  transactions,
} from '../../db/schema';

export type TransactionRow = typeof transactions.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type FailureCauseRow = typeof failureCauses.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type RateRow = typeof rates.$inferSelect;

export type NewTransaction = Omit<typeof transactions.$inferInsert, 'id' | 'transactionId'> & {
  prefix: 'T' | 'P';
};

/** Used when a merchant record carries no usable FeePercentage. */
const DEFAULT_FEE_PERCENT = '0.75';

/**
 * What an original amount in a fiat input currency is worth in EUR and in the coin, at the current rates,
 * rounded to 8 decimals by PostgreSQL's exact numeric arithmetic: a subquery of at most one row.
 */
function quoteQuery(db: DbOrTx, originalAmount: string, inputCurrency: string, altCoinId: number) {
  const inputCoin = alias(altCoins, 'input_coin');
  const inputRate = alias(rates, 'input_rate');
  const coinRate = alias(rates, 'coin_rate');
  return db
    .select({
      volumeEur: sql<string>`round(${originalAmount}::numeric * ${inputRate.eur}, 8)::text`.as('volume_eur'),
      amount: sql<string>`round(${originalAmount}::numeric * ${inputRate.eur} / ${coinRate.eur}, 8)::text`.as(
        'amount',
      ),
    })
    .from(inputCoin)
    .innerJoin(inputRate, eq(inputRate.altCoinId, inputCoin.id))
    .innerJoin(coinRate, eq(coinRate.altCoinId, altCoinId))
    .where(and(eq(inputCoin.shortName, inputCurrency), eq(inputCoin.vFiat, 1)))
    .limit(1)
    .as('quote');
}

/**
 * The merchant check and the quote of a new transaction in one round trip: undefined when the merchant
 * does not exist, `quote` undefined when a rate is missing.
 */
export async function quoteForMerchant(
  db: DbOrTx,
  merchantId: number,
  originalAmount: string,
  inputCurrency: string,
  altCoinId: number,
): Promise<{ quote: { volumeEur: string; amount: string } | undefined } | undefined> {
  const quote = quoteQuery(db, originalAmount, inputCurrency, altCoinId);
  const [row] = await db
    .select({ volumeEur: quote.volumeEur, amount: quote.amount })
    .from(merchants)
    .leftJoin(quote, sql`true`)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  if (!row) return undefined;
  const { volumeEur, amount } = row;
  return { quote: volumeEur !== null && amount !== null ? { volumeEur, amount } : undefined };
}

export async function merchantExists(db: DbOrTx, merchantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row !== undefined;
}

export async function altCoinExists(db: DbOrTx, altCoinId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: altCoins.id })
    .from(altCoins)
    .where(eq(altCoins.id, altCoinId))
    .limit(1);
  return row !== undefined;
}

/** Inserts a transaction numbered from its prefix's sequence (transaction_t_seq / transaction_p_seq). */
export async function insertTransaction(db: DbOrTx, values: NewTransaction): Promise<TransactionRow> {
  const next = values.prefix === 'P' ? sql`nextval('transaction_p_seq')` : sql`nextval('transaction_t_seq')`;
  const [row] = await db
    .insert(transactions)
    .values({ ...values, transactionId: next })
    .returning();
  if (!row) throw new Error('transaction not saved');
  return row;
}

export async function findTransaction(
  db: DbOrTx,
  prefix: 'T' | 'P',
  transactionId: number,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.prefix, prefix), eq(transactions.transactionId, transactionId)))
    .limit(1);
  return row;
}

/** The merchant's fee in percent, read from merchants.details; malformed values fall back to the default. */
const feePercent = (): SQL =>
  sql`coalesce((select case when ${merchants.details}->>'FeePercentage' ~ '^[0-9]+([.][0-9]+)?$' then (${merchants.details}->>'FeePercentage')::numeric end from ${merchants} where ${merchants.id} = ${transactions.merchantId}), ${DEFAULT_FEE_PERCENT}::numeric)`;

export type TransactionChange =
  | { kind: 'paid'; underpaid: boolean; at: Date }
  | { kind: 'expired'; at: Date }
  | { kind: 'payout-completed'; at: Date; feePercent: string }
  | { kind: 'payout-cancelled'; at: Date };

/**
 * Moves a transaction to its next status only if it is still in one of `from`, in one statement, so two
 * feeds reporting the same event cannot both win; undefined when the row is missing or has moved on.
 */
export async function changeTransactionStatus(
  db: DbOrTx,
  prefix: 'T' | 'P',
  transactionId: number,
  from: readonly string[],
  change: TransactionChange,
): Promise<TransactionRow | undefined> {
  let set: PgUpdateSetSource<typeof transactions>;
  switch (change.kind) {
    case 'paid':
      set = {
        status: change.underpaid ? 'underpaid' : 'paid',
        notEnough: change.underpaid ? 1 : 0,
        confirmedOn: change.at,
        updatedOn: change.at,
        revenueEur: sql`round(${transactions.volumeEur} * ${feePercent()} / 100, 8)`,
        originalAmountFee: sql`round(${transactions.originalAmount} * ${feePercent()} / 100, 8)`,
        // A fiat provider confirms the amount it received; an underpaid amount is not known here.
        fiatConfirmedAmount: change.underpaid
          ? null
          : sql`case when ${transactions.externalProvider} is null then null else ${transactions.originalAmount} end`,
      };
      break;
    case 'expired':
      set = { status: 'expired', expiredOn: change.at, updatedOn: change.at };
      break;
    case 'payout-completed':
      set = {
        status: 'payout-completed',
        confirmedOn: change.at,
        updatedOn: change.at,
        revenueEur: sql`round(${transactions.volumeEur} * ${change.feePercent}::numeric / 100, 8)`,
        originalAmountFee: sql`round(${transactions.originalAmount} * ${change.feePercent}::numeric / 100, 8)`,
      };
      break;
    case 'payout-cancelled':
      set = { status: 'payout-cancelled', updatedOn: change.at };
      break;
  }
  const [row] = await db
    .update(transactions)
    .set(set)
    .where(
      and(
        eq(transactions.prefix, prefix),
        eq(transactions.transactionId, transactionId),
        inArray(transactions.status, [...from]),
      ),
    )
    .returning();
  return row;
}

export async function insertNotification(
  db: DbOrTx,
  values: typeof notifications.$inferInsert,
): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  if (!row) throw new Error('notification not saved');
  return row;
}

export async function insertFailureCause(
  db: DbOrTx,
  values: typeof failureCauses.$inferInsert,
): Promise<FailureCauseRow> {
  const [row] = await db.insert(failureCauses).values(values).returning();
  if (!row) throw new Error('failure cause not saved');
  return row;
}

export async function insertChatMessage(
  db: DbOrTx,
  values: typeof chatMessages.$inferInsert,
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message not saved');
  return row;
}

export async function upsertRate(db: DbOrTx, altCoinId: number, eur: string, at: Date): Promise<RateRow> {
  const [row] = await db
    .insert(rates)
    .values({ altCoinId, eur, updatedAt: at })
    .onConflictDoUpdate({ target: rates.altCoinId, set: { eur, updatedAt: at } })
    .returning();
  if (!row) throw new Error('rate not saved');
  return row;
}
