import { z } from 'zod';
import { dayParam as day, idParam, optionalIdParam as optionalId } from '../../common/params.schema';
import { PAYOUT_SCHEMAS } from '../../entities/merchant-options';
import {
  PAYOUT_BULK_MAX,
  PAYOUT_REASON_MAX,
  PAYOUT_REASON_MIN,
  PAYOUT_SCHEMA_PAGE_SIZE,
  PAYOUT_SCHEMA_SORT_COLUMNS,
  PAYOUT_SORT_COLUMNS,
  PAYOUT_STATES,
  PAYOUTS_PAGE_SIZE,
  payoutBulkResultSchema,
  payoutDetailSchema,
  payoutRowSchema,
  payoutSchemaDetailSchema,
  payoutSchemaRowSchema,
  payoutSummarySchema,
} from '../../entities/payout.schema';
import { DATE_RANGE_MESSAGES } from '../../rules/date-range.rule';
import { adminCalls, get, list, pageMetaSchema, pageParams, post } from '../define';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An amount in EUR as typed in a filter: up to 12 digits and 2 decimals. */
const optionalEur = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be an amount in EUR` })
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, `${label} must be an amount in EUR, e.g. 1500 or 1500.50`)
      .optional(),
  );

/** The Pending Payouts filters; PayoutSummary takes the same (without the tab and the page). */
const payoutFilterShape = {
  coin: optionalId('The coin'),
  merchantId: optionalId('The merchant id'),
  minEur: optionalEur('The smallest amount'),
  maxEur: optionalEur('The largest amount'),
  from: day('The From date').optional(),
  to: day('The To date').optional(),
};

type FilterRefinable = {
  from?: string | undefined;
  to?: string | undefined;
  minEur?: string;
  maxEur?: string;
};
const rangesInOrder = <T extends z.ZodType<FilterRefinable>>(schema: T) =>
  schema
    .refine((p) => !p.from || !p.to || p.from <= p.to, {
      message: DATE_RANGE_MESSAGES.fromAfterTo,
      path: ['from'],
    })
    .refine((p) => p.minEur === undefined || p.maxEur === undefined || Number(p.minEur) <= Number(p.maxEur), {
      message: 'The smallest amount is larger than the largest amount',
      path: ['minEur'],
    });

export const payoutListParamsSchema = rangesInOrder(
  z.object({
    state: z
      .enum(PAYOUT_STATES, `The state must be one of ${PAYOUT_STATES.join(', ')}`)
      .default('awaiting-approval'),
    ...payoutFilterShape,
    ...pageParams(PAYOUT_SORT_COLUMNS, { pageSize: PAYOUTS_PAGE_SIZE }),
  }),
);
export type PayoutListParams = z.input<typeof payoutListParamsSchema>;

export const payoutSummaryParamsSchema = rangesInOrder(
  z.object({
    state: z
      .enum(PAYOUT_STATES, `The state must be one of ${PAYOUT_STATES.join(', ')}`)
      .default('awaiting-approval'),
    ...payoutFilterShape,
  }),
);

/** A TOTP code as an authenticator shows it. */
export const stepUpCodeSchema = z
  .string({ error: 'Type the 6-digit code of your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Type the 6-digit code of your authenticator app');

const reason = z
  .string({ error: 'A reason is required to cancel a payout' })
  .trim()
  .min(
    PAYOUT_REASON_MIN,
    `A reason is required to cancel a payout (at least ${PAYOUT_REASON_MIN} characters)`,
  )
  .max(PAYOUT_REASON_MAX, `The reason must be at most ${PAYOUT_REASON_MAX} characters`);

const payoutIds = z
  .array(idParam('A payout id'), { error: 'Select the payouts first' })
  .min(1, 'Select at least one payout')
  .max(PAYOUT_BULK_MAX, `Select at most ${PAYOUT_BULK_MAX} payouts at once`)
  .refine((ids) => new Set(ids).size === ids.length, 'A payout is selected twice');

/** An amount of a coin as staff type it: up to 18 digits and 8 decimals, more than zero. */
const coinAmount = z
  .string({ error: 'The amount must be a number' })
  .trim()
  .regex(/^\d{1,18}(\.\d{1,8})?$/, 'The amount must be a number with at most 8 decimals, e.g. 0.25')
  .refine((v) => Number(v) > 0, 'The amount must be more than zero');

export const requestPayoutParamsSchema = z.object({
  MerchantID: idParam('The merchant id'),
  AltCoinID: idParam('The coin'),
  Amount: coinAmount,
  /** Where to pay; empty means where the merchant's payout schema pays to. */
  Destination: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'The destination must be text' })
      .trim()
      .min(4, 'The destination must be at least 4 characters')
      .max(200, 'The destination must be at most 200 characters')
      .optional(),
  ),
  Note: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'The note must be text' })
      .trim()
      .max(500, 'The note must be at most 500 characters')
      .optional(),
  ),
});
export type RequestPayoutParams = z.input<typeof requestPayoutParamsSchema>;

export const payoutSchemaListParamsSchema = z.object({
  /** A merchant id, or a shop title, owner nickname or e-mail from its start (anywhere from 3 characters). */
  q: z
    .string({ error: 'The search must be text' })
    .trim()
    .max(200, 'The search must be at most 200 characters')
    .default(''),
  schema: z.enum(PAYOUT_SCHEMAS, `The payout schema must be one of ${PAYOUT_SCHEMAS.join(', ')}`).optional(),
  disabledPayout: z
    .enum(['0', '1', 'true', 'false'], 'Disabled payout must be 1 or 0')
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  ...pageParams(PAYOUT_SCHEMA_SORT_COLUMNS, { pageSize: PAYOUT_SCHEMA_PAGE_SIZE }),
});
export type PayoutSchemaListParams = z.input<typeof payoutSchemaListParamsSchema>;

const entryId = z
  .string({ error: 'The address book entry must be its id' })
  .trim()
  .min(1, 'Choose an address book entry')
  .max(40, 'The address book entry id is too long');

export const updatePayoutSchemaParamsSchema = z.object({
  ID: idParam('The merchant id'),
  ExpectedVersion: z
    .number({ error: 'The expected version must be a number' })
    .int('The expected version must be a whole number')
    .min(1, 'The expected version starts at 1'),
  PayoutSchema: z.enum(PAYOUT_SCHEMAS, 'Choose one of the payout schema options'),
  PayoutTo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: 'Pay out to must be text' })
      .trim()
      .max(200, 'Pay out to must be at most 200 characters')
      .nullable(),
  ),
  DisablePayout: z.boolean({ error: 'Disable payout must be true or false' }),
  /** The bank account of the address book to make the default (its entry id). */
  BankDefault: entryId.optional(),
  /** The crypto address of the address book to make the default (its entry id). */
  CryptoDefault: entryId.optional(),
});
export type UpdatePayoutSchemaParams = z.input<typeof updatePayoutSchemaParamsSchema>;

const cappedPageOf = <R extends z.ZodType>(row: R) =>
  z.object({ records: z.array(row), meta: pageMetaSchema.extend({ isCapped: z.boolean() }) });

/**
 * Payout Schemas and Pending Payouts (SPEC §2.1 `payouts/{id?}`, `payouts`), admin-commander, ADR 0016:
 * four-eyes approval with a TOTP step-up, every step audited, each transition a conditional update so a
 * payout moves (and is paid) once however many people click.
 */
export const PAYOUT_CALLS = adminCalls({
  /** Every merchant's payout schema, newest merchants first; filtered by schema, searched by merchant. */
  ListPayoutSchemas: list(
    'admin-commander',
    payoutSchemaListParamsSchema,
    cappedPageOf(payoutSchemaRowSchema),
  ),
  /** One merchant's payout schema with its address book, version and the audited changes of its payout fields. */
  PayoutSchemaDetail: get(
    'admin-commander',
    z.object({ ID: idParam('The merchant id') }),
    payoutSchemaDetailSchema,
  ),
  /**
   * Changes a merchant's payout schema, pay-to, DisablePayout and address book defaults as one audited change
   * (old → new). Refused (409) when the record is no longer at ExpectedVersion.
   */
  UpdatePayoutSchema: post('admin-commander', updatePayoutSchemaParamsSchema, payoutSchemaDetailSchema),
  /** One state tab of payouts, filtered, newest first. */
  ListPayouts: list('admin-commander', payoutListParamsSchema, cappedPageOf(payoutRowSchema)),
  /** The tabs' counts and the shown tab's totals per coin, for the list's filters. */
  PayoutSummary: get('admin-commander', payoutSummaryParamsSchema, payoutSummarySchema),
  /** One payout with its audited history. */
  PayoutDetail: get('admin-commander', z.object({ ID: idParam('The payout id') }), payoutDetailSchema),
  /**
   * Asks for a payout to a merchant (to where its payout schema pays, unless a destination is given). At or
   * under the four-eyes amount it is approved at once; above it, it waits for another staff member.
   */
  RequestPayout: post('admin-commander', requestPayoutParamsSchema, payoutDetailSchema),
  /**
   * Approves a payout awaiting approval. Needs the approver's current TOTP code (step-up; a code is taken
   * once) and someone other than the requester. Refused (409) with what became of it when it is no longer
   * awaiting approval.
   */
  ApprovePayout: post(
    'admin-commander',
    z.object({ ID: idParam('The payout id'), Code: stepUpCodeSchema }),
    payoutDetailSchema,
  ),
  /** Approves the selected payouts with one TOTP code; each one the rules refuse is answered with why. */
  BulkApprovePayouts: post(
    'admin-commander',
    z.object({ IDs: payoutIds, Code: stepUpCodeSchema }),
    payoutBulkResultSchema,
  ),
  /** Sends an approved payout now through the payout rail, once: a second call is refused (409). */
  SendPayout: post('admin-commander', z.object({ ID: idParam('The payout id') }), payoutDetailSchema),
  /** Cancels a payout not yet sent, with a reason; refused (409) once it was sent or already ended. */
  CancelPayout: post(
    'admin-commander',
    z.object({ ID: idParam('The payout id'), Reason: reason }),
    payoutDetailSchema,
  ),
  /** Cancels the selected payouts with one reason; each one that cannot be is answered with why. */
  BulkCancelPayouts: post(
    'admin-commander',
    z.object({ IDs: payoutIds, Reason: reason }),
    payoutBulkResultSchema,
  ),
});
