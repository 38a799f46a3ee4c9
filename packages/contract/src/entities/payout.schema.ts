import { z } from 'zod';
import { decimalString } from '../common/envelope.schema';
import { auditEntrySchema } from './audit.schema';
import { addressBookSchema } from './merchant.schema';
import { PAYOUT_SCHEMAS } from './merchant-options';

/**
 * A payout's life (ADR 0016). A request at or under the four-eyes amount is approved as it is made; one
 * above it waits for a second staff member. Approved payouts are sent by the payout rail, which reports
 * them completed or failed. Only a payout not yet sent can be cancelled.
 */
export const PAYOUT_STATES = [
  'awaiting-approval',
  'approved',
  'sent',
  'completed',
  'cancelled',
  'failed',
] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export const PAYOUT_STATE_LABELS = {
  'awaiting-approval': 'Awaiting approval',
  approved: 'Approved',
  sent: 'Sent',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
} as const satisfies Record<PayoutState, string>;

/** States a payout can still be cancelled in: nothing has left the platform yet. */
export const PAYOUT_CANCELLABLE_STATES = [
  'awaiting-approval',
  'approved',
] as const satisfies readonly PayoutState[];

/** Who asked for the payout: a staff member on the Pending Payouts screen, or the platform (its payout run). */
export const PAYOUT_SOURCES = ['staff', 'platform'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

export const PAYOUTS_PAGE_SIZE = 25;
/** A tab's count stops here and says 'more than': nobody pages through 400,000 completed payouts. */
export const PAYOUT_COUNT_CAP = 10_000;
export const PAYOUT_SORT_COLUMNS = ['RequestedOn', 'EurValue', 'ID'] as const;
export const PAYOUT_REASON_MIN = 3;
export const PAYOUT_REASON_MAX = 500;
/** Most payouts one bulk approve or cancel takes (a page at its largest). */
export const PAYOUT_BULK_MAX = 100;

/** A row of Pending Payouts. */
export const payoutRowSchema = z.object({
  ID: z.number().int(),
  State: z.enum(PAYOUT_STATES),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  AltCoinID: z.number().int(),
  /** The coin's short name (BTC, EUR…). */
  Coin: z.string(),
  /** The amount in the coin, 8 decimals. */
  Amount: decimalString,
  /** Its value in EUR when requested (2 decimals): what the four-eyes amount is compared with. */
  EurValue: decimalString,
  /** Where it is paid to: an address, an IBAN, a PayPal e-mail… */
  Destination: z.string(),
  PayoutSchema: z.string(),
  /** Above the four-eyes amount: a second staff member approves it. */
  NeedsSecondApproval: z.boolean(),
  Source: z.enum(PAYOUT_SOURCES),
  /** The staff member who asked for it; null when the platform did. */
  RequestedBy: z.string().nullable(),
  RequestedOn: z.string(),
  ApprovedBy: z.string().nullable(),
  ApprovedOn: z.string().nullable(),
  SentOn: z.string().nullable(),
  /** The rail's reference of the transfer once sent. */
  RailReference: z.string().nullable(),
  CompletedOn: z.string().nullable(),
  FailedOn: z.string().nullable(),
  FailureReason: z.string().nullable(),
  CancelledOn: z.string().nullable(),
  Note: z.string().nullable(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

/** One payout with who cancelled it and why, and its audited history, oldest first. */
export const payoutDetailSchema = payoutRowSchema.extend({
  CancelledBy: z.string().nullable(),
  CancelReason: z.string().nullable(),
  History: z.array(auditEntrySchema),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

/** The state tabs' counts and the shown tab's totals per coin, for the same filters as the list. */
export const payoutSummarySchema = z.object({
  Counts: z.array(z.object({ State: z.enum(PAYOUT_STATES), Count: z.number().int(), IsCapped: z.boolean() })),
  Totals: z.array(
    z.object({
      AltCoinID: z.number().int(),
      Coin: z.string(),
      Count: z.number().int(),
      Amount: decimalString,
      EurValue: decimalString,
    }),
  ),
  /** The four-eyes amount in EUR (PAYOUT_FOUR_EYES_EUR): requests above it wait for a second approver. */
  FourEyesEur: decimalString,
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

/** What a bulk approve or cancel did to each payout it was given. */
export const payoutBulkResultSchema = z.object({
  Results: z.array(
    z.object({
      ID: z.number().int(),
      Done: z.boolean(),
      /** The payout's state now (unknown id: null). */
      State: z.enum(PAYOUT_STATES).nullable(),
      /** Why it was refused; null when done. */
      Message: z.string().nullable(),
    }),
  ),
});
export type PayoutBulkResult = z.infer<typeof payoutBulkResultSchema>;

// ---------- payout schemas (the merchants' side) ----------

export const PAYOUT_SCHEMA_PAGE_SIZE = 25;
export const PAYOUT_SCHEMA_SORT_COLUMNS = ['RegisteredOn', 'ID'] as const;

/** A row of Payout Schemas: a merchant and how it is paid out. */
export const payoutSchemaRowSchema = z.object({
  ID: z.number().int(),
  ShopTitle: z.string(),
  OwnerNickName: z.string(),
  Email: z.string(),
  PayoutSchema: z.enum(PAYOUT_SCHEMAS),
  /** Where the schema pays to, read from the record (the IBAN, the address book default, PayPal…); null for Keep. */
  PaysTo: z.string().nullable(),
  DisablePayout: z.boolean(),
  /** How many coins are excluded from payouts. */
  ExcludedCoins: z.number().int(),
  RegisteredOn: z.string(),
});
export type PayoutSchemaRow = z.infer<typeof payoutSchemaRowSchema>;

/** One merchant's payout schema as its screen shows and edits it, with the record's version. */
export const payoutSchemaDetailSchema = payoutSchemaRowSchema.extend({
  PayoutTo: z.string().nullable(),
  PayoutExcludes: z.array(z.number().int()),
  PayPalEmail: z.string().nullable(),
  PayeerAccount: z.string().nullable(),
  IBAN: z.string().nullable(),
  AddressBook: addressBookSchema,
  /** UpdatePayoutSchema refuses a change made against an older version (409). */
  Version: z.number().int(),
  /** Audited changes of the payout fields, newest first. */
  History: z.array(auditEntrySchema),
});
export type PayoutSchemaDetail = z.infer<typeof payoutSchemaDetailSchema>;

/** The merchant record's fields Payout Schemas shows and changes. */
export const PAYOUT_SCHEMA_FIELDS = ['PayoutSchema', 'PayoutTo', 'DisablePayout', 'AddressBook'] as const;
