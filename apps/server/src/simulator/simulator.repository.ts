import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { altCoins, merchants, rates, transactions, vtokens } from '../db/schema';

export interface SimMerchant {
  id: number;
  email: string;
  country: string | null;
  confirmUrl: string | null;
  failUrl: string | null;
  disableCheckout: boolean;
  disablePayout: boolean;
  payoutSchema: string;
}

export interface SimCoin {
  id: number;
  shortName: string;
  vFiat: number;
  eur: string;
}

export interface OpenTransaction {
  transactionId: number;
  createdOn: Date;
}

export async function listMerchants(db: DbOrTx): Promise<SimMerchant[]> {
  return db
    .select({
      id: merchants.id,
      email: merchants.email,
      country: merchants.country,
      confirmUrl: sql<string | null>`${merchants.details}->>'ConfirmURL'`,
      failUrl: sql<string | null>`${merchants.details}->>'FailURL'`,
      disableCheckout: merchants.disableCheckout,
      disablePayout: merchants.disablePayout,
      payoutSchema: merchants.payoutSchema,
    })
    .from(merchants)
    .orderBy(asc(merchants.id));
}

/** Online coins that have a rate, in id order so a seeded pick is repeatable. */
export async function listOnlineCoins(db: DbOrTx): Promise<SimCoin[]> {
  return db
    .select({ id: altCoins.id, shortName: altCoins.shortName, vFiat: altCoins.vFiat, eur: rates.eur })
    .from(altCoins)
    .innerJoin(rates, eq(rates.altCoinId, altCoins.id))
    .where(eq(altCoins.isOnline, true))
    .orderBy(asc(altCoins.id));
}

/** Rows of one prefix in `status` created before `before`, oldest first (transactions_status_created_idx). */
export async function listOpen(
  db: DbOrTx,
  prefix: 'T' | 'P',
  status: string,
  before: Date,
  limit: number,
): Promise<OpenTransaction[]> {
  return db
    .select({ transactionId: transactions.transactionId, createdOn: transactions.createdOn })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, status),
        eq(transactions.prefix, prefix),
        lt(transactions.createdOn, before),
      ),
    )
    .orderBy(asc(transactions.createdOn), asc(transactions.id))
    .limit(limit);
}

/** Transactions whose vToken is still active, created before `before`, oldest first (vtokens_status_created_idx). */
export async function listActiveVTokens(db: DbOrTx, before: Date, limit: number): Promise<OpenTransaction[]> {
  return db
    .select({ transactionId: transactions.transactionId, createdOn: vtokens.createdOn })
    .from(vtokens)
    .innerJoin(transactions, eq(transactions.id, vtokens.transactionRowId))
    .where(and(eq(vtokens.status, 'active'), lt(vtokens.createdOn, before)))
    .orderBy(asc(vtokens.createdOn), asc(vtokens.id))
    .limit(limit);
}
