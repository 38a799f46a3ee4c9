import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import {
  BANK_MESSAGES,
  BANK_RAILS,
  bicProblem,
  ibanProblem,
  merchantBankConfigSchema,
  normaliseIban,
  PAYOUT_CURRENCIES,
} from '../../entities/merchant-bank.schema';
import { adminCalls, get, post } from '../define';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');
const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

/**
 * The step-up of a bank change: the current authenticator code when the account has TOTP, its password
 * otherwise (brief §0). Which one is in GetMerchantBankConfig's StepUpWith.
 */
const stepUp = {
  Code: z.string().trim().max(10, 'Type the 6-digit code of your authenticator app').optional(),
  Password: z.string().max(200, 'That password is not right').optional(),
};

export const saveMerchantBankParamsSchema = z
  .object({
    MerchantID: idParam('The merchant'),
    PayoutCurrency: z.enum(PAYOUT_CURRENCIES, 'The payout currency must be EUR, USD or GBP'),
    Rail: z.enum(BANK_RAILS, 'The rail must be SEPA, SWIFT or local'),
    AccountHolder: z
      .string({ error: BANK_MESSAGES.holder })
      .trim()
      .min(1, BANK_MESSAGES.holder)
      .max(140, 'The account holder must be at most 140 characters'),
    IBAN: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform(normaliseIban)
        .superRefine((v, ctx) => {
          const problem = ibanProblem(v);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
    ),
    AccountNumber: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z-]{4,34}$/, 'The account number is 4 to 34 letters or digits')
        .optional(),
    ),
    /** Sort code (GB), ABA routing number (US) or another local bank code. */
    RoutingCode: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z-]{4,15}$/, 'The routing code is 4 to 15 letters or digits')
        .optional(),
    ),
    BIC: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform((v) => v.replace(/\s+/g, '').toUpperCase())
        .superRefine((v, ctx) => {
          const problem = bicProblem(v);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
    ),
    BankName: text(140, 'The bank name'),
    BankStreet: text(140, 'The street'),
    BankPostalCode: text(20, 'The postal code'),
    BankCity: text(80, 'The city'),
    BankCountry: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : (v ?? undefined)),
      z
        .string()
        .regex(/^[A-Z]{2}$/, BANK_MESSAGES.country)
        .optional(),
    ),
    BusinessAccount: z.boolean('Business account is yes or no').default(false),
    /** Staff confirmed the account is the merchant's though the holder is not the KYC name. */
    ConfirmOwnership: z.boolean('Confirm ownership is yes or no').default(false),
    Note: optionalText(500, 'The note'),
    ...stepUp,
  })
  .refine((p) => p.Rail !== 'SEPA' || p.IBAN !== undefined, {
    message: BANK_MESSAGES.ibanNeeded,
    path: ['IBAN'],
  })
  .refine((p) => p.IBAN !== undefined || (p.AccountNumber !== undefined && p.RoutingCode !== undefined), {
    message: BANK_MESSAGES.accountNeeded,
    path: ['AccountNumber'],
  })
  .refine((p) => p.Rail !== 'SWIFT' || p.BIC !== undefined, {
    message: BANK_MESSAGES.bicNeeded,
    path: ['BIC'],
  });
export type SaveMerchantBankParams = z.input<typeof saveMerchantBankParamsSchema>;

export const releasePayoutHoldParamsSchema = z.object({
  ID: idParam('The payout hold'),
  Reason: z
    .string({ error: BANK_MESSAGES.reason })
    .trim()
    .min(1, BANK_MESSAGES.reason)
    .max(500, 'The reason must be at most 500 characters'),
  ...stepUp,
});
export type ReleasePayoutHoldParams = z.input<typeof releasePayoutHoldParamsSchema>;

/** Merchant Bank Config (admin-commander, docs/adr/0003), ADR 0033. */
export const MERCHANT_BANK_CALLS = adminCalls({
  /** One merchant's payout bank account, its versions, its payout holds and the KYC names it is checked against. */
  GetMerchantBankConfig: get(
    'admin-commander',
    z.object({ ID: idParam('The merchant') }),
    merchantBankConfigSchema,
  ),
  /**
   * Saves new bank details as the next version, after the step-up. Starts a 48 h payout hold, mails the
   * merchant and is audited with the account masked. A holder that differs from the KYC name is refused
   * unless ConfirmOwnership is set.
   */
  SaveMerchantBankAccount: post('admin-commander', saveMerchantBankParamsSchema, merchantBankConfigSchema),
  /** Ends a payout hold early, with a reason and the step-up. Audited. */
  ReleasePayoutHold: post('admin-commander', releasePayoutHoldParamsSchema, merchantBankConfigSchema),
});
