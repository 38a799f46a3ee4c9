import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { providerPayments, transactions } from '../../db/schema';

export interface ProviderPaymentInput {
  prefix: 'T' | 'P';
  transactionId: number;
  provider: string;
  customerReference: string | null;
  details: unknown;
  createdOn: Date;
}

/** Adds or replaces the provider's record of one payment (the provider's latest word wins). */
export async function upsertProviderPayment(db: DbOrTx, input: ProviderPaymentInput): Promise<void> {
  await db
    .insert(providerPayments)
    .values(input)
    .onConflictDoUpdate({
      target: [providerPayments.prefix, providerPayments.transactionId, providerPayments.provider],
      set: { details: input.details, customerReference: input.customerReference },
    });
}

export async function findProviderPayment(
  db: DbOrTx,
  prefix: 'T' | 'P',
  transactionId: number,
  provider: string,
): Promise<unknown | undefined> {
  const [row] = await db
    .select({ details: providerPayments.details })
    .from(providerPayments)
    .where(
      and(
        eq(providerPayments.prefix, prefix),
        eq(providerPayments.transactionId, transactionId),
        eq(providerPayments.provider, provider),
      ),
    )
    .limit(1);
  return row?.details;
}

export async function findProviderPaymentByReference(
  db: DbOrTx,
  provider: string,
  customerReference: string,
): Promise<unknown | undefined> {
  const [row] = await db
    .select({ details: providerPayments.details })
    .from(providerPayments)
    .where(
      and(eq(providerPayments.provider, provider), eq(providerPayments.customerReference, customerReference)),
    )
    .orderBy(sql`${providerPayments.createdOn} desc`)
    .limit(1);
  return row?.details;
}

export async function customerReferenceOf(
  db: DbOrTx,
  prefix: 'T' | 'P',
  transactionId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ reference: transactions.customerReference })
    .from(transactions)
    .where(and(eq(transactions.prefix, prefix), eq(transactions.transactionId, transactionId)))
    .limit(1);
  return row?.reference ?? null;
}
