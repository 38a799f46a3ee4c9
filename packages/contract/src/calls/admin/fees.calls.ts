import { z } from 'zod';
import { dayParam, idParam, noParams, optionalIdParam } from '../../common/params.schema';
import {
  compareDecimals,
  effectiveFeeSchema,
  FEE_DEFAULT_CURRENCY_ID,
  FEE_FLOWS,
  FEE_MESSAGES,
  FEE_PAID_BY,
  FEE_RULE_SORT_COLUMNS,
  FEE_RULE_STATUSES,
  FEE_RULES_PAGE_SIZE,
  feeProviderSchema,
  feeRuleRowSchema,
} from '../../entities/fee-rule.schema';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';

/** '' and null (a cleared form field or query key) mean "not set". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A non-negative decimal with at most `dp` decimals, as text (money never passes through a float). */
const decimalText = (dp: number, message: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: message })
      .regex(new RegExp(`^\\d{1,22}(\\.\\d{1,${dp}})?$`), { error: message, abort: true }),
  );
const percentText = (dp: number, message: string) =>
  decimalText(dp, message).refine((v) => compareDecimals(v, '100') <= 0, message);
const optionalDecimal = (dp: number, message: string) =>
  z.preprocess(blankToUndefined, decimalText(dp, message).optional());
const flow = z.enum(FEE_FLOWS, `The flow must be one of ${FEE_FLOWS.join(', ')}`);

export const saveFeeRuleParamsSchema = z
  .object({
    MerchantID: idParam('The merchant'),
    Flow: flow,
    /** Empty: any coin. */
    AltCoinID: optionalIdParam('The coin'),
    /** Empty: any provider or payout type. */
    ProviderID: optionalIdParam('The provider'),
    FeePercent: percentText(4, FEE_MESSAGES.percent),
    FixedFee: z.preprocess(blankToUndefined, decimalText(8, FEE_MESSAGES.fixed).default('0')),
    FeeCurrencyID: z.preprocess(
      blankToUndefined,
      idParam('The fee currency').default(FEE_DEFAULT_CURRENCY_ID),
    ),
    MinFee: optionalDecimal(8, FEE_MESSAGES.min),
    MaxFee: optionalDecimal(8, FEE_MESSAGES.max),
    PaidBy: z.enum(FEE_PAID_BY, `Paid by must be one of ${FEE_PAID_BY.join(', ')}`),
    /** Needed when PaidBy is shared; ignored otherwise. */
    MerchantSharePercent: z.preprocess(blankToUndefined, percentText(2, FEE_MESSAGES.share).optional()),
    ValidFrom: dayParam('Valid from'),
    ValidTo: z.preprocess(blankToUndefined, dayParam('Valid to').optional()),
    Note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(500, 'The note must be at most 500 characters')
      .default(''),
  })
  .refine((p) => !p.MinFee || !p.MaxFee || compareDecimals(p.MinFee, p.MaxFee) <= 0, {
    message: FEE_MESSAGES.minMax,
    path: ['MinFee'],
  })
  .refine((p) => !p.ValidTo || p.ValidTo > p.ValidFrom, { message: FEE_MESSAGES.validTo, path: ['ValidTo'] })
  .refine((p) => p.PaidBy !== 'shared' || p.MerchantSharePercent !== undefined, {
    message: FEE_MESSAGES.share,
    path: ['MerchantSharePercent'],
  });
export type SaveFeeRuleParams = z.input<typeof saveFeeRuleParamsSchema>;

export const feeRuleListParamsSchema = z.object({
  merchantId: optionalIdParam('The merchant'),
  flow: z.preprocess(blankToUndefined, flow.optional()),
  status: z.preprocess(
    blankToUndefined,
    z.enum(FEE_RULE_STATUSES, `The status must be one of ${FEE_RULE_STATUSES.join(', ')}`).optional(),
  ),
  ...pageParams(FEE_RULE_SORT_COLUMNS, { pageSize: FEE_RULES_PAGE_SIZE }),
});
export type FeeRuleListParams = z.input<typeof feeRuleListParamsSchema>;

export const endFeeRuleParamsSchema = z.object({
  ID: idParam('The fee rule'),
  Reason: z
    .string({ error: FEE_MESSAGES.reason })
    .trim()
    .min(1, FEE_MESSAGES.reason)
    .max(500, 'The reason must be at most 500 characters'),
});
export type EndFeeRuleParams = z.input<typeof endFeeRuleParamsSchema>;

export const effectiveFeeParamsSchema = z.object({
  MerchantID: idParam('The merchant'),
  Flow: flow,
  AltCoinID: idParam('The coin'),
  /** Empty: no provider (an on-chain payment, a wallet payout). */
  ProviderID: optionalIdParam('The provider'),
  Amount: decimalText(8, FEE_MESSAGES.amount).refine((v) => compareDecimals(v, '0') > 0, FEE_MESSAGES.amount),
  /** The day the fee is asked for; today (UTC) when empty. */
  On: z.preprocess(blankToUndefined, dayParam('The day').optional()),
});
export type EffectiveFeeParams = z.input<typeof effectiveFeeParamsSchema>;

/** Merchant Fees Custom (admin-commander, docs/adr/0003), ADR 0027. */
export const FEE_CALLS = adminCalls({
  /** The rules, server-paged, newest first; exportable as CSV with the filters on screen. */
  ListFeeRules: list('admin-commander', feeRuleListParamsSchema, pageOf(feeRuleRowSchema)),
  /** The payment providers and payout types a rule may name (the platform's provider list). */
  ListFeeProviders: get('admin-commander', noParams, z.array(feeProviderSchema)),
  /**
   * Creates a rule; refused (409) when an active rule of the same merchant, flow, coin and provider overlaps
   * its dates. Audited.
   */
  SaveFeeRule: post('admin-commander', saveFeeRuleParamsSchema, feeRuleRowSchema),
  /** Ends a rule from now on, with a reason; it stays listed as ended. Audited. */
  EndFeeRule: post('admin-commander', endFeeRuleParamsSchema, feeRuleRowSchema),
  /** The effective-fee calculator: the winning rule by precedence (or the platform default) and the fee. */
  EffectiveFee: get('admin-commander', effectiveFeeParamsSchema, effectiveFeeSchema),
});
