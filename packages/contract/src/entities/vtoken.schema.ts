import { z } from 'zod';
import { decimalString } from '../common/envelope.schema';
import { auditEntrySchema } from './audit.schema';
import { transactionPrefixSchema, transactionStatusSchema } from './transaction.schema';

/**
 * A vToken's state (ADR 0018): `active` until its holder claims it or staff cancel it. SPEC §4 names the two
 * transaction statuses `vtoken-active` and `vtoken-claimed`; a cancellation is the back-office's own and lives
 * only on the vtokens table, the transaction keeping its status.
 */
export const VTOKEN_STATUSES = ['active', 'claimed', 'cancelled'] as const;
export type VTokenStatus = (typeof VTOKEN_STATUSES)[number];

/** The status a badge shows for a vToken state: SPEC §4's colours (active yellow, claimed green). */
export const VTOKEN_BADGE_STATUS = {
  active: 'vtoken-active',
  claimed: 'vtoken-claimed',
  cancelled: 'vtoken-cancelled',
} as const satisfies Record<VTokenStatus, string>;

export const VTOKENS_PAGE_SIZE = 25;
/** A count stops here and says 'more than' (as Users does, ADR 0015): nobody pages through 250,000 vouchers. */
export const VTOKEN_COUNT_CAP = 10_000;
export const VTOKEN_SORT_COLUMNS = ['CreatedOn', 'Amount', 'ID'] as const;
export const VTOKEN_CANCEL_REASON_MIN = 3;
export const VTOKEN_CANCEL_REASON_MAX = 500;

/** A claim code as the platform prints it: VT- and four groups of four hex digits. */
export const VTOKEN_CODE_PATTERN = /^VT-[0-9A-F]{4}(-[0-9A-F]{4}){3}$/;

/** A row of the VTokens list. */
export const vtokenRowSchema = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Status: z.enum(VTOKEN_STATUSES),
  /** The amount in the coin, 8 decimals. */
  Amount: decimalString,
  /** The coin's short name (BTC). */
  Coin: z.string(),
  AltCoinID: z.number().int(),
  /** What the buyer paid, in InputCurrency. */
  OriginalAmount: decimalString,
  InputCurrency: z.string(),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  Prefix: transactionPrefixSchema,
  TransactionID: z.number().int(),
  CreatedOn: z.string(),
  ClaimedOn: z.string().nullable(),
  ClaimedBy: z.string().nullable(),
  CancelledOn: z.string().nullable(),
});
export type VTokenRow = z.infer<typeof vtokenRowSchema>;

/** One vToken: its row, who cancelled it and why, its transaction as it is now, and its audit trail. */
export const vtokenDetailSchema = vtokenRowSchema.extend({
  CancelledBy: z.string().nullable(),
  CancelReason: z.string().nullable(),
  Transaction: z.object({
    Status: transactionStatusSchema,
    XChangeID: z.number().int().nullable(),
    Comments: z.string().nullable(),
  }),
  /** Staff changes to this vToken, oldest first. */
  Audit: z.array(auditEntrySchema),
});
export type VTokenDetail = z.infer<typeof vtokenDetailSchema>;

/** What XChange Search looks a keyword up as (ADR 0018); `auto` decides from its shape. */
export const XCHANGE_SEARCH_FIELDS = ['auto', 'xchange', 'hash', 'address', 'merchant'] as const;
export type XChangeSearchField = (typeof XCHANGE_SEARCH_FIELDS)[number];
export const XCHANGE_SEARCH_FIELD_LABELS = {
  auto: 'Any',
  xchange: 'XChange ID',
  hash: 'Transaction hash',
  address: 'Coin address',
  merchant: 'Merchant (id or shop title)',
} as const satisfies Record<XChangeSearchField, string>;
export const XCHANGE_SEARCH_PAGE_SIZE = 25;
/** Beyond this many matches the count says 'more than' (a busy merchant has hundreds of thousands). */
export const XCHANGE_SEARCH_COUNT_CAP = 1000;

/** A row of XChange Search: an exchange transaction and where it leads. */
export const xchangeSearchRowSchema = z.object({
  XChangeID: z.number().int(),
  Prefix: transactionPrefixSchema,
  TransactionID: z.number().int(),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  Status: transactionStatusSchema,
  TransactionType: z.string(),
  OriginalAmount: decimalString,
  InputCurrency: z.string(),
  Amount: decimalString,
  /** The coin's short name (BTC). */
  Coin: z.string(),
  CoinAddress: z.string(),
  Security: z.string(),
  CreatedOn: z.string(),
});
export type XChangeSearchRow = z.infer<typeof xchangeSearchRowSchema>;
