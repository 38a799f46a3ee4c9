import type { KycIdentity, KycStatus, TransactionStatus } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  altCoins,
  failureCauses,
  kycDocuments,
  kycSubmissions,
  merchants,
  rates,
  transactions,
} from '../db/schema';

let nextMerchant = 1;
let nextTransaction = 900_000;

/** A merchant with just the fields every screen needs. */
export async function insertMerchant(db: Db, shopTitle = `Test Shop ${nextMerchant}`): Promise<number> {
  const n = nextMerchant++;
  const [row] = await db
    .insert(merchants)
    .values({
      shopTitle,
      ownerNickName: `owner${n}`,
      name: `Owner ${n}`,
      email: `owner${n}@shop.test`,
      apiKey: `key-${n}`,
      registeredOn: new Date('2026-01-01T00:00:00Z'),
    })
    .returning({ id: merchants.id });
  if (!row) throw new Error('merchant not inserted');
  return row.id;
}

export interface TransactionInput {
  merchantId: number;
  altCoinId: number;
  status: TransactionStatus;
  amount: string;
  prefix?: 'T' | 'P';
  xchangeId?: number | null;
  createdOn?: Date;
  confirmedOn?: Date | null;
  expiredOn?: Date | null;
}

/** One transaction or payout row; the numbers staff see count up from 900000. */
export async function insertTransaction(
  db: Db,
  input: TransactionInput,
): Promise<{ id: number; transactionId: number; prefix: 'T' | 'P' }> {
  const prefix = input.prefix ?? (input.status.startsWith('payout-') ? 'P' : 'T');
  const transactionId = nextTransaction++;
  const createdOn = input.createdOn ?? new Date('2026-02-01T10:00:00Z');
  const [row] = await db
    .insert(transactions)
    .values({
      prefix,
      transactionId,
      merchantId: input.merchantId,
      originalAmount: '100.00000000',
      inputCurrency: 'EUR',
      amount: input.amount,
      altCoinId: input.altCoinId,
      status: input.status,
      notEnough: input.status === 'underpaid' ? 1 : 0,
      transactionType: prefix === 'P' ? 'Payout' : 'API',
      createdOn,
      confirmedOn: input.confirmedOn ?? null,
      expiredOn: input.expiredOn ?? null,
      updatedOn: createdOn,
      security: `sec${transactionId}`,
      coinAddress: `addr${transactionId}`,
      xchangeId: input.xchangeId ?? null,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error('transaction not inserted');
  return { id: row.id, transactionId, prefix };
}

export async function insertCoin(
  db: Db,
  coin: { id: number; name: string; isOnline: boolean; buyEnabled: boolean; eur: string | null },
): Promise<void> {
  await db.insert(altCoins).values({
    id: coin.id,
    name: coin.name,
    shortName: coin.name.slice(0, 4).toUpperCase(),
    longName: `${coin.name} Long`,
    isOnline: coin.isOnline,
    buyEnabled: coin.buyEnabled,
  });
  if (coin.eur !== null)
    await db.insert(rates).values({ altCoinId: coin.id, eur: coin.eur, updatedAt: new Date() });
}

export async function insertFailure(
  db: Db,
  input: { altCoinId: number; failure?: string; notes?: string | null; createdOn?: Date },
): Promise<number> {
  const createdOn = input.createdOn ?? new Date('2026-02-01T09:00:00Z');
  const [row] = await db
    .insert(failureCauses)
    .values({
      altCoinId: input.altCoinId,
      failure: input.failure ?? 'Node timeout',
      address: 'bc1qfailureaddress',
      notes: input.notes ?? null,
      createdOn,
      updatedOn: createdOn,
    })
    .returning({ id: failureCauses.id });
  if (!row) throw new Error('failure not inserted');
  return row.id;
}

export interface KycSubmissionInput {
  merchantId: number;
  status?: KycStatus;
  submittedOn?: Date;
  lastUpdatedOn?: Date;
  identity?: Partial<KycIdentity>;
}

/**
 * A KYC submission; the merchant's KYC state is set to its latest submission's, as the KYC service keeps it.
 */
export async function insertKycSubmission(db: Db, input: KycSubmissionInput): Promise<number> {
  const submittedOn = input.submittedOn ?? new Date('2026-02-01T08:00:00Z');
  const [row] = await db
    .insert(kycSubmissions)
    .values({
      merchantId: input.merchantId,
      status: input.status ?? 'pending',
      identity: input.identity ?? {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        IdentityDocumentNumber: 'NX1234567',
      },
      submittedOn,
      lastUpdatedOn: input.lastUpdatedOn ?? submittedOn,
    })
    .returning({ id: kycSubmissions.id });
  if (!row) throw new Error('KYC submission not inserted');
  await db.execute(sql`update merchants m set kyc_status = (select status from kyc_submissions k
    where k.merchant_id = m.id order by k.submitted_on desc, k.id desc limit 1) where m.id = ${input.merchantId}`);
  return row.id;
}

export async function insertKycDocument(
  db: Db,
  input: { submissionId: number; type?: string; fileName?: string; mime?: string; content?: Uint8Array },
): Promise<number> {
  const [row] = await db
    .insert(kycDocuments)
    .values({
      submissionId: input.submissionId,
      type: input.type ?? 'passport',
      fileName: input.fileName ?? 'passport.svg',
      mime: input.mime ?? 'image/svg+xml',
      content: input.content ?? new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      uploadedOn: new Date('2026-02-01T08:00:00Z'),
    })
    .returning({ id: kycDocuments.id });
  if (!row) throw new Error('KYC document not inserted');
  return row.id;
}
