import { z } from 'zod';
import { PG_INTEGER_MAX } from '../../common/id.schema';
import { dayParam } from '../../common/params.schema';
import {
  AUTONOMY_BULK_MAX,
  AUTONOMY_MESSAGES,
  AUTONOMY_PAGE_SIZE,
  AUTONOMY_SORT_COLUMNS,
  autonomyRowSchema,
} from '../../entities/autonomy.schema';
import { compareDecimals } from '../../entities/fee-rule.schema';
import { adminCalls, list, pageOf, pageParams, post } from '../define';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
const level = (error: string) =>
  z.coerce
    .number({ error })
    .int(error)
    .min(0, error)
    .max(2, error)
    .transform((v) => v as 0 | 1 | 2);
/** EUR with at most 2 decimals, 0 or more, as text (money never passes through a float). */
const EUR_TEXT = /^\d{1,22}(\.\d{1,2})?$/;
const eur = z.preprocess(
  trimmed,
  z.string({ error: AUTONOMY_MESSAGES.limit }).regex(EUR_TEXT, AUTONOMY_MESSAGES.limit),
);

export const autonomyListParamsSchema = z.object({
  level: z.preprocess(blankToUndefined, level('The level must be 0, 1 or 2').optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'The search is too long').optional()),
  ...pageParams(AUTONOMY_SORT_COLUMNS, { pageSize: AUTONOMY_PAGE_SIZE, order: 'asc' }),
});
export type AutonomyListParams = z.input<typeof autonomyListParamsSchema>;

export const setAutonomyParamsSchema = z
  .object({
    /** One merchant, or the selected rows of a bulk change (all or none are changed). */
    MerchantIDs: z
      .array(z.coerce.number().int().positive().max(PG_INTEGER_MAX), { error: AUTONOMY_MESSAGES.noMerchants })
      .min(1, AUTONOMY_MESSAGES.noMerchants)
      .max(AUTONOMY_BULK_MAX, `At most ${AUTONOMY_BULK_MAX} merchants at once`),
    Level: level('The level must be 0, 1 or 2'),
    DailyAutoPayoutEur: eur,
    PerPayoutEur: eur,
    AddressChangeCooldownH: z.coerce
      .number({ error: AUTONOMY_MESSAGES.cooldown })
      .int(AUTONOMY_MESSAGES.cooldown)
      .min(0, AUTONOMY_MESSAGES.cooldown)
      .max(168, AUTONOMY_MESSAGES.cooldown),
    /** The last day of a time-boxed elevation; the autonomy.revert job restores the level before it. */
    ExpiresOn: z.preprocess(blankToUndefined, dayParam('The end of the elevation').optional()),
    Reason: z
      .string({ error: AUTONOMY_MESSAGES.reason })
      .trim()
      .min(1, AUTONOMY_MESSAGES.reason)
      .max(500, 'The reason must be at most 500 characters'),
  })
  // Runs even when a limit is malformed (its own message says so), so it compares only two real amounts.
  .refine(
    (p) =>
      !EUR_TEXT.test(String(p.PerPayoutEur)) ||
      !EUR_TEXT.test(String(p.DailyAutoPayoutEur)) ||
      compareDecimals(p.PerPayoutEur, p.DailyAutoPayoutEur) <= 0,
    {
      message: AUTONOMY_MESSAGES.perPayout,
      path: ['PerPayoutEur'],
    },
  );
export type SetAutonomyParams = z.input<typeof setAutonomyParamsSchema>;

/** Merchant Autonomy (admin-commander, docs/adr/0003), ADR 0032. */
export const AUTONOMY_CALLS = adminCalls({
  /** Every merchant with its level (0 when never set), KYC, risk profile, 30-day volume and a suggestion. */
  ListAutonomy: list('admin-commander', autonomyListParamsSchema, pageOf(autonomyRowSchema)),
  /** Sets the level and limits of one or more merchants, with a reason. Audited per merchant. */
  SetAutonomy: post('admin-commander', setAutonomyParamsSchema, z.array(autonomyRowSchema)),
});
