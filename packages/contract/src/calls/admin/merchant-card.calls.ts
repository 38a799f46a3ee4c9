import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import { compareDecimals } from '../../entities/fee-rule.schema';
import {
  CARD_ACCOUNTS_PAGE_SIZE,
  CARD_BRANDS,
  CARD_CURRENCIES,
  CARD_MESSAGES,
  CARD_STATUS_ACTIONS,
  CARD_STATUSES,
  cardAccountRowSchema,
  merchantCardConfigSchema,
  THREE_DS_MODES,
} from '../../entities/merchant-card.schema';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const eur = z.preprocess(
  trimmed,
  z.string({ error: CARD_MESSAGES.amount }).regex(/^\d{1,22}(\.\d{1,2})?$/, CARD_MESSAGES.amount),
);
const stepUp = {
  Code: z.string().trim().max(10, 'Type the 6-digit code of your authenticator app').optional(),
  Password: z.string().max(200, 'That password is not right').optional(),
};
const secret = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .min(8, 'A secret has at least 8 characters')
    .max(500, 'A secret has at most 500 characters')
    .optional(),
);

export const saveMerchantCardParamsSchema = z
  .object({
    MerchantID: idParam('The merchant'),
    /** The version the form was made from (0 before the first save); a newer one answers 409. */
    ExpectedVersion: z.coerce.number().int().min(0),
    ProviderID: z.preprocess(blankToUndefined, idParam('The provider').optional()),
    MID: z.string().trim().max(40, 'The MID must be at most 40 characters').default(''),
    MCC: z.preprocess(trimmed, z.string({ error: CARD_MESSAGES.mcc }).regex(/^\d{4}$/, CARD_MESSAGES.mcc)),
    Descriptor: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: CARD_MESSAGES.descriptor })
        .regex(/^[A-Za-z0-9 .*-]{5,22}$/, CARD_MESSAGES.descriptor),
    ),
    ThreeDs: z.enum(THREE_DS_MODES, '3-D Secure is always, risk-based or off'),
    Brands: z
      .array(z.enum(CARD_BRANDS, 'Visa, Mastercard or Amex'), CARD_MESSAGES.brands)
      .min(1, CARD_MESSAGES.brands),
    InternationalCards: z.boolean('International cards is yes or no').default(false),
    Currencies: z
      .array(z.enum(CARD_CURRENCIES, 'EUR, USD or GBP'), CARD_MESSAGES.currencies)
      .min(1, CARD_MESSAGES.currencies),
    MinTxEur: eur,
    MaxTxEur: eur,
    DailyCapEur: eur,
    MonthlyCapEur: eur,
    RollingReservePct: z.preprocess(
      trimmed,
      z
        .string({ error: CARD_MESSAGES.reserve })
        .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: CARD_MESSAGES.reserve, abort: true })
        .refine((v) => compareDecimals(v, '20') <= 0, CARD_MESSAGES.reserve),
    ),
    ReserveHoldDays: z.coerce
      .number({ error: CARD_MESSAGES.holdDays })
      .int(CARD_MESSAGES.holdDays)
      .min(0, CARD_MESSAGES.holdDays)
      .max(180, CARD_MESSAGES.holdDays),
    /** Typed only to replace the stored one; never answered. */
    SubMerchantApiKey: secret,
    WebhookSecret: secret,
    ...stepUp,
  })
  .refine(
    (p) =>
      compareDecimals(p.MinTxEur, p.MaxTxEur) <= 0 &&
      compareDecimals(p.MaxTxEur, p.DailyCapEur) <= 0 &&
      compareDecimals(p.DailyCapEur, p.MonthlyCapEur) <= 0,
    { message: CARD_MESSAGES.caps, path: ['DailyCapEur'] },
  );
export type SaveMerchantCardParams = z.input<typeof saveMerchantCardParamsSchema>;

export const setMerchantCardStatusParamsSchema = z
  .object({
    MerchantID: idParam('The merchant'),
    Action: z.enum(CARD_STATUS_ACTIONS, `The action must be one of ${CARD_STATUS_ACTIONS.join(', ')}`),
    Reason: z.string().trim().max(500, 'The reason must be at most 500 characters').default(''),
    ...stepUp,
  })
  .refine((p) => (p.Action !== 'suspend' && p.Action !== 'terminate') || p.Reason !== '', {
    message: CARD_MESSAGES.reason,
    path: ['Reason'],
  });
export type SetMerchantCardStatusParams = z.input<typeof setMerchantCardStatusParamsSchema>;

export const cardAccountListParamsSchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(CARD_STATUSES, `The status must be one of ${CARD_STATUSES.join(', ')}`).optional(),
  ),
  providerId: z.preprocess(blankToUndefined, idParam('The provider').optional()),
  ...pageParams(['UpdatedAt', 'Merchant', 'CardVolume30dEur'] as const, {
    pageSize: CARD_ACCOUNTS_PAGE_SIZE,
  }),
});
export type CardAccountListParams = z.input<typeof cardAccountListParamsSchema>;

/** Merchant CC and Merchant CC Config (admin-commander, docs/adr/0003), ADR 0033. */
export const MERCHANT_CARD_CALLS = adminCalls({
  /** Merchants with a card account, with their 30-day card volume; exportable as CSV. */
  ListMerchantCardAccounts: list(
    'admin-commander',
    cardAccountListParamsSchema,
    pageOf(cardAccountRowSchema),
  ),
  /** One merchant's card acceptance: settings, masked secrets, status and versions. */
  GetMerchantCardConfig: get(
    'admin-commander',
    z.object({ ID: idParam('The merchant') }),
    merchantCardConfigSchema,
  ),
  /** Saves the settings (and replaced secrets, sealed) as the next version, after the step-up. Audited. */
  SaveMerchantCardConfig: post('admin-commander', saveMerchantCardParamsSchema, merchantCardConfigSchema),
  /** Moves the status (apply, activate, suspend, reinstate, terminate) after the step-up. Audited. */
  SetMerchantCardStatus: post('admin-commander', setMerchantCardStatusParamsSchema, merchantCardConfigSchema),
});
