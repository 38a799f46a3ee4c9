import { z } from 'zod';
import { dayParam as day, idParam } from '../../common/params.schema';
import { MERCHANT_KYC_STATUSES } from '../../entities/kyc.schema';
import {
  MERCHANT_SORT_COLUMNS,
  MERCHANTS_PAGE_SIZE,
  merchantEditableSchema,
  merchantHistoryEntrySchema,
  merchantPayoutRowSchema,
  merchantRowSchema,
  userDetailSchema,
} from '../../entities/merchant.schema';
import { RISK_PROFILE_IDS } from '../../entities/merchant-options';
import { DATE_RANGE_MESSAGES } from '../../rules/date-range.rule';
import { adminCalls, get, list, pageMetaSchema, pageOf, pageParams, post } from '../define';

const merchantId = idParam('The merchant id');
/** A yes/no filter from a query string: 1/0 or true/false; absent means either. */
const flagFilter = (label: string) =>
  z
    .enum(['0', '1', 'true', 'false'], `${label} must be 1 or 0`)
    .transform((v) => v === '1' || v === 'true')
    .optional();

/** Users' filters and search (issue #14): ListMerchants takes them, and so does its CSV export. */
export const merchantListParamsSchema = z
  .object({
    /**
     * One box for every key: all digits is also a merchant id (exact); a shop title, owner nickname or e-mail
     * matches from its start, or anywhere in it from 3 characters; 4 or more hex characters match an API key
     * from its start.
     */
    q: z
      .string({ error: 'The search must be text' })
      .trim()
      .max(200, 'The search must be at most 200 characters')
      .default(''),
    kycStatus: z
      .enum(MERCHANT_KYC_STATUSES, `The KYC state must be one of ${MERCHANT_KYC_STATUSES.join(', ')}`)
      .optional(),
    country: z
      .string({ error: 'The country must be text' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'The country must be a two-letter country code (e.g. NL)')
      .optional(),
    riskProfile: z.coerce
      .number({ error: 'The risk profile must be 1, 2 or 3' })
      .int('The risk profile must be 1, 2 or 3')
      .refine(
        (v) => (RISK_PROFILE_IDS as readonly number[]).includes(v),
        'The risk profile must be 1, 2 or 3',
      )
      .optional(),
    disabledCheckout: flagFilter('Disabled checkout'),
    disabledPayout: flagFilter('Disabled payout'),
    lifetimeMember: flagFilter('Lifetime member'),
    registeredFrom: day('The From date').optional(),
    registeredTo: day('The To date').optional(),
    ...pageParams(MERCHANT_SORT_COLUMNS, { pageSize: MERCHANTS_PAGE_SIZE }),
  })
  .refine((p) => !p.registeredFrom || !p.registeredTo || p.registeredFrom <= p.registeredTo, {
    message: DATE_RANGE_MESSAGES.fromAfterTo,
    path: ['registeredFrom'],
  });
export type MerchantListParams = z.input<typeof merchantListParamsSchema>;

/** The Users list's page: `meta.isCapped` says `total` stopped at MERCHANT_COUNT_CAP and more match. */
export const merchantListSchema = z.object({
  data: z.object({
    records: z.array(merchantRowSchema),
    meta: pageMetaSchema.extend({ isCapped: z.boolean() }),
  }),
});

/** The fields of an UpdateMerchant: any editable field, with the record and the version it was made against. */
export const updateMerchantParamsSchema = merchantEditableSchema.partial().extend({
  ID: merchantId,
  ExpectedVersion: z
    .number({ error: 'The expected version must be a number' })
    .int('The expected version must be a whole number')
    .min(1, 'The expected version starts at 1'),
});
export type UpdateMerchantParams = z.input<typeof updateMerchantParamsSchema>;

/** Users and User Detail (SPEC §2.1 `users`, `users/{id}`): view-users reads, admin-commander changes. */
export const MERCHANT_CALLS = adminCalls({
  /** Users (SPEC §7.2 ListMerchants, data.data): the merchant list, server-paged, searched, filtered, sorted. */
  ListMerchants: list('view-users', merchantListParamsSchema, merchantListSchema),
  /**
   * One merchant's whole record (SPEC §7.2 UserDetail, param ID, data.APIKey), the API key masked, with its
   * Version for UpdateMerchant, counts of its transactions and payouts, and its latest KYC submission.
   */
  UserDetail: get('view-users', z.object({ ID: merchantId }), userDetailSchema),
  /** The merchant's API key in full; audited (who revealed whose key, never the key itself). */
  RevealMerchantApiKey: post(
    'admin-commander',
    z.object({ ID: merchantId }),
    z.object({ ID: z.number().int(), APIKey: z.string() }),
  ),
  /**
   * Changes any editable fields of the record as one audited change (before/after of the fields that
   * changed). Refused (409) when the record's version is no longer ExpectedVersion; a bad field is a 400
   * naming it, and nothing is written. Answers the record as it now is.
   */
  UpdateMerchant: post('admin-commander', updateMerchantParamsSchema, userDetailSchema),
  /** The record's History tab: its audit entries, newest first, each with the changed fields. */
  MerchantHistory: get(
    'view-users',
    z.object({ ID: merchantId, ...pageParams(['At'] as const, { pageSize: 20 }) }),
    pageOf(merchantHistoryEntrySchema),
  ),
  /** The merchant's payouts (its P transactions), newest first. */
  MerchantPayouts: list(
    'view-users',
    z.object({ ID: merchantId, ...pageParams(['CreatedOn'] as const, { pageSize: 15 }) }),
    pageOf(merchantPayoutRowSchema),
  ),
});
