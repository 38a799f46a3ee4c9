import { z } from 'zod';
import { decimalString, isoDate } from '../common/envelope.schema';
import { altCoinSchema } from './catalog.schema';
import type { TransactionStatus } from './transaction.schema';

/**
 * The figures of the balance sheet (docs/adr/0008): which rows count as received, paid out and pending.
 * Received counts the amount asked of an underpaid payment too: the row holds no received crypto amount.
 */
export const BALANCE_SHEET_STATUSES = {
  /** Incoming payments (T) whose funds arrived. */
  received: ['paid', 'underpaid'],
  /** Payouts (P) sent. */
  paidOut: ['payout-completed'],
  /** Payouts (P) requested and not yet sent: owed, so they reduce the balance. */
  pendingPayouts: ['payout-pending'],
} as const satisfies Record<string, readonly TransactionStatus[]>;

/** The balance sheet's lists (SPEC §3): online or offline coins, with buying enabled, disabled or both. */
export const BALANCE_SHEET_LISTS = ['online', 'offline'] as const;
export const BALANCE_SHEET_BUY_FILTERS = ['enabled', 'disabled', 'both'] as const;
export type BalanceSheetList = (typeof BALANCE_SHEET_LISTS)[number];
export type BalanceSheetBuyFilter = (typeof BALANCE_SHEET_BUY_FILTERS)[number];

/** One coin of the balance sheet: amounts in the coin (8 decimals), values in EUR (2 decimals). */
export const balanceSheetRowSchema = altCoinSchema.extend({
  Received: decimalString,
  ReceivedCount: z.number().int(),
  PaidOut: decimalString,
  PaidOutCount: z.number().int(),
  PendingPayouts: decimalString,
  PendingPayoutsCount: z.number().int(),
  /** Received − Paid Out − Pending Payouts. */
  Balance: decimalString,
  /** Price of one unit in EUR from the rates table; null when the coin has none. */
  RateEUR: decimalString.nullable(),
  /** Balance × RateEUR, rounded to cents; null without a rate. */
  BalanceEUR: decimalString.nullable(),
  /** Open xChange transactions of the coin (the XChange Offline Pool's count). */
  OpenXChange: z.number().int(),
});
export type BalanceSheetRow = z.infer<typeof balanceSheetRowSchema>;

export const balanceSheetSchema = z.object({
  records: z.array(balanceSheetRowSchema),
  /** Sum of the rows' BalanceEUR (coins without a rate left out). */
  TotalBalanceEUR: decimalString,
  AsOf: isoDate,
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;
