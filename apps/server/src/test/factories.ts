import type {
  EvmDepositState,
  KycIdentity,
  KycStatus,
  TransactionStatus,
  XrpPaymentStatus,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  altCoins,
  evmDepositAddresses,
  failureCauses,
  kycDocuments,
  kycSubmissions,
  merchants,
  payouts,
  rates,
  transactions,
  xrpInboundPayments,
  xrpPoolAccounts,
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

let nextPoolRow = 1;

/** An EVM deposit address as the pool records it (no funds on the sandbox chain unless a test sends some). */
export async function insertEvmDeposit(
  db: Db,
  input: { token?: 'ETH' | 'USDT'; state?: EvmDepositState; balanceUnits?: string } = {},
): Promise<number> {
  const n = nextPoolRow++;
  const [row] = await db
    .insert(evmDepositAddresses)
    .values({
      address: `0x${n.toString(16).padStart(40, 'f')}`,
      derivationIndex: 10_000 + n,
      token: input.token ?? 'ETH',
      balanceUnits: input.balanceUnits ?? '0',
      state: input.state ?? 'ready_for_accumulation',
      updatedAt: new Date('2026-02-01T10:00:00Z'),
    })
    .returning({ id: evmDepositAddresses.id });
  if (!row) throw new Error('deposit not inserted');
  return row.id;
}

/** An inbound XRP payment to a pool account (created when missing), unmatched unless told. */
export async function insertXrpPayment(
  db: Db,
  input: { account?: string; status?: XrpPaymentStatus; destTag?: number | null; drops?: bigint } = {},
): Promise<number> {
  const n = nextPoolRow++;
  const account = input.account ?? 'rFactoryPoo1AccountXXXXXXXXXXXXX';
  await db
    .insert(xrpPoolAccounts)
    .values({
      address: account,
      role: 'pool',
      balanceDrops: 1_000_000n,
      reserveDrops: 1_000_000n,
      updatedAt: new Date(),
    })
    .onConflictDoNothing();
  const [row] = await db
    .insert(xrpInboundPayments)
    .values({
      txHash: `FACTORY${String(n).padStart(57, '0')}`,
      ledgerIndex: 91_000_000 + n,
      account,
      fromAddress: 'rFactorySenderXXXXXXXXXXXXXXXXXX',
      destTag: input.destTag ?? null,
      amountDrops: input.drops ?? 10_000_000n,
      status: input.status ?? 'unmatched-no-tag',
      receivedAt: new Date('2026-02-01T10:00:00Z'),
    })
    .returning({ id: xrpInboundPayments.id });
  if (!row) throw new Error('payment not inserted');
  return row.id;
}

export interface PayoutInput {
  merchantId: number;
  state?: 'awaiting-approval' | 'approved' | 'sent' | 'completed' | 'cancelled' | 'failed';
  altCoinId?: number;
  amount?: string;
  eurValue?: string;
  /** The staff member who asked for it; none: the platform. */
  requestedByStaffId?: number | null;
  requestedOn?: Date;
}

/** A payout request (ADR 0016) in a given state; by default a platform request above the four-eyes amount. */
export async function insertPayout(db: Db, input: PayoutInput): Promise<number> {
  const state = input.state ?? 'awaiting-approval';
  const at = input.requestedOn ?? new Date('2026-02-01T10:00:00Z');
  const requestedBy = input.requestedByStaffId ?? null;
  const [row] = await db
    .insert(payouts)
    .values({
      merchantId: input.merchantId,
      altCoinId: input.altCoinId ?? 1,
      amount: input.amount ?? '0.05000000',
      eurValue: input.eurValue ?? '2500.00',
      destination: 'bc1qfactorypayoutdestination',
      payoutSchema: 'wallet',
      state,
      needsSecondApproval: true,
      source: requestedBy === null ? 'platform' : 'staff',
      requestedByStaffId: requestedBy,
      requestedOn: at,
      approvedOn: state === 'awaiting-approval' ? null : at,
      sentOn: ['sent', 'completed', 'failed'].includes(state) ? at : null,
      railReference: ['sent', 'completed', 'failed'].includes(state) ? `SBX-FACTORY-${at.getTime()}` : null,
      updatedOn: at,
    })
    .returning({ id: payouts.id });
  if (!row) throw new Error('payout not inserted');
  return row.id;
}
