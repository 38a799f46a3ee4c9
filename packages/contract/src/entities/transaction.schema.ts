import { z } from 'zod';
import { decimalString, isoDate } from '../common/envelope.schema';

/** Transaction statuses as stored on a row (SPEC §4). */
export const TRANSACTION_STATUSES = [
  'waiting',
  'expired',
  'paid',
  'underpaid',
  'reflextrader',
  'vtoken-active',
  'vtoken-claimed',
  'ltr-open',
  'ltr-closed',
  'ltr-expired',
  'payout-completed',
  'payout-pending',
  'payout-cancelled',
  'swap',
] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/**
 * Status options of the dashboard filter (SPEC §4): reflextrader is split by prefix into rt-t and rt-p.
 */
export const STATUS_FILTER_OPTIONS = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'expired', label: 'Expired' },
  { value: 'paid', label: 'Paid' },
  { value: 'underpaid', label: 'Underpaid' },
  { value: 'rt-t', label: 'ReflexTrader (T)' },
  { value: 'rt-p', label: 'ReflexTrader (P)' },
  { value: 'vtoken-active', label: 'vToken Active' },
  { value: 'vtoken-claimed', label: 'vToken Claimed' },
  { value: 'ltr-open', label: 'LTR Open' },
  { value: 'ltr-closed', label: 'LTR Closed' },
  { value: 'ltr-expired', label: 'LTR Expired' },
  { value: 'payout-completed', label: 'Payout Completed' },
  { value: 'payout-pending', label: 'Payout Pending' },
  { value: 'payout-cancelled', label: 'Payout Cancelled' },
  { value: 'swap', label: 'Swap' },
] as const;
export type StatusFilterValue = (typeof STATUS_FILTER_OPTIONS)[number]['value'];
export const statusFilterValueSchema = z.enum(
  STATUS_FILTER_OPTIONS.map((o) => o.value) as [StatusFilterValue, ...StatusFilterValue[]],
);

export const transactionPrefixSchema = z.enum(['T', 'P']);
export type TransactionPrefix = z.infer<typeof transactionPrefixSchema>;

/** Transaction row of SPEC §3 (T payment or P payout). */
export const transactionSchema = z.object({
  ID: z.number().int(),
  TransactionID: z.number().int(),
  Prefix: transactionPrefixSchema,
  MerchantID: z.number().int(),
  OwnerNickName: z.string(),
  ShopTitle: z.string(),
  OriginalAmount: decimalString,
  InputCurrency: z.string(),
  Amount: decimalString,
  LongName: z.string(),
  CoinName: z.string(),
  AltCoinID: z.number().int(),
  Status: transactionStatusSchema,
  NotEnough: z.union([z.literal(0), z.literal(1)]),
  TransactionType: z.string(),
  ExternalTransactionProvider: z.string().nullable(),
  CreatedOn: isoDate,
  Date: isoDate,
  Expired: isoDate.nullable(),
  TransactionConfirmedOn: isoDate.nullable(),
  Security: z.string(),
  CustomerReferenceNr: z.string().nullable(),
  CoinAddress: z.string(),
  BlockExplorer: z.string().nullable(),
  XChangeID: z.number().int().nullable(),
  MasterTransactionID: z.number().int().nullable(),
  Comments: z.string().nullable(),
  revolutID: z.string().nullable(),
  Email: z.string().nullable(),
  ConfirmURL: z.string().nullable(),
  FailURL: z.string().nullable(),
  InvoiceCC: z.string().nullable(),
  Tag: z.string().nullable(),
  FiatConfirmedAmount: decimalString.nullable(),
  OriginalAmountFee: decimalString.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Cart statuses of SPEC §3. */
export const CART_STATUSES = [
  { id: 1, label: 'Not Set' },
  { id: 2, label: 'Processing' },
  { id: 3, label: 'Processed' },
  { id: 4, label: 'Shipped' },
  { id: 5, label: 'Reversed' },
  { id: 6, label: 'Refunded' },
  { id: 7, label: 'Completed' },
  { id: 8, label: 'Waiting' },
] as const;
